import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnPriors, corruptionScore } from '../../src/autoconfig/column-priors.js';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { rng, table, word } from './fixtures.js';

test('corruption is the share of distinct spellings collapsing under case and whitespace folding', () => {
  const t = table(['n'], [['Ann'], ['ANN'], ['ann '], ['Bo'], [null]]);
  // raw {Ann, ANN, "ann ", Bo} = 4, folded {ann, bo} = 2
  assert.equal(corruptionScore(t, 0), 0.5);
  assert.equal(corruptionScore(table(['n'], [['a'], ['b']]), 0), 0);
});

test('identity is high for email and digit identifiers, zero for dates and categories, by distinctness otherwise', () => {
  const r = rng(7);
  const rows = Array.from({ length: 200 }, (_, i) => [
    `${word(r)}${i}@example.org`,
    String(5_000_000 + i * 13),
    `2020-0${1 + (i % 9)}-1${i % 10}`,
    ['red', 'green', 'blue'][i % 3],
    `${word(r)} ${word(r)}`,
    'constant',
  ]);
  const store = table(['contact', 'ref_no', 'day', 'colour', 'label', 'flag'], rows);
  const priors = columnPriors(store, profileColumns(store, []));
  const identity = Object.fromEntries(priors.map((p) => [p.column, p.identity_score]));
  assert.equal(identity.contact, 0.95);
  assert.equal(identity.ref_no, 0.9);
  assert.equal(identity.label, 0.7);
  assert.equal('day' in identity, false, 'dates score 0 and are omitted');
  assert.equal('colour' in identity, false, 'categories score 0 and are omitted');
  assert.deepStrictEqual(priors.map((p) => p.column), ['contact', 'ref_no', 'label']);
});

test('excluded columns are not profiled, so they never get priors', () => {
  const store = table(['id', 'email'], Array.from({ length: 50 }, (_, i) => [String(100000 + i), `u${i}@x.org`]));
  const priors = columnPriors(store, profileColumns(store, ['id']));
  assert.deepStrictEqual(priors.map((p) => p.column), ['email']);
});
