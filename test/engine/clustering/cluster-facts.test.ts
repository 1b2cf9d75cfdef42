import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterFacts } from '../../../src/engine/clustering/cluster-facts.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import { pairList } from './pair-list-fixture.js';

const all = (): boolean => true;

test('confidence = 0.4·min + 0.3·mean + 0.3·(links ÷ possible pairs)', () => {
  const g = PairGraph.fromPairs(4, pairList([[0, 1, 0.9], [1, 2, 0.8], [2, 3, 0.7]]));
  const f = clusterFacts([0, 1, 2, 3], g, all);
  // min 0.7, mean 0.8, 3 of 6 pairs.
  assert.equal(f.confidence, 0.67);
  assert.equal(f.size, 4);
  assert.equal(f.cluster_id, 0);
  assert.deepEqual(f.pair_scores, { '0-1': 0.9, '1-2': 0.8, '2-3': 0.7 });
  assert.deepEqual(f.bottleneck_pair, [2, 3]);
});

test('bottleneck ties go to the smallest pair id (numeric order, a then b)', () => {
  const g = PairGraph.fromPairs(11, pairList([[2, 10, 0.5], [2, 9, 0.5], [9, 10, 0.5], [3, 9, 0.6]]));
  const f = clusterFacts([2, 3, 9, 10], g, all);
  assert.deepEqual(f.bottleneck_pair, [2, 9]);
  assert.deepEqual(Object.keys(f.pair_scores), ['2-9', '2-10', '3-9', '9-10']);
});

test('a singleton has confidence 1 and no bottleneck', () => {
  const g = PairGraph.fromPairs(3, pairList([[0, 1, 0.9]]));
  assert.deepEqual(clusterFacts([2], g, all), { cluster_id: 2, size: 1, confidence: 1, pair_scores: {}, bottleneck_pair: null });
});

test('several members without links: confidence 0', () => {
  const g = PairGraph.fromPairs(3, pairList([[0, 1, 0.9]]));
  assert.deepEqual(clusterFacts([0, 1, 2], g, () => false), { cluster_id: 0, size: 3, confidence: 0, pair_scores: {}, bottleneck_pair: null });
});

test('only links count: scored pairs below the threshold and pairs leaving the cluster are left out', () => {
  const g = PairGraph.fromPairs(4, pairList([[0, 1, 0.9], [0, 2, 0.75], [1, 2, 0.88], [2, 3, 0.99]]));
  const isLink = (a: number, b: number): boolean => !(a === 0 && b === 2);
  const f = clusterFacts([0, 1, 2], g, isLink);
  assert.deepEqual(f.pair_scores, { '0-1': 0.9, '1-2': 0.88 });
  assert.deepEqual(f.bottleneck_pair, [1, 2]);
});

test('scores are rounded, and the bottleneck and confidence use the rounded scores', () => {
  const g = PairGraph.fromPairs(3, pairList([[0, 1, 0.8000004], [0, 2, 0.7999996], [1, 2, 0.95]]));
  const f = clusterFacts([0, 1, 2], g, all);
  assert.deepEqual(f.pair_scores, { '0-1': 0.8, '0-2': 0.8, '1-2': 0.95 });
  assert.deepEqual(f.bottleneck_pair, [0, 1]); // equal once rounded: smallest pair id
  assert.equal(f.confidence, 0.875);
});

test('extra links (must-links the graph does not hold) are included with their score', () => {
  const g = PairGraph.fromPairs(3, pairList([[0, 1, 0.9]]));
  const f = clusterFacts([0, 1, 2], g, all, [{ a: 2, b: 1, score: 0.3333333 }, { a: 0, b: 1, score: 0.1 }]);
  assert.deepEqual(f.pair_scores, { '0-1': 0.9, '1-2': 0.333333 });
  assert.deepEqual(f.bottleneck_pair, [1, 2]);
});
