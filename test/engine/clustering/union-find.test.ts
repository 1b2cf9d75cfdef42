import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UnionFind } from '../../../src/engine/clustering/union-find.js';

test('union joins sets, reports whether anything changed, and tracks sizes', () => {
  const uf = new UnionFind(6);
  assert.equal(uf.union(0, 1), true);
  assert.equal(uf.union(2, 3), true);
  assert.equal(uf.union(1, 0), false);
  assert.equal(uf.union(1, 3), true);
  assert.equal(uf.find(0), uf.find(2));
  assert.notEqual(uf.find(0), uf.find(4));
  assert.equal(uf.sizeOf(3), 4);
  assert.equal(uf.sizeOf(5), 1);
});

test('a long chain stays correct (no recursion, path halving)', () => {
  const n = 200_000;
  const uf = new UnionFind(n);
  for (let i = 1; i < n; i++) uf.union(i - 1, i);
  assert.equal(uf.sizeOf(0), n);
  assert.equal(uf.find(n - 1), uf.find(0));
});
