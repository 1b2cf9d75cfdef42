/** Unconstrained clustering takes the connected components when none is over the size limit: always the spanning forest's result. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildClusters, forestClusters, type ClusterInput } from '../../../src/engine/clustering/cluster-builder.js';
import type { Constraints } from '../../../src/engine/clustering/types.js';
import { pairList } from './pair-list-fixture.js';

// Graphs of up to 40 rows; scores on a coarse grid so ties (and their tie-breaks) are common.
const graph = fc.integer({ min: 1, max: 40 }).chain((rowCount) =>
  fc.record({
    rowCount: fc.constant(rowCount),
    // Self-pairs and repeated pairs are dropped when the links are built (a filter here could never be met on one row).
    triples: fc.array(fc.tuple(fc.integer({ min: 0, max: rowCount - 1 }), fc.integer({ min: 0, max: rowCount - 1 }), fc.integer({ min: 0, max: 20 })), { maxLength: 80 }),
    maxClusterSize: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 12 })),
  }),
);

function input(g: { rowCount: number; triples: Array<[number, number, number]>; maxClusterSize: number }): ClusterInput {
  const seen = new Set<string>();
  const kept: Array<readonly [number, number, number]> = [];
  for (const [x, y, s] of g.triples) {
    const key = `${Math.min(x, y)}-${Math.max(x, y)}`;
    if (x === y || seen.has(key)) continue;
    seen.add(key);
    kept.push([Math.min(x, y), Math.max(x, y), s / 20]);
  }
  const links = pairList(kept);
  return { rowCount: g.rowCount, links, maxClusterSize: g.maxClusterSize };
}

test('property: with no constraint and no density gate, buildClusters equals the spanning-forest path for any graph and size limit', () => {
  fc.assert(
    fc.property(graph, (g) => {
      const i = input(g);
      assert.deepEqual(Array.from(buildClusters(i)), Array.from(forestClusters(i)));
    }),
    { numRuns: 500 },
  );
});

test('property: with constraints or a density gate the general path is taken, and the result is still the same function', () => {
  fc.assert(
    fc.property(graph, fc.boolean(), (g, gate) => {
      const i = input(g);
      const constraints: Constraints = { mustLinks: [], cannotLinks: [{ a: 0, b: g.rowCount - 1, seq: 1 }], isolatedAt: new Map() };
      const constrained: ClusterInput = gate ? { ...i, minLinkDensity: 0.5 } : { ...i, constraints };
      if (g.rowCount < 2 && !gate) return;
      assert.deepEqual(Array.from(buildClusters(constrained)), Array.from(forestClusters(constrained)));
    }),
    { numRuns: 200 },
  );
});

test('a component over the limit is still split at its weakest edge (the shortcut does not apply)', () => {
  const links = pairList([[0, 1, 0.95], [1, 2, 0.9], [2, 3, 0.6], [3, 4, 0.9], [4, 5, 0.95]]);
  assert.deepEqual(Array.from(buildClusters({ rowCount: 6, links, maxClusterSize: 3 })), [0, 0, 0, 3, 3, 3]);
  assert.deepEqual(Array.from(buildClusters({ rowCount: 6, links, maxClusterSize: 6 })), [0, 0, 0, 0, 0, 0]);
});

test('a link that is not a pair a < b of existing rows is refused on both paths', () => {
  const bad = pairList([[2, 1, 0.9]]);
  assert.throws(() => buildClusters({ rowCount: 3, links: bad, maxClusterSize: 100 }), /not a scored pair/);
  assert.throws(() => forestClusters({ rowCount: 3, links: bad, maxClusterSize: 100 }), /not a scored pair/);
});
