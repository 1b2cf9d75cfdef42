import assert from 'node:assert/strict';
import { test } from 'node:test';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { findLikelyMatches, looseKeys, robustScore, similarity, type LikelyMatches } from '../../src/autoconfig/likely-matches.js';
import { ColumnStore } from '../../src/data/column-store.js';
import { syntheticPeople } from '../engine/pipeline/synthetic-people.js';

test('loose keys: the first three letters or digits of the value and of its last word', () => {
  assert.deepEqual(looseKeys('Mary-Ann Smith'), ['mar', 'smi']);
  assert.deepEqual(looseKeys('1984-03-07'), ['198', '07']);
  assert.deepEqual(looseKeys('ok'), ['ok']);
  assert.deepEqual(looseKeys('  --  '), []);
});

test('similarity: edit similarity on short values, shared words on long ones', () => {
  assert.equal(similarity('smith', 'smith'), 1);
  assert.equal(similarity('smith', 'smyth'), 0.8);
  assert.ok(similarity('john', 'mary') < 0.3, 'unrelated names score low (Jaro–Winkler would give them ~0.5)');
  const long = 'the quick brown fox jumps over the lazy dog again and again';
  // Ten distinct words, all shared, and one more on one side.
  assert.equal(similarity(long, `${long} today`), 10 / 11);
});

/** A probe of one pair with the given similarities. */
function onePair(sims: number[], weights = sims.map(() => 1)): LikelyMatches {
  return { columns: sims.map((_, i) => `c${i}`), weights, a: Int32Array.of(0), b: Int32Array.of(1), sims: Float32Array.from(sims), foundBy: Uint32Array.of(1), threshold: 0.8 };
}

test('robust score: the least similar column is dropped when three or more are present, so one corrupted column hides no match', () => {
  assert.equal(robustScore(onePair([1, 1, 0]), 0), 1);
  assert.equal(robustScore(onePair([1, 0.5]), 0), 0.75);
  // Missing columns are not evidence either way.
  assert.equal(robustScore(onePair([1, NaN, 1, 0]), 0), 1);
  // Left-out columns are not read at all.
  assert.equal(robustScore(onePair([0.2, 1, 1, 1]), 0, new Set([0])), 1);
});

test('robust score: one column, or columns too weak to carry a match together, give no score', () => {
  assert.ok(Number.isNaN(robustScore(onePair([1, NaN]), 0)));
  assert.ok(Number.isNaN(robustScore(onePair([1, 1, 1], [0.3, 0.3, 0.3]), 0)), 'a year and two categories agreeing is no evidence');
});

test('the probe finds most true duplicates of a person table, and its likely matches are mostly true', () => {
  const people = syntheticPeople(3000, 11);
  const store = ColumnStore.fromRows(people.names, people.rows);
  const probe = findLikelyMatches(store, profileColumns(store, []));
  let likely = 0;
  let right = 0;
  for (let i = 0; i < probe.a.length; i++) {
    if (!(robustScore(probe, i) >= probe.threshold)) continue;
    likely++;
    if (people.entityOf[probe.a[i]] === people.entityOf[probe.b[i]]) right++;
  }
  let truePairs = 0;
  const byEntity = new Map<number, number>();
  for (const e of people.entityOf) byEntity.set(e, (byEntity.get(e) ?? 0) + 1);
  for (const n of byEntity.values()) truePairs += (n * (n - 1)) / 2;
  assert.ok(likely >= 0.5 * truePairs, `${likely} likely matches of ${truePairs} true pairs`);
  assert.ok(right / likely >= 0.9, `precision of the likely matches ${right / likely}`);
});

test('the probe is deterministic', () => {
  const people = syntheticPeople(1500, 3);
  const store = ColumnStore.fromRows(people.names, people.rows);
  const a = findLikelyMatches(store, profileColumns(store, []));
  const b = findLikelyMatches(store, profileColumns(store, []));
  assert.deepEqual([...a.a], [...b.a]);
  assert.deepEqual([...a.sims], [...b.sims]);
  assert.equal(a.threshold, b.threshold);
});
