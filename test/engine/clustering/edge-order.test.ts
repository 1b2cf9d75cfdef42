import { test } from 'node:test';
import assert from 'node:assert/strict';
import { strongestFirst } from '../../../src/engine/clustering/edge-order.js';
import { pairList, randomPairs, seededRandom } from './pair-list-fixture.js';

test('orders by score descending, ties by pair id (a, then b, numerically)', () => {
  const pairs = pairList([
    [2, 10, 0.5],
    [2, 9, 0.5],
    [1, 30, 0.5],
    [0, 1, 0.25],
    [5, 6, 1],
    [3, 4, -0.5],
    [7, 8, 0],
  ]);
  assert.deepEqual(Array.from(strongestFirst(pairs, 31, null)), [4, 2, 1, 0, 3, 6, 5]);
});

test('keep mask leaves pairs out', () => {
  const pairs = pairList([[0, 1, 0.9], [1, 2, 0.8], [0, 2, 0.7]]);
  assert.deepEqual(Array.from(strongestFirst(pairs, 3, Uint8Array.of(1, 0, 1))), [0, 2]);
});

test('the radix path matches a comparator sort on random input with many ties', () => {
  const pairs = randomPairs(seededRandom(7), 300, 5000); // over the comparison-sort cut-off: radix path
  const expected = Array.from({ length: pairs.count }, (_, i) => i).sort(
    (x, y) => pairs.score[y] - pairs.score[x] || pairs.a[x] - pairs.a[y] || pairs.b[x] - pairs.b[y],
  );
  assert.deepEqual(Array.from(strongestFirst(pairs, 300, null)), expected);
});

test('small and large inputs are ordered the same way (comparison and radix paths)', () => {
  const big = randomPairs(seededRandom(3), 2000, 5000);
  const full = Array.from(strongestFirst(big, 2000, null));
  // Keep a few hundred pairs via the mask: the comparison path must agree with the radix order restricted to them.
  const keep = new Uint8Array(big.count);
  for (let i = 0; i < big.count; i += 17) keep[i] = 1;
  assert.deepEqual(Array.from(strongestFirst(big, 2000, keep)), full.filter((i) => keep[i] === 1));
});
