import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import type { PairList } from '../../../src/engine/clustering/types.js';
import { groups, pairList } from './pair-list-fixture.js';

function stateOf(rowCount: number, links: PairList): ClusterState {
  return new ClusterState(rowCount, PairGraph.fromPairs(rowCount, links), links, { maxClusterSize: 100 });
}

test('reject cuts only the weakest link on the path: a-b-c-d with a weak b-c leaves {a,b} and {c,d}', () => {
  const state = stateOf(4, pairList([[0, 1, 0.9], [1, 2, 0.6], [2, 3, 0.92]]));
  const { affected } = state.apply({ kind: 'reject', seq: 1, a: 0, b: 3 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 1], [2, 3]]);
  assert.deepEqual(affected, [0, 2]);
});

test('reject of a directly linked pair cuts that link when it is the tree path', () => {
  const state = stateOf(3, pairList([[0, 1, 0.9], [1, 2, 0.8]]));
  state.apply({ kind: 'reject', seq: 1, a: 0, b: 1 });
  assert.deepEqual(groups(state.clusterIds()), [[0], [1, 2]]);
});

test('reject of a directly linked pair in a triangle keeps the third record with the stronger side', () => {
  // Tree: 0-1 (0.95), then 0-2 (0.9, pair id before 1-2); 1-2 closes the cycle.
  const state = stateOf(3, pairList([[0, 1, 0.95], [0, 2, 0.9], [1, 2, 0.9]]));
  state.apply({ kind: 'reject', seq: 1, a: 1, b: 0 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 2], [1]]);
});

test('reject when the path\'s weakest links tie cuts the one with the larger pair id', () => {
  const state = stateOf(4, pairList([[0, 1, 0.7], [1, 2, 0.9], [2, 3, 0.7]]));
  state.apply({ kind: 'reject', seq: 1, a: 0, b: 3 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 1, 2], [3]]);
});

test('reject of records already apart changes nothing', () => {
  const state = stateOf(4, pairList([[0, 1, 0.9], [2, 3, 0.9]]));
  const before = state.clusterIds();
  const { affected } = state.apply({ kind: 'reject', seq: 1, a: 1, b: 2 });
  assert.deepEqual(state.clusterIds(), before);
  assert.deepEqual(affected, [0, 2]);
});

test('other records keep their clusters: a cut elsewhere in the part is not undone', () => {
  // Two cannot-links in one connected part; the second must not restore the first one's cut.
  const state = stateOf(5, pairList([[0, 1, 0.9], [1, 2, 0.5], [2, 3, 0.9], [3, 4, 0.6]]));
  state.apply({ kind: 'reject', seq: 1, a: 0, b: 2 });
  state.apply({ kind: 'reject', seq: 2, a: 2, b: 4 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 1], [2, 3], [4]]);
});
