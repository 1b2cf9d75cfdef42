import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { compareLevels } from '../../../src/engine/probabilistic/comparison.js';
import { exactScorer, prefixScorer } from './scorer-doubles.js';

const names = FieldDictionary.fromValues('name', [], ['smith', 'smith', 'smyth', null]);
const zips = FieldDictionary.fromValues('zip', [], ['10001', '10002', '10001', '10001']);
const fields = [
  { dict: names, scorer: prefixScorer(names), spec: { levels: 3, partial_threshold: 0.4 } },
  { dict: zips, scorer: exactScorer(), spec: {} },
];
const pairs = { a: Int32Array.of(0, 0, 1, 2, 9), b: Int32Array.of(1, 2, 3, 3, 9), count: 4 };

test('comparison vectors are row-major, one level per pair and field', () => {
  const levels = compareLevels(pairs, fields, 'unobserved');
  assert.ok(levels instanceof Int8Array);
  assert.deepEqual(Array.from(levels), [
    2, 0, // smith/smith exact (top), 10001/10002 differ
    1, 1, // smith/smyth prefix 0.4 = partial, zips equal
    -1, 0, // name missing on row 3
    -1, 1,
  ]);
});

test('with missing: disagree a missing value is level 0', () => {
  const levels = compareLevels(pairs, fields, 'disagree');
  assert.equal(levels[4], 0);
  assert.equal(levels[6], 0);
});

test('entries beyond count are ignored', () => {
  assert.equal(compareLevels(pairs, fields, 'unobserved').length, 8);
});
