import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClusters } from '../../../src/engine/clustering/cluster-builder.js';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { replayEdits } from '../../../src/engine/clustering/constraint-log.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import type { Edit } from '../../../src/engine/clustering/types.js';
import { groups, pairList } from './pair-list-fixture.js';

const links = pairList([[0, 1, 0.9], [2, 3, 0.95]]);
const graph = PairGraph.fromPairs(5, pairList([[0, 1, 0.9], [1, 2, 0.72], [2, 3, 0.95]]));

test('approve joins the two records\' clusters (must-link)', () => {
  const state = new ClusterState(5, graph, links, { maxClusterSize: 100 });
  const { affected } = state.apply({ kind: 'approve', seq: 1, a: 2, b: 1, score: 0.72 });
  assert.deepEqual(groups(state.clusterIds()), [[0, 1, 2, 3], [4]]);
  assert.deepEqual(affected, [0]);
  assert.equal(state.clusterOf(3), 0);
});

test('approve links a pair the run never scored, and its score shows in the cluster', () => {
  const state = new ClusterState(5, graph, links, { maxClusterSize: 100 });
  state.apply({ kind: 'approve', seq: 1, a: 3, b: 4, score: 0.41 });
  assert.deepEqual(state.members(2), [2, 3, 4]);
  assert.deepEqual(state.facts(2).pair_scores, { '2-3': 0.95, '3-4': 0.41 });
});

test('a must-link outranks every score, so the size split cuts automatic links instead', () => {
  // Limit 2: {0,1} and {2,3} joined by a must-link 1-2 form a chain of four; both automatic links go.
  const edits: Edit[] = [{ kind: 'approve', seq: 1, a: 1, b: 2, score: 0.1 }];
  const clusterOf = buildClusters({ rowCount: 5, links, constraints: replayEdits(edits), maxClusterSize: 2 });
  assert.equal(clusterOf[1], clusterOf[2]);
  assert.deepEqual(groups(clusterOf), [[0], [1, 2], [3], [4]]);
});
