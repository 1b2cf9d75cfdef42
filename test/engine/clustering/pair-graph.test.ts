import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import { KindredError } from '../../../src/errors/registry.js';
import { pairList } from './pair-list-fixture.js';

test('neighbours are ascending with their scores, and lookups work in both orders', () => {
  const g = PairGraph.fromPairs(5, pairList([[3, 4, 0.5], [0, 3, 0.9], [1, 3, 0.7], [0, 1, 0.6]]));
  const seen: Array<[number, number]> = [];
  g.forEachNeighbour(3, (n, s) => seen.push([n, s]));
  assert.deepEqual(seen, [[0, 0.9], [1, 0.7], [4, 0.5]]);
  assert.equal(g.score(3, 0), 0.9);
  assert.equal(g.score(0, 3), 0.9);
  assert.equal(g.score(0, 4), undefined);
  assert.equal(g.score(2, 2), undefined);
  assert.equal(g.degree(2), 0);
  assert.equal(g.pairCount, 4);
});

test('rejects duplicate, reversed and out-of-range pairs', () => {
  assert.throws(() => PairGraph.fromPairs(3, pairList([[0, 1, 0.5], [0, 1, 0.6]])), KindredError);
  assert.throws(() => PairGraph.fromPairs(3, pairList([[1, 0, 0.5]])), KindredError);
  assert.throws(() => PairGraph.fromPairs(3, pairList([[0, 3, 0.5]])), KindredError);
  assert.throws(() => PairGraph.fromPairs(3, pairList([[0, 1, Number.NaN]])), KindredError);
});

test('only the first count pairs are read', () => {
  const p = pairList([[0, 1, 0.5], [1, 2, 0.6]]);
  const g = PairGraph.fromPairs(3, { ...p, count: 1 });
  assert.equal(g.score(1, 2), undefined);
  assert.equal(g.score(0, 1), 0.5);
});
