import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { estimateU, randomPairs, U_SMOOTHING } from '../../../src/engine/probabilistic/u-estimation.js';
import { exactScorer } from './scorer-doubles.js';

test('a small table contributes every pair exactly once', () => {
  const p = randomPairs(5, 100, 1);
  assert.equal(p.count, 10);
  const seen = new Set<string>();
  for (let i = 0; i < p.count; i++) {
    assert.ok(p.a[i] < p.b[i]);
    seen.add(`${p.a[i]}-${p.b[i]}`);
  }
  assert.equal(seen.size, 10);
});

test('a large table is sampled: maxPairs pairs of distinct, in-range rows', () => {
  const p = randomPairs(1000, 500, 9);
  assert.equal(p.count, 500);
  for (let i = 0; i < p.count; i++) {
    assert.ok(p.a[i] >= 0 && p.a[i] < p.b[i] && p.b[i] < 1000);
  }
  assert.deepEqual(randomPairs(1000, 500, 9), p);
  assert.notDeepEqual(randomPairs(1000, 500, 10).a, p.a);
});

test('u is the smoothed level frequency over observed random pairs', () => {
  // 4 rows, 6 pairs; values a a b null: pairs with a value on both sides are
  // (0,1) agree, (0,2) and (1,2) disagree; 3 involve the missing row.
  const dict = FieldDictionary.fromValues('x', [], ['a', 'a', 'b', null]);
  const est = estimateU([{ dict, scorer: exactScorer(), spec: {} }], 4, 100, 42, 'unobserved');
  assert.equal(est.pairs, 6);
  assert.deepEqual(est.observed, [3]);
  const d = 3 + 2 * U_SMOOTHING;
  assert.deepEqual(est.u[0], [(2 + U_SMOOTHING) / d, (1 + U_SMOOTHING) / d]);

  const asDisagree = estimateU([{ dict, scorer: exactScorer(), spec: {} }], 4, 100, 42, 'disagree');
  assert.deepEqual(asDisagree.observed, [6]);
  assert.ok(asDisagree.u[0][0] > est.u[0][0]);
});

test('a never-observed field gets a uniform u', () => {
  const dict = FieldDictionary.fromValues('x', [], [null, null, null]);
  const est = estimateU([{ dict, scorer: exactScorer(), spec: { levels: 4 } }], 3, 100, 42, 'unobserved');
  for (const p of est.u[0]) assert.ok(Math.abs(p - 0.25) < 1e-12);
});
