import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClusters } from '../../../src/engine/clustering/cluster-builder.js';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { replayEdits } from '../../../src/engine/clustering/constraint-log.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import { KindredError } from '../../../src/errors/registry.js';
import { pairList } from './pair-list-fixture.js';

// Links 0-1, 1-2; 2-3 is scored but below the threshold (review band only).
const kept = pairList([[0, 1, 0.9], [1, 2, 0.85], [2, 3, 0.7]]);
const links = pairList([[0, 1, 0.9], [1, 2, 0.85]]);
const graph = PairGraph.fromPairs(5, kept);

test('members, sizes and cluster ids', () => {
  const state = new ClusterState(5, graph, links, { maxClusterSize: 100 });
  assert.deepEqual(state.members(0), [0, 1, 2]);
  assert.deepEqual(state.members(4), [4]);
  assert.equal(state.sizeOf(0), 3);
  assert.equal(state.isCluster(1), false);
  assert.equal(state.sizeOf(1), 0);
  assert.throws(() => state.members(1), (e: unknown) => e instanceof KindredError && e.code === 'not_found');
  assert.throws(() => state.facts(99), KindredError);
});

test('isLink: matched pairs and must-links, not sub-threshold pairs or rejected ones', () => {
  const state = new ClusterState(5, graph, links, { maxClusterSize: 100 });
  assert.equal(state.isLink(1, 0), true);
  assert.equal(state.isLink(2, 3), false);
  state.apply({ kind: 'approve', seq: 1, a: 3, b: 2, score: 0.7 });
  assert.equal(state.isLink(2, 3), true);
  state.apply({ kind: 'reject', seq: 2, a: 0, b: 1 });
  assert.equal(state.isLink(0, 1), false);
});

test('facts report links only, and an approved review-band pair with its scored value', () => {
  const state = new ClusterState(5, graph, links, { maxClusterSize: 100 });
  assert.deepEqual(state.facts(0).pair_scores, { '0-1': 0.9, '1-2': 0.85 });
  state.apply({ kind: 'approve', seq: 1, a: 2, b: 3, score: 0.7 });
  const f = state.facts(0);
  assert.deepEqual(f.pair_scores, { '0-1': 0.9, '1-2': 0.85, '2-3': 0.7 });
  assert.deepEqual(f.bottleneck_pair, [2, 3]);
});

test('constructed with replayed constraints, it equals the builder with them', () => {
  const constraints = replayEdits([
    { kind: 'reject', seq: 1, a: 0, b: 2 },
    { kind: 'approve', seq: 2, a: 3, b: 4, score: 0.2 },
  ]);
  const state = new ClusterState(5, graph, links, { maxClusterSize: 100 }, constraints);
  assert.deepEqual(Array.from(state.clusterIds()), Array.from(buildClusters({ rowCount: 5, links, constraints, maxClusterSize: 100 })));
  assert.deepEqual(Array.from(state.clusterIds()), [0, 0, 2, 3, 3]);
  assert.throws(() => state.apply({ kind: 'unmerge', seq: 2, row: 0 }), KindredError);
  state.apply({ kind: 'withdraw', seq: 3, a: 2, b: 0 });
  assert.deepEqual(state.members(0), [0, 1, 2]);
});

test('affected lists the clusters whose membership changed and the records\' clusters', () => {
  const state = new ClusterState(5, graph, links, { maxClusterSize: 100 });
  assert.deepEqual(state.apply({ kind: 'unmerge', seq: 1, row: 1 }).affected, [0, 1, 2]);
  assert.deepEqual(state.apply({ kind: 'approve', seq: 2, a: 3, b: 4, score: 0.5 }).affected, [3]);
});

test('edits naming rows outside the data are refused with not_found and change nothing', () => {
  const state = new ClusterState(5, graph, links, { maxClusterSize: 100 });
  const before = state.clusterIds();
  assert.throws(() => state.apply({ kind: 'approve', seq: 1, a: 0, b: 5, score: 0.5 }), (e: unknown) => e instanceof KindredError && e.code === 'not_found');
  assert.throws(() => state.apply({ kind: 'shatter', seq: 1, members: [0, -1] }), KindredError);
  assert.deepEqual(state.clusterIds(), before);
  state.apply({ kind: 'unmerge', seq: 1, row: 2 }); // seq 1 is still free
  assert.deepEqual(state.members(0), [0, 1]);
});
