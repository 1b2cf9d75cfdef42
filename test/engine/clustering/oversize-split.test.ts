import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClusters } from '../../../src/engine/clustering/cluster-builder.js';
import { strongestFirst } from '../../../src/engine/clustering/edge-order.js';
import { maximumSpanningForest } from '../../../src/engine/clustering/spanning-forest.js';
import type { PairList } from '../../../src/engine/clustering/types.js';
import { UnionFind } from '../../../src/engine/clustering/union-find.js';
import { groups, pairList, randomPairs, seededRandom } from './pair-list-fixture.js';

test('an oversized chain is cut at its weakest edge', () => {
  // 0-1-2 strong, 2-3 weak, 3-4-5 strong: six rows, limit 3.
  const links = pairList([[0, 1, 0.95], [1, 2, 0.9], [2, 3, 0.6], [3, 4, 0.9], [4, 5, 0.95]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 6, links, maxClusterSize: 3 })), [[0, 1, 2], [3, 4, 5]]);
});

test('pieces still over the limit are cut again, weakest edge first', () => {
  // Limit 2: cutting 2-3 (0.6) leaves {0,1,2} and {3,4,5}; each is cut at its weakest edge next.
  const links = pairList([[0, 1, 0.95], [1, 2, 0.9], [2, 3, 0.6], [3, 4, 0.8], [4, 5, 0.95]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 6, links, maxClusterSize: 2 })), [[0, 1], [2], [3], [4, 5]]);
});

test('a piece within the limit keeps its weaker edges', () => {
  // Cutting 2-3 (0.5) leaves {0,1,2}, within the limit, so its 0-1 (0.7) stays although the
  // 0.9 edges of the other piece are cut (ties: the larger pair id, 6-7, goes).
  const links = pairList([[0, 1, 0.7], [1, 2, 0.9], [2, 3, 0.5], [3, 4, 0.9], [4, 5, 0.9], [5, 6, 0.9], [6, 7, 0.9]]);
  const clusterOf = buildClusters({ rowCount: 8, links, maxClusterSize: 4 });
  assert.deepEqual(groups(clusterOf), [[0, 1, 2], [3, 4, 5, 6], [7]]);
});

test('equal weakest scores: the edge with the larger pair id is cut first', () => {
  // Star around 0 with equal scores, limit 3: edges 0-3 and then 0-2 go (larger pair ids), 0-1 stays.
  const links = pairList([[0, 1, 0.8], [0, 2, 0.8], [0, 3, 0.8], [3, 4, 0.9]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 5, links, maxClusterSize: 3 })), [[0, 1, 2], [3, 4]]);
});

test('clusters never exceed the limit when automatic links hold them', () => {
  const triples: Array<[number, number, number]> = [];
  for (let i = 0; i < 49; i++) triples.push([i, i + 1, 0.5 + (i % 7) / 20]);
  const clusterOf = buildClusters({ rowCount: 50, links: pairList(triples), maxClusterSize: 5 });
  for (const g of groups(clusterOf)) assert.ok(g.length <= 5, `cluster of ${g.length}`);
});

test('must-links are never cut by the size split', () => {
  const clusterOf = buildClusters({
    rowCount: 4,
    links: pairList([[2, 3, 0.99]]),
    constraints: {
      mustLinks: [{ a: 0, b: 1, seq: 1, score: 0.2 }, { a: 1, b: 2, seq: 2, score: 0.3 }],
      cannotLinks: [],
      isolatedAt: new Map(),
    },
    maxClusterSize: 2,
  });
  // The automatic 2-3 link is cut; the must-link piece {0,1,2} stays over the limit.
  assert.deepEqual(groups(clusterOf), [[0, 1, 2], [3]]);
});

test('the one-pass split equals cutting the weakest edge of an oversized piece until none is left', () => {
  const rnd = seededRandom(11);
  for (let round = 0; round < 30; round++) {
    const rowCount = 40;
    const links = randomPairs(rnd, rowCount, 60);
    const limit = 2 + Math.floor(rnd() * 6);
    assert.deepEqual(
      groups(buildClusters({ rowCount, links, maxClusterSize: limit })),
      groups(literalSplit(rowCount, links, limit)),
      `round ${round}, limit ${limit}`,
    );
  }
});

/** The rule as written, slowly: while some piece is over the limit, cut its weakest (last-ranked) edge. */
function literalSplit(rowCount: number, links: PairList, limit: number): Int32Array {
  const order = strongestFirst(links, rowCount, null);
  const edges = {
    a: Int32Array.from(order, (i) => links.a[i]),
    b: Int32Array.from(order, (i) => links.b[i]),
    mustLink: new Uint8Array(order.length),
    seq: new Float64Array(order.length),
    count: order.length,
  };
  const forest = maximumSpanningForest(rowCount, edges);
  const cut = new Uint8Array(forest.edges.count);
  for (;;) {
    const pieces = new UnionFind(rowCount);
    for (let e = 0; e < cut.length; e++) if (!cut[e]) pieces.union(forest.edges.a[e], forest.edges.b[e]);
    let root = -1;
    for (let e = 0; e < cut.length && root < 0; e++) {
      if (!cut[e] && pieces.sizeOf(forest.edges.a[e]) > limit) root = pieces.find(forest.edges.a[e]);
    }
    if (root < 0) break;
    // Ranks ascend from strongest to weakest, so the piece's weakest edge is its last one.
    let last = -1;
    for (let e = 0; e < cut.length; e++) if (!cut[e] && pieces.find(forest.edges.a[e]) === root) last = e;
    cut[last] = 1;
  }
  const pieces = new UnionFind(rowCount);
  for (let e = 0; e < cut.length; e++) if (!cut[e]) pieces.union(forest.edges.a[e], forest.edges.b[e]);
  const clusterOf = new Int32Array(rowCount);
  const first = new Map<number, number>();
  for (let r = 0; r < rowCount; r++) {
    const root = pieces.find(r);
    if (!first.has(root)) first.set(root, r);
    clusterOf[r] = first.get(root) as number;
  }
  return clusterOf;
}
