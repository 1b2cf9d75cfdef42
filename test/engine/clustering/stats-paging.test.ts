import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterStats } from '../../../src/engine/clustering/cluster-stats.js';
import { clusterSummaries } from '../../../src/engine/clustering/cluster-summaries.js';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import { pairList } from './pair-list-fixture.js';

// Clusters: {0,1,2} {3,4} {5,6} {7,8,9,10}; singletons 11, 12.
const links = pairList([[0, 1, 0.9], [1, 2, 0.8], [3, 4, 0.95], [5, 6, 0.7], [7, 8, 0.9], [8, 9, 0.9], [9, 10, 0.9]]);
const fresh = (): ClusterState => new ClusterState(13, PairGraph.fromPairs(13, links), links, { maxClusterSize: 100 });

test('stats follow the /stats definitions', () => {
  assert.deepEqual(fresh().stats(), {
    total_records: 13,
    total_clusters: 4,
    singleton_count: 2,
    match_rate: 0.846154, // 11 of 13
    avg_cluster_size: 2.75,
    max_cluster_size: 4,
  });
});

test('stats stay current after edits, including the largest size going down', () => {
  const state = fresh();
  state.apply({ kind: 'shatter', seq: 1, members: state.members(7) });
  assert.deepEqual(state.stats(), clusterStats(state.clusterIds()));
  assert.equal(state.stats().max_cluster_size, 3);
  assert.equal(state.stats().singleton_count, 6);
  state.apply({ kind: 'approve', seq: 2, a: 2, b: 3, score: 0.5 });
  assert.equal(state.stats().max_cluster_size, 5);
  assert.deepEqual(state.stats(), clusterStats(state.clusterIds()));
});

test('no clusters of two or more: averages and maxima are 0', () => {
  assert.deepEqual(clusterStats(Int32Array.of(0, 1)), {
    total_records: 2, total_clusters: 0, singleton_count: 2, match_rate: 0, avg_cluster_size: 0, max_cluster_size: 0,
  });
  assert.deepEqual(clusterStats(new Int32Array(0)).match_rate, 0);
});

test('pages are sorted by size descending then id, with total, offset and limit', () => {
  const state = fresh();
  const page = state.clusters({ minSize: 2, limit: 100, offset: 0 });
  assert.deepEqual(page.clusters.map((c) => [c.cluster_id, c.size]), [[7, 4], [0, 3], [3, 2], [5, 2]]);
  assert.equal(page.total, 4);
  assert.equal(page.clusters[2].confidence, state.facts(3).confidence);
  const second = state.clusters({ minSize: 2, limit: 2, offset: 1 });
  assert.deepEqual(second.clusters.map((c) => c.cluster_id), [0, 3]);
  assert.deepEqual([second.total, second.offset, second.limit], [4, 1, 2]);
  assert.deepEqual(state.clusters({ minSize: 2, limit: 5, offset: 10 }).clusters, []);
});

test('min_size filters; min_size 1 includes singletons with confidence 1', () => {
  const state = fresh();
  assert.deepEqual(state.clusters({ minSize: 3, limit: 10, offset: 0 }).clusters.map((c) => c.cluster_id), [7, 0]);
  const everything = state.clusters({ minSize: 1, limit: 100, offset: 0 });
  assert.equal(everything.total, 6);
  assert.deepEqual(everything.clusters.slice(4), [
    { cluster_id: 11, size: 1, confidence: 1 },
    { cluster_id: 12, size: 1, confidence: 1 },
  ]);
});

test('the cached order follows edits', () => {
  const state = fresh();
  state.clusters({ minSize: 2, limit: 10, offset: 0 });
  state.apply({ kind: 'approve', seq: 1, a: 11, b: 12, score: 0.9 });
  state.apply({ kind: 'unmerge', seq: 2, row: 10 });
  const page = state.clusters({ minSize: 2, limit: 10, offset: 0 });
  assert.deepEqual(page.clusters.map((c) => [c.cluster_id, c.size]), [[0, 3], [7, 3], [3, 2], [5, 2], [11, 2]]);
});

test('clusterSummaries gives sizes per id and the sorted ids of clusters at or over the minimum', () => {
  const clusterOf = Int32Array.of(0, 0, 2, 3, 3, 3, 2, 7);
  const { sizes, ids } = clusterSummaries(clusterOf, 2);
  assert.deepEqual(Array.from(sizes), [2, 0, 2, 3, 0, 0, 0, 1]);
  assert.deepEqual(Array.from(ids), [3, 0, 2]);
  assert.deepEqual(Array.from(clusterSummaries(clusterOf, 1).ids), [3, 0, 2, 7]);
});
