import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { FellegiSunterModel } from '../../../src/engine/probabilistic/model.js';
import { PARAMETERS_FORMAT, type FellegiSunterParameters } from '../../../src/engine/probabilistic/parameters.js';
import { TermFrequencyTable } from '../../../src/engine/probabilistic/term-frequency.js';
import { field } from './scorer-doubles.js';

// 'smith' on 6 rows, 'jones' on 2, 'okafor' on 2; one missing row.
const surnames = FieldDictionary.fromValues('surname', [], [
  'smith', 'smith', 'smith', 'smith', 'smith', 'smith', 'jones', 'jones', 'okafor', 'okafor', null,
]);

test('the adjustment is log2(C / freq(v)) over non-missing rows', () => {
  const tf = new TermFrequencyTable(surnames);
  const c = 0.6 ** 2 + 0.2 ** 2 + 0.2 ** 2; // 0.44
  assert.ok(Math.abs(tf.adjustment(surnames.ids[0]) - Math.log2(c / 0.6)) < 1e-12);
  assert.ok(Math.abs(tf.adjustment(surnames.ids[8]) - Math.log2(c / 0.2)) < 1e-12);
  assert.ok(tf.adjustment(surnames.ids[0]) < 0, 'common value is weaker evidence');
  assert.ok(tf.adjustment(surnames.ids[8]) > 0, 'rare value is stronger evidence');
  assert.equal(tf.adjustmentForValue('okafor'), tf.adjustment(surnames.ids[8]));
  // An unseen value counts as seen once: log2(0.44 / 0.1).
  assert.ok(Math.abs(tf.adjustmentForValue('zed') - Math.log2(c / 0.1)) < 1e-12);
});

test('the adjustment is clipped to ±10 bits', () => {
  const values: string[] = new Array(5000).fill('common');
  values.push('rare');
  const tf = new TermFrequencyTable(FieldDictionary.fromValues('x', [], values));
  assert.ok(Math.log2(((5000 / 5001) ** 2) / (1 / 5001)) > 10);
  assert.equal(tf.adjustment(1), 10);
});

function model(tfAdjustment: boolean, dicts: FieldDictionary[]): FellegiSunterModel {
  const params: FellegiSunterParameters = {
    format: PARAMETERS_FORMAT, missing: 'unobserved', lambda: 0.1, converged: true, iterations: 5,
    lastChange: 0, emPairs: 10, uPairs: 10, warnings: [],
    fields: [
      { key: 'surname', levels: 2, m: [0.1, 0.9], u: [0.9, 0.1], weights: [-3, 3], fixed: false, tfAdjustment },
      { key: 'city', levels: 2, m: [0.1, 0.9], u: [0.9, 0.1], weights: [-3, 3], fixed: false, tfAdjustment: false },
    ],
  };
  return new FellegiSunterModel(params, dicts.map((d) => field(d, 'exact', { tf_adjustment: tfAdjustment })));
}

test('with tf_adjustment, agreeing on a rare surname scores above agreeing on a common one', () => {
  // Rows 0,1 share 'smith'; rows 8,9 share 'okafor'; city disagrees on both
  // pairs, so only the surname term lifts the score above 0.
  const city = FieldDictionary.fromValues('city', [], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
  const withTf = model(true, [surnames, city]);
  const without = model(false, [surnames, city]);
  assert.equal(without.scorePair(0, 1), without.scorePair(8, 9));
  assert.ok(withTf.scorePair(8, 9) > withTf.scorePair(0, 1));
  assert.ok(withTf.scorePair(8, 9) > without.scorePair(8, 9));
  assert.ok(withTf.scorePair(0, 1) < without.scorePair(0, 1));
  const explained = withTf.explainPair(8, 9);
  assert.ok(explained.fields[0].tfAdjustment > 0);
  assert.equal(explained.totalWeight, 3 + explained.fields[0].tfAdjustment - 3);
});

test('no adjustment on disagreement', () => {
  const city = FieldDictionary.fromValues('city', [], new Array(11).fill('x'));
  const explained = model(true, [surnames, city]).explainPair(0, 8);
  assert.equal(explained.fields[0].level, 0);
  assert.equal(explained.fields[0].tfAdjustment, 0);
});
