import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClusters } from '../../../src/engine/clustering/cluster-builder.js';
import { maximumSpanningForest } from '../../../src/engine/clustering/spanning-forest.js';
import { groups, pairList } from './pair-list-fixture.js';

test('Kruskal keeps the strongest edge of each cycle out only when it closes one', () => {
  // Triangle 0-1-2 plus a pendant 3: the weakest triangle edge (0-2) closes the cycle.
  const f = maximumSpanningForest(4, {
    a: Int32Array.of(0, 1, 0, 2),
    b: Int32Array.of(1, 2, 2, 3),
    mustLink: new Uint8Array(4),
    seq: new Float64Array(4),
    count: 4,
  });
  assert.deepEqual(Array.from(f.edges.a), [0, 1, 2]);
  assert.deepEqual(Array.from(f.edges.b), [1, 2, 3]);
  assert.equal(f.largestTree, 4);
});

test('clusters are the connected parts of the links; singletons included', () => {
  const clusterOf = buildClusters({
    rowCount: 7,
    links: pairList([[1, 4, 0.9], [4, 6, 0.85], [2, 5, 0.99]]),
    maxClusterSize: 100,
  });
  assert.deepEqual(groups(clusterOf), [[0], [1, 4, 6], [2, 5], [3]]);
});

test('cluster id is the smallest member row id', () => {
  const clusterOf = buildClusters({ rowCount: 6, links: pairList([[3, 5, 0.9], [2, 5, 0.9], [0, 4, 0.8]]), maxClusterSize: 100 });
  assert.deepEqual(Array.from(clusterOf), [0, 1, 2, 2, 0, 2]);
});

test('no rows, no links', () => {
  assert.deepEqual(Array.from(buildClusters({ rowCount: 0, links: pairList([]), maxClusterSize: 100 })), []);
  assert.deepEqual(Array.from(buildClusters({ rowCount: 3, links: pairList([]), maxClusterSize: 100 })), [0, 1, 2]);
});

test('the same input always gives the same clusters, whatever the pair order', () => {
  const triples: Array<[number, number, number]> = [[0, 1, 0.5], [1, 2, 0.5], [2, 3, 0.5], [3, 4, 0.5], [0, 4, 0.5]];
  const one = buildClusters({ rowCount: 5, links: pairList(triples), maxClusterSize: 2 });
  const two = buildClusters({ rowCount: 5, links: pairList([...triples].reverse()), maxClusterSize: 2 });
  assert.deepEqual(Array.from(one), Array.from(two));
});
