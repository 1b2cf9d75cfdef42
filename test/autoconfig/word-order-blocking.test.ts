/** Two sources writing a name's words in their own order ("Gayne Whitman", "Whitman, Gayne"): the probe still sees the pair as alike and blocking offers a key both orders share. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseBlocking } from '../../src/autoconfig/blocking-choice.js';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { usableProfiles } from '../../src/autoconfig/initial-config.js';
import { findLikelyMatches } from '../../src/autoconfig/likely-matches.js';
import { together } from '../../src/autoconfig/pass-recall.js';
import type { BlockingKey } from '../../src/config/types.js';
import { ColumnStore } from '../../src/data/column-store.js';
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'be', 'do', 'fa', 'gu'];

/** `n` people in two tables: the left writes "given family", the right "family, given"; a film title beside, retyped on the right. */
function twoSources(n: number): { store: ColumnStore; a: Int32Array; b: Int32Array } {
  const r = seededStream(11);
  const word = (k: number): string => Array.from({ length: k }, () => SYLLABLES[Math.floor(r() * SYLLABLES.length)]).join('');
  const rows: string[][] = [];
  const right: string[][] = [];
  for (let i = 0; i < n; i++) {
    const [given, family] = [word(2), word(3)];
    const title = `${word(3)} ${word(2)}`;
    rows.push(['left', `${given} ${family}`, title]);
    // Half the titles retyped beyond their first letters, so the name is needed to find the pair.
    right.push(['right', `${family}, ${given}`, i % 2 === 0 ? title : `${word(3)} ${title.split(' ')[1]}`]);
  }
  const store = ColumnStore.fromRows(['source', 'star', 'title'], [...rows, ...right]);
  return { store, a: Int32Array.from({ length: n }, (_, i) => i), b: Int32Array.from({ length: n }, (_, i) => n + i) };
}

test('blocking chooses a key that holds a name whatever the order of its words, and it keeps the pairs the title misses', () => {
  const { store, a, b } = twoSources(1500);
  const profiles = usableProfiles(profileColumns(store, []), { column: 'source', values: ['left', 'right'] });
  const probe = findLikelyMatches(store, profiles, { acrossColumn: 'source' });
  const keys = chooseBlocking(store, profiles, { probe, acrossColumn: 'source' });
  const anyOrder = keys.find((k) => k.fields.length === 1 && k.fields[0].field === 'star' && k.fields[0].transforms.includes('token_sort'));
  assert.ok(anyOrder !== undefined, `passes: ${keys.map((k) => k.fields.map((f) => `${f.field}:${f.transforms.join('|')}`).join('+')).join(', ')}`);
  const truth = { columns: [], weights: [], sims: new Float32Array(0), foundBy: new Uint32Array(a.length), threshold: 1, a, b };
  const kept = (key: BlockingKey): number => together(store, truth, key).reduce((s, x) => s + x, 0) / a.length;
  assert.ok(kept(anyOrder) > 0.99, `the any-order key keeps ${kept(anyOrder)} of the true pairs`);
  const prefix: BlockingKey = { fields: [{ field: 'star', transforms: ['lowercase', 'alpha_only', 'substring:0:8'] }] };
  assert.ok(kept(prefix) < 0.05, 'a prefix of the name as written keeps almost none');
});
