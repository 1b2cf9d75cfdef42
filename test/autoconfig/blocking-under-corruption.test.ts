import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseBlocking } from '../../src/autoconfig/blocking-choice.js';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { usableProfiles } from '../../src/autoconfig/initial-config.js';
import { findLikelyMatches } from '../../src/autoconfig/likely-matches.js';
import { together, unionRecall } from '../../src/autoconfig/pass-recall.js';
import type { BlockingKey } from '../../src/config/types.js';
import { ColumnStore } from '../../src/data/column-store.js';
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';
import { syntheticPeople } from '../engine/pipeline/synthetic-people.js';

/** The people table with `column` blanked on 40% of the rows (seeded), and every true pair. */
function corrupted(column: string | null): { store: ColumnStore; pairs: { a: Int32Array; b: Int32Array } } {
  const people = syntheticPeople(4000, 21);
  const random = seededStream(5);
  const c = column === null ? -1 : people.names.indexOf(column);
  const rows = people.rows.map((r) => (c >= 0 && random() < 0.4 ? r.map((v, i) => (i === c ? null : v)) : r));
  const byEntity = new Map<number, number[]>();
  people.entityOf.forEach((e, row) => byEntity.set(e, [...(byEntity.get(e) ?? []), row]));
  const a: number[] = [];
  const b: number[] = [];
  for (const members of byEntity.values()) {
    for (let i = 0; i < members.length; i++) for (let j = i + 1; j < members.length; j++) (a.push(members[i]), b.push(members[j]));
  }
  return { store: ColumnStore.fromRows(people.names, rows), pairs: { a: Int32Array.from(a), b: Int32Array.from(b) } };
}

/** The share of true pairs some pass keeps together. */
function trueRecall(store: ColumnStore, pairs: { a: Int32Array; b: Int32Array }, keys: readonly BlockingKey[]): number {
  const probe = { columns: [], weights: [], sims: new Float32Array(0), foundBy: new Uint32Array(pairs.a.length), threshold: 1, ...pairs };
  const covered = new Uint8Array(pairs.a.length);
  for (const k of keys) together(store, probe, k).forEach((t, i) => (covered[i] |= t));
  return covered.reduce((s, x) => s + x, 0) / pairs.a.length;
}

function choose(store: ColumnStore): { keys: BlockingKey[]; estimate: number | null } {
  const profiles = usableProfiles(profileColumns(store, []), null);
  const probe = findLikelyMatches(store, profiles);
  const keys = chooseBlocking(store, profiles, { probe });
  return { keys, estimate: unionRecall(store, probe, keys) };
}

const clean = corrupted(null);
const baseline = trueRecall(clean.store, clean.pairs, choose(clean.store).keys);

test('on a clean person table the chosen passes find nearly every true pair, and read more than one column (a backup for the first)', () => {
  const { keys } = choose(clean.store);
  assert.ok(baseline >= 0.95, `true recall ${baseline}`);
  const columns = new Set(keys.flatMap((k) => k.fields.map((f) => f.field)));
  assert.ok(columns.size >= 2, `passes over ${[...columns].join(', ')}`);
});

for (const column of ['dob', 'zip', 'surname', 'given_name']) {
  test(`with ${column} blanked on 40% of the rows, recall drops by at most 0.05 and the estimate stays within 0.1 of it`, () => {
    const { store, pairs } = corrupted(column);
    const { keys, estimate } = choose(store);
    const recall = trueRecall(store, pairs, keys);
    assert.ok(baseline - recall <= 0.05, `true recall ${recall} against ${baseline} clean`);
    assert.ok(estimate !== null && Math.abs(estimate - recall) <= 0.1, `estimate ${estimate}, true ${recall}`);
  });
}
