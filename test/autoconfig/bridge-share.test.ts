/** bridgeStats test vectors: chains are all bridges, cycles and cliques none, pairs and links across clusters do not count; the pairs a missed link would lose. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bridgeStats } from '../../src/autoconfig/bridge-share.js';

/** The share of bridges alone (no cluster counts as large). */
const bridgeShare = (rows: number, clusterOf: Int32Array, a: number[], b: number[]): number => bridgeStats(rows, clusterOf, a, b, rows).share;

const all = (n: number, c = 0): Int32Array => new Int32Array(n).fill(c);

test('a path is all bridges; a triangle, a cycle and a clique have none', () => {
  assert.equal(bridgeShare(3, all(3), [0, 1], [1, 2]), 1);
  assert.equal(bridgeShare(3, all(3), [0, 1, 0], [1, 2, 2]), 0);
  assert.equal(bridgeShare(5, all(5), [0, 1, 2, 3, 4], [1, 2, 3, 4, 0]), 0);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) a.push(i), b.push(j);
  assert.equal(bridgeShare(6, all(6), a, b), 0);
});

test('two triangles joined by one link: that link is the one bridge of seven', () => {
  assert.equal(bridgeShare(6, all(6), [0, 1, 0, 3, 4, 3, 2], [1, 2, 2, 4, 5, 5, 3]), 1 / 7);
});

test('only links inside clusters of three or more count', () => {
  // Rows 0-1 a pair (cluster 0), rows 2-3-4 a path (cluster 2), and a link across clusters that clustering refused.
  const clusterOf = Int32Array.of(0, 0, 2, 2, 2);
  assert.equal(bridgeShare(5, clusterOf, [0, 2, 3, 1], [1, 3, 4, 2]), 1);
  assert.equal(bridgeShare(2, Int32Array.of(0, 0), [0], [1]), 0, 'no cluster of three: nothing to measure');
});

test('a long chain inside a dense group: only the chain links are bridges', () => {
  // Rows 0-4 a clique (10 links), then 4-5-6-7 a tail of 3 links.
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) a.push(i), b.push(j);
  a.push(4, 5, 6);
  b.push(5, 6, 7);
  assert.equal(bridgeShare(8, all(8), a, b), 3 / 13);
});

test('joints: bridges of large clusters with 3 or more rows on each side; a leaf hanging on one link is not one', () => {
  const triangles = { a: [0, 1, 0, 3, 4, 3, 2], b: [1, 2, 2, 4, 5, 5, 3] };
  assert.deepEqual(bridgeStats(6, all(6), triangles.a, triangles.b, 5), { share: 1 / 7, largeClusterJoints: 1, pairsOnOneLink: 9 / 15 });
  assert.equal(bridgeStats(6, all(6), triangles.a, triangles.b, 6).largeClusterJoints, 0, 'a cluster of 6 is not larger than 6');
  // A clique of 5 with one leaf: a bridge, but it cuts off one row.
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) a.push(i), b.push(j);
  a.push(4);
  b.push(5);
  assert.deepEqual(bridgeStats(6, all(6), a, b, 3), { share: 1 / 11, largeClusterJoints: 0, pairsOnOneLink: 5 / 15 });
  // A path of 8: bridges 2-3, 3-4, 4-5 leave ≥ 3 rows on each side.
  assert.equal(bridgeStats(8, all(8), [0, 1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7], 5).largeClusterJoints, 3);
});

test('pairs on one link: a linked pair alone is one, rows across a bridge too, a clique none', () => {
  const pairsOnOneLink = (rows: number, clusterOf: Int32Array, a: number[], b: number[]): number => bridgeStats(rows, clusterOf, a, b, rows).pairsOnOneLink;
  // Two clusters that are pairs: every pair hangs on its link.
  assert.equal(pairsOnOneLink(4, Int32Array.of(0, 0, 2, 2), [0, 2], [1, 3]), 1);
  // A clique of 4 (6 pairs) and a pair: 1 of 7.
  const a = [0, 0, 0, 1, 1, 2, 4];
  const b = [1, 2, 3, 2, 3, 3, 5];
  assert.equal(pairsOnOneLink(6, Int32Array.of(0, 0, 0, 0, 4, 4), a, b), 1 / 7);
  // A path of 4: every link a bridge, every pair on one link.
  assert.equal(pairsOnOneLink(4, all(4), [0, 1, 2], [1, 2, 3]), 1);
  // A cycle of 4 with a tail of 1: the cycle's 6 pairs are held twice, the tail's 4 pairs once; 4 of 10.
  assert.equal(pairsOnOneLink(5, all(5), [0, 1, 2, 3, 3], [1, 2, 3, 0, 4]), 4 / 10);
  // Singletons only: no pairs.
  assert.equal(pairsOnOneLink(3, Int32Array.of(0, 1, 2), [], []), 0);
});
