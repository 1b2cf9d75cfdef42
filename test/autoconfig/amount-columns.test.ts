/** Zero-config on amounts: a column of decimal numbers is an amount, compared by relative difference, not an identifier compared by edit distance. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { fieldFor } from '../../src/autoconfig/initial-config.js';
import { rng, table } from './fixtures.js';

function store(): ReturnType<typeof table> {
  const r = rng(41);
  const rows: string[][] = [];
  for (let i = 0; i < 400; i++) {
    const price = (5 + r() * 900).toFixed(2);
    // A shipping weight: whole pounds on most rows, fractions on some.
    const weight = r() < 0.6 ? String(1 + Math.floor(r() * 30)) : (r() * 30).toFixed(2);
    rows.push([price, weight, String(10000 + Math.floor(r() * 90000))]);
  }
  return table(['price', 'weight', 'zip'], rows);
}

test('digits with a fractional part are an amount, even when distinct and five characters long; whole digit strings stay codes', () => {
  const kinds = Object.fromEntries(profileColumns(store(), []).map((p) => [p.column, p.kind]));
  assert.deepEqual(kinds, { price: 'number', weight: 'number', zip: 'identifier' });
});

test('an amount is compared by relative difference (numeric_diff, 10% band) and weighs at most 0.25', () => {
  const price = profileColumns(store(), []).find((p) => p.column === 'price');
  assert.ok(price);
  assert.deepEqual(fieldFor(price), { field: 'price', scorer: 'numeric_diff', weight: 0.25, transforms: ['amount'] });
});
