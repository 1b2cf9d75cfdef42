/** Components labelled by their smallest row in one sweep: the same labels and sizes as a union-find by size labelled by a find per row. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { rowComponents } from '../../../src/engine/clustering/row-components.js';
import { UnionFind } from '../../../src/engine/clustering/union-find.js';
import { pairList } from './pair-list-fixture.js';

/** The plain way: union by size, then each row's label is the first row met with its root. */
function plain(rowCount: number, links: Array<readonly [number, number, number]>): { clusterOf: number[]; sizes: number[] } {
  const uf = new UnionFind(rowCount);
  for (const [x, y] of links) uf.union(x, y);
  const first = new Map<number, number>();
  const clusterOf: number[] = [];
  for (let r = 0; r < rowCount; r++) {
    const root = uf.find(r);
    if (!first.has(root)) first.set(root, r);
    clusterOf.push(first.get(root) as number);
  }
  return { clusterOf, sizes: Array.from({ length: rowCount }, (_, r) => uf.sizeOf(r)) };
}

test('property: labels, sizes and the largest size equal the union-find by size, for any links in any order', () => {
  const graph = fc.integer({ min: 1, max: 60 }).chain((rowCount) =>
    fc.record({
      rowCount: fc.constant(rowCount),
      pairs: fc.array(fc.tuple(fc.integer({ min: 0, max: rowCount - 1 }), fc.integer({ min: 0, max: rowCount - 1 })), { maxLength: 120 }),
    }),
  );
  fc.assert(
    fc.property(graph, ({ rowCount, pairs }) => {
      // Links are scored pairs a < b; repeats and links inside a component are kept (they must change nothing).
      const links = pairs.filter(([x, y]) => x !== y).map(([x, y]) => [Math.min(x, y), Math.max(x, y), 0.9] as const);
      const got = rowComponents(rowCount, pairList(links));
      const want = plain(rowCount, links);
      assert.deepEqual(Array.from(got.clusterOf), want.clusterOf);
      assert.deepEqual(Array.from(got.clusterOf, (label) => got.sizeOf[label]), want.sizes);
      assert.equal(got.largest, rowCount === 0 ? 0 : Math.max(...want.sizes));
    }),
    { numRuns: 2000 },
  );
});

test('long chains in either direction label every row with row 0 (no recursion; halving keeps parents smaller)', () => {
  const n = 200_000;
  const up: Array<readonly [number, number, number]> = [];
  for (let i = 1; i < n; i++) up.push([i - 1, i, 1]);
  const down = [...up].reverse();
  for (const links of [up, down]) {
    const { clusterOf, sizeOf, largest } = rowComponents(n, pairList(links));
    assert.equal(largest, n);
    assert.equal(sizeOf[0], n);
    assert.ok(clusterOf.every((c) => c === 0));
  }
});

test('no links: every row is its own component of one', () => {
  const { clusterOf, largest } = rowComponents(3, pairList([]));
  assert.deepEqual(Array.from(clusterOf), [0, 1, 2]);
  assert.equal(largest, 1);
  assert.equal(rowComponents(0, pairList([])).largest, 0);
});
