/** The probe's agreement with the clusters a threshold makes: transitive pairs are claimed and found, and the clustering's limits are honoured. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusteredAgreement } from '../../src/autoconfig/clustered-agreement.js';
import type { LikelyMatches } from '../../src/autoconfig/likely-matches.js';

// Four people of five records each (rows 0–19, person = row ÷ 5). Each person's records are linked as a path at 0.95
// (4 of their 10 pairs); a doubtful link at 0.7 joins the last record of each person to the first of the next.
const entity = (r: number): number => Math.floor(r / 5);
const a: number[] = [];
const b: number[] = [];
const score: number[] = [];
for (let r = 0; r < 20; r++) {
  if (r % 5 !== 4) a.push(r), b.push(r + 1), score.push(0.95);
  else if (r < 19) a.push(r), b.push(r + 1), score.push(0.7);
}
const pairs = { a: Int32Array.from(a), b: Int32Array.from(b), score: Float64Array.from(score), flags: new Uint8Array(a.length), count: a.length };
// The probe's likely matches: every pair of records of one person (40), all columns agreeing.
const likely: Array<[number, number]> = [];
for (let x = 0; x < 20; x++) for (let y = x + 1; y < 20; y++) if (entity(x) === entity(y)) likely.push([x, y]);
const probe: LikelyMatches = {
  columns: ['x', 'y', 'z'],
  weights: [1, 1, 1],
  a: Int32Array.from(likely, (p) => p[0]),
  b: Int32Array.from(likely, (p) => p[1]),
  sims: new Float32Array(likely.length * 3).fill(1),
  foundBy: new Uint32Array(likely.length),
  threshold: 0.8,
};
const judge = (x: number, y: number): number => (entity(x) === entity(y) ? 1 : 0);

test('a path of links claims and finds every pair of its cluster, not only its links', () => {
  const at = clusteredAgreement(pairs, 20, [0.65, 0.9], { maxClusterSize: 100, minLinkDensity: 0 }, probe, judge);
  // 16 links hold 40 pairs: all found, all claimed, all matches.
  assert.deepEqual(at(0.9), { precision: 1, recall: 1, f1: 1, accepted: 40, judged: 40, likely: 40 });
});

test('a doubtful link between two groups claims every pair across them', () => {
  const at = clusteredAgreement(pairs, 20, [0.65, 0.9], { maxClusterSize: 100, minLinkDensity: 0 }, probe, judge);
  // At 0.65 the three weak links make one cluster of 20: 190 pairs claimed, 40 of them matches (the links alone: 16 of 19).
  const low = at(0.65);
  assert.equal(low.accepted, 190);
  // 190 claimed pairs are few enough to judge every one: the precision is exact, not drawn.
  assert.equal(low.precision, Math.round((40 / 190) * 10_000) / 10_000);
  assert.equal(low.judged, 190);
  assert.equal(low.recall, 1);
  assert.ok(low.f1 < at(0.9).f1);
  assert.throws(() => at(0.8), RangeError, 'only the thresholds swept can be read');
});

test('the clustering limits are honoured: a join the link density refuses claims nothing', () => {
  // One link between two groups of 5 covers 1 of 25 pairs, under a density of 0.1: the groups stay apart.
  const dense = clusteredAgreement(pairs, 20, [0.65], { maxClusterSize: 100, minLinkDensity: 0.1 }, probe, judge);
  assert.equal(dense(0.65).precision, 1);
  assert.equal(dense(0.65).accepted, 40);
  // A size limit of 5 cuts the weak links too.
  const small = clusteredAgreement(pairs, 20, [0.65], { maxClusterSize: 5, minLinkDensity: 0 }, probe, judge);
  assert.equal(small(0.65).precision, 1);
});

test('pairs a link-only run may not match are neither claimed nor likely', () => {
  // Rows of even and odd numbers as two tables: only pairs across them are eligible.
  const across = (x: number, y: number): boolean => x % 2 !== y % 2;
  const at = clusteredAgreement(pairs, 20, [0.9], { maxClusterSize: 100, minLinkDensity: 0 }, probe, judge, across);
  // Per person of 5 records (3 of one parity, 2 of the other, or the reverse): 6 eligible pairs of 10.
  assert.equal(at(0.9).likely, 24);
  assert.equal(at(0.9).recall, 1);
  assert.equal(at(0.9).precision, 1);
  assert.equal(at(0.9).accepted, 24);
});

test('more claimed pairs than are judged: the precision is drawn from 4,000 of them, close to the exact share', () => {
  // One cluster of 100 records linked as a path: 4,950 pairs claimed; the judge calls pairs of the same parity matches (2,450).
  const n = 100;
  const path = { a: Int32Array.from({ length: n - 1 }, (_, i) => i), b: Int32Array.from({ length: n - 1 }, (_, i) => i + 1), score: new Float64Array(n - 1).fill(0.95), flags: new Uint8Array(n - 1), count: n - 1 };
  const sameParity = (x: number, y: number): number => (x % 2 === y % 2 ? 1 : 0);
  const few: LikelyMatches = { ...probe, a: Int32Array.of(0), b: Int32Array.of(2), sims: new Float32Array(3).fill(1), foundBy: new Uint32Array(1) };
  const at = clusteredAgreement(path, n, [0.9], { maxClusterSize: 1000, minLinkDensity: 0 }, few, sameParity);
  assert.equal(at(0.9).accepted, 4950);
  assert.equal(at(0.9).judged, 4000);
  assert.ok(Math.abs(at(0.9).precision - 2450 / 4950) < 0.03, String(at(0.9).precision));
});
