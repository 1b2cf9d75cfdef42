/** amount: money and quantities as plain decimals for numeric_diff. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amount } from '../../../src/engine/transforms/amount.js';
import { getTransform } from '../../../src/engine/transforms/registry.js';
import { numericDiff } from '../../../src/engine/scorers/numeric-diff.js';

test('a currency sign before or after and thousands commas are dropped', () => {
  assert.equal(amount('$1,299.00'), '1299.00');
  assert.equal(amount('€ 2,500'), '2500');
  assert.equal(amount('399.99 $'), '399.99');
  assert.equal(amount('£1,234,567.5'), '1234567.5');
  assert.equal(amount('  58.45 '), '58.45');
});

test('a decimal comma, a comma not before three digits, and other text stay as written', () => {
  assert.equal(amount('12,5 kg'), '12,5 kg');
  assert.equal(amount('1,23'), '1,23');
  assert.equal(amount('USD 40'), 'USD 40');
  assert.equal(amount('$'), '');
});

test('after amount, numeric_diff compares printed prices as numbers instead of falling back to equal text', () => {
  assert.equal(numericDiff('$399.00', '399.00'), 0);
  const t = getTransform('amount');
  assert.equal(numericDiff(t('$399.00') ?? '', t('399.00') ?? ''), 1);
  assert.ok(numericDiff(t('$1,000') ?? '', t('1,050.00') ?? '') > 0.5);
});
