import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidatePasses, chooseBlocking } from '../../src/autoconfig/blocking-choice.js';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { usableProfiles } from '../../src/autoconfig/initial-config.js';
import { findLikelyMatches } from '../../src/autoconfig/likely-matches.js';
import { together } from '../../src/autoconfig/pass-recall.js';
import type { BlockingKey } from '../../src/config/types.js';
import { ColumnStore } from '../../src/data/column-store.js';
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';

/**
 * 900 people, three records each: an e-mail unique to the person (misspelt
 * after its sixth character on 40% of the records), a first name from 30
 * and a city from 12. Only the e-mail tells people apart, and an exact pass
 * on it misses every pair with one misspelt side.
 */
function people(): { store: ColumnStore; a: Int32Array; b: Int32Array } {
  const random = seededStream(17);
  const pick = (n: number): number => Math.floor(random() * n);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const word = (n: number): string => Array.from({ length: n }, () => letters[pick(26)]).join('');
  const rows: (string | null)[][] = [];
  const a: number[] = [];
  const b: number[] = [];
  for (let p = 0; p < 900; p++) {
    const email = `${word(7)}${p}@${word(6)}.com`;
    const first = `name${pick(30)}`;
    const city = `city${pick(12)}`;
    const start = rows.length;
    for (let r = 0; r < 3; r++) {
      let e = email;
      if (random() < 0.4) {
        const at = 6 + pick(e.length - 6);
        e = `${e.slice(0, at)}${letters[pick(26)]}${e.slice(at + 1)}`;
      }
      rows.push([e, first, city]);
    }
    for (let i = start; i < rows.length; i++) for (let j = i + 1; j < rows.length; j++) (a.push(i), b.push(j));
  }
  return { store: ColumnStore.fromRows(['email', 'first', 'city'], rows), a: Int32Array.from(a), b: Int32Array.from(b) };
}

function trueRecall(store: ColumnStore, pairs: { a: Int32Array; b: Int32Array }, keys: readonly BlockingKey[]): number {
  const probe = { columns: [], weights: [], sims: new Float32Array(0), foundBy: new Uint32Array(pairs.a.length), threshold: 1, ...pairs };
  const covered = new Uint8Array(pairs.a.length);
  for (const k of keys) together(store, probe, k).forEach((t, i) => (covered[i] |= t));
  return covered.reduce((s, x) => s + x, 0) / pairs.a.length;
}

const table = people();
const profiles = usableProfiles(profileColumns(table.store, []), null);

test('an e-mail column is offered two passes: the exact value and its prefix', () => {
  const onEmail = candidatePasses(profiles).filter((k) => k.fields.length === 1 && k.fields[0].field === 'email');
  assert.deepEqual(
    onEmail.map((k) => k.fields[0].transforms),
    [['lowercase', 'strip'], ['lowercase', 'strip', 'substring:0:6']],
  );
});

test('with e-mails misspelt on 40% of the records, the prefix pass is chosen and finds the pairs the exact pass misses', () => {
  const keys = chooseBlocking(table.store, profiles, { probe: findLikelyMatches(table.store, profiles) });
  const exactOnly = trueRecall(table.store, table, [{ fields: [{ field: 'email', transforms: ['lowercase', 'strip'] }] }]);
  const chosen = trueRecall(table.store, table, keys);
  assert.ok(
    keys.some((k) => k.fields.some((f) => f.field === 'email' && f.transforms.includes('substring:0:6'))),
    `chosen: ${JSON.stringify(keys)}`,
  );
  assert.ok(exactOnly < 0.6, `the exact pass alone keeps ${exactOnly}`);
  assert.ok(chosen >= 0.97, `the chosen passes keep ${chosen}`);
});
