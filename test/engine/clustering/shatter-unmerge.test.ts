import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClusters } from '../../../src/engine/clustering/cluster-builder.js';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import type { PairList } from '../../../src/engine/clustering/types.js';
import { groups, pairList } from './pair-list-fixture.js';

function stateOf(rowCount: number, links: PairList): ClusterState {
  return new ClusterState(rowCount, PairGraph.fromPairs(rowCount, links), links, { maxClusterSize: 100 });
}

test('shatter makes every member a singleton, and the links do not bring them back', () => {
  const links = pairList([[0, 1, 0.9], [1, 2, 0.9], [3, 4, 0.9]]);
  const state = stateOf(5, links);
  const { affected } = state.apply({ kind: 'shatter', seq: 1, members: state.members(0) });
  assert.deepEqual(groups(state.clusterIds()), [[0], [1], [2], [3, 4]]);
  assert.deepEqual(affected, [0, 1, 2]);
  const rebuilt = buildClusters({ rowCount: 5, links, constraints: state.constraints(), maxClusterSize: 100 });
  assert.deepEqual(Array.from(rebuilt), Array.from(state.clusterIds()));
});

test('unmerge frees the row; the rest is re-clustered from its links, possibly into several clusters', () => {
  // Chain 0-1-2 through 1: without 1, rows 0 and 2 have no link left.
  const state = stateOf(4, pairList([[0, 1, 0.9], [1, 2, 0.9], [2, 3, 0.9]]));
  const { affected } = state.apply({ kind: 'unmerge', seq: 1, row: 1 });
  assert.deepEqual(groups(state.clusterIds()), [[0], [1], [2, 3]]);
  assert.deepEqual(affected, [0, 1, 2]);
});

test('unmerge keeps the rest together when another link holds it', () => {
  const state = stateOf(3, pairList([[0, 1, 0.95], [1, 2, 0.95], [0, 2, 0.8]]));
  state.apply({ kind: 'unmerge', seq: 1, row: 1 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 2], [1]]);
});

test('unmerging the smallest member hands the cluster id to the next smallest', () => {
  const state = stateOf(3, pairList([[0, 1, 0.9], [1, 2, 0.9]]));
  state.apply({ kind: 'unmerge', seq: 1, row: 0 });
  assert.equal(state.clusterOf(2), 1);
  assert.deepEqual(state.members(1), [1, 2]);
  assert.deepEqual(state.members(0), [0]);
});

test('an isolated row loses must-links made before its isolation and keeps the ones made after', () => {
  const links = pairList([[0, 1, 0.9]]);
  const state = stateOf(4, links);
  state.apply({ kind: 'approve', seq: 1, a: 1, b: 2, score: 0.5 });
  state.apply({ kind: 'unmerge', seq: 2, row: 1 });
  assert.deepEqual(groups(state.clusterIds()), [[0], [1], [2], [3]]);
  state.apply({ kind: 'approve', seq: 3, a: 1, b: 3, score: 0.5 });
  assert.deepEqual(groups(state.clusterIds()), [[0], [1, 3], [2]]);
  // The automatic 0-1 link stays gone: isolation drops every automatic link of the row.
  const rebuilt = buildClusters({ rowCount: 4, links, constraints: state.constraints(), maxClusterSize: 100 });
  assert.deepEqual(Array.from(rebuilt), Array.from(state.clusterIds()));
});

test('unmerge of a singleton keeps it a singleton', () => {
  const state = stateOf(2, pairList([]));
  const { affected } = state.apply({ kind: 'unmerge', seq: 1, row: 1 });
  assert.deepEqual(affected, [1]);
  assert.deepEqual(groups(state.clusterIds()), [[0], [1]]);
});
