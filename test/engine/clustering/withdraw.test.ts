import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import { groups, pairList } from './pair-list-fixture.js';

const links = pairList([[0, 1, 0.9], [1, 2, 0.6], [2, 3, 0.9]]);
const fresh = (): ClusterState => new ClusterState(5, PairGraph.fromPairs(5, links), links, { maxClusterSize: 100 });

test('withdrawing a reject restores the clusters as if it had not been made', () => {
  const state = fresh();
  const before = state.clusterIds();
  state.apply({ kind: 'reject', seq: 1, a: 0, b: 3 });
  assert.notDeepEqual(state.clusterIds(), before);
  const { affected } = state.apply({ kind: 'withdraw', seq: 2, a: 3, b: 0 });
  assert.deepEqual(state.clusterIds(), before);
  assert.deepEqual(affected, [0]);
});

test('withdrawing an approve splits what it joined', () => {
  const state = fresh();
  state.apply({ kind: 'approve', seq: 1, a: 3, b: 4, score: 0.3 });
  assert.equal(state.clusterOf(4), 0);
  state.apply({ kind: 'withdraw', seq: 2, a: 3, b: 4 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 1, 2, 3], [4]]);
});

test('withdraw clears the pair: the decision it replaced does not come back', () => {
  const state = fresh();
  state.apply({ kind: 'approve', seq: 1, a: 0, b: 4, score: 0.3 });
  state.apply({ kind: 'reject', seq: 2, a: 0, b: 4 });
  state.apply({ kind: 'withdraw', seq: 3, a: 0, b: 4 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 1, 2, 3], [4]]);
  assert.deepEqual(state.constraints().mustLinks, []);
  assert.deepEqual(state.constraints().cannotLinks, []);
});

test('withdraw on a pair without a decision changes nothing', () => {
  const state = fresh();
  const before = state.clusterIds();
  state.apply({ kind: 'withdraw', seq: 1, a: 1, b: 4 });
  assert.deepEqual(state.clusterIds(), before);
});

test('withdraw does not undo an unmerge', () => {
  const state = fresh();
  state.apply({ kind: 'approve', seq: 1, a: 3, b: 4, score: 0.3 });
  state.apply({ kind: 'unmerge', seq: 2, row: 4 });
  state.apply({ kind: 'withdraw', seq: 3, a: 3, b: 4 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 1, 2, 3], [4]]);
});
