/** numeric_diff: abs vs pct bands, the bare default, Python float parsing, non-numbers fall back to exact. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { createScorer, numericDiff } from '../../../src/engine/scorers/registry.js';
import { assertClose } from './assert-close.js';

test('bare numeric_diff is pct with band 0.1', () => {
  assertClose(numericDiff('100', '95'), 0.5, '5% of 100');
  const bare = createScorer('numeric_diff', null);
  const explicit = createScorer('numeric_diff:pct:0.1', null);
  assert.equal(bare.values('100', '95'), explicit.values('100', '95'));
});

test('pct divides by the larger magnitude; abs uses the raw difference', () => {
  const pct = createScorer('numeric_diff:pct:0.1', null);
  assertClose(pct.values('100', '105'), 1 - 5 / 105 / 0.1, 'pct');
  const abs = createScorer('numeric_diff:abs:5', null);
  assertClose(abs.values('10', '13'), 0.4, 'abs 3 of 5');
  assertClose(abs.values('1000', '1003'), 0.4, 'abs ignores magnitude');
  assertClose(pct.values('1000', '1003'), 1 - 3 / 1003 / 0.1, 'pct: 0.3% of a 10% band');
});

test('0 at or beyond the band; equal numbers in different spellings score 1', () => {
  const abs = createScorer('numeric_diff:abs:5', null);
  assert.equal(abs.values('10', '15'), 0);
  assert.equal(abs.values('10', '40'), 0);
  assert.equal(abs.values('10', '10.0'), 1);
  assert.equal(abs.values(' 1_000 ', '1e3'), 1);
  assertClose(abs.values('-2', '+2.'), 0.2, 'signs and a trailing dot parse');
  assert.equal(createScorer('numeric_diff', null).values('0', '0'), 1);
});

test('non-numbers (text, hex, inf, nan, overflow) compare as exact strings', () => {
  const s = createScorer('numeric_diff:abs:5', null);
  assert.equal(s.values('n/a', 'n/a'), 1);
  assert.equal(s.values('n/a', 'N/A'), 0);
  assert.equal(s.values('0x10', '16'), 0);
  assert.equal(s.values('inf', 'inf'), 1);
  assert.equal(s.values('inf', '1e999'), 0);
  assert.equal(s.values('nan', '1'), 0);
  assert.equal(s.values('', ''), 1);
});

test('the ids path parses each distinct value once and agrees with values()', () => {
  const dict = FieldDictionary.fromValues('amount', [], ['10', '12', 'n/a', '10.0']);
  const s = createScorer('numeric_diff:abs:5', dict);
  assertClose(s.ids(0, 1), 0.6, 'ids');
  assert.equal(s.ids(0, 3), 1);
  assert.equal(s.ids(2, 2), 1);
  assert.equal(s.ids(0, 2), 0);
});
