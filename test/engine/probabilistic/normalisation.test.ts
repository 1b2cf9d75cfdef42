import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { FellegiSunterModel, NO_EVIDENCE_SCORE } from '../../../src/engine/probabilistic/model.js';
import { PARAMETERS_FORMAT, type FellegiSunterParameters } from '../../../src/engine/probabilistic/parameters.js';
import { field } from './scorer-doubles.js';

const name = FieldDictionary.fromValues('name', [], ['ann', 'ann', 'bob', null, 'ann', null]);
const zip = FieldDictionary.fromValues('zip', [], ['1', '1', '2', '1', '2', null]);

function model(missing: 'unobserved' | 'disagree', tf = false): FellegiSunterModel {
  const params: FellegiSunterParameters = {
    format: PARAMETERS_FORMAT, missing, lambda: 0.1, converged: true, iterations: 3,
    lastChange: 0, emPairs: 1, uPairs: 1, warnings: [],
    fields: [
      { key: 'name', levels: 2, m: [0.2, 0.8], u: [0.95, 0.05], weights: [-2, 4], fixed: false, tfAdjustment: tf },
      { key: 'zip', levels: 2, m: [0.1, 0.9], u: [0.5, 0.5], weights: [-1, 1], fixed: false, tfAdjustment: tf },
    ],
  };
  return new FellegiSunterModel(params, [field(name, 'exact'), field(zip, 'exact')]);
}

test('all fields agreeing scores 1, all disagreeing scores 0', () => {
  const m = model('unobserved');
  assert.equal(m.scorePair(0, 1), 1);
  assert.equal(m.scorePair(1, 2), 0);
  assert.equal(m.minTotal, -3);
  assert.equal(m.maxTotal, 5);
});

test('a mixed pair scores (W − Σmin) / (Σmax − Σmin)', () => {
  // name agrees (+4), zip disagrees (−1): (3 − (−3)) / 8.
  assert.equal(model('unobserved').scorePair(0, 4), 6 / 8);
  assert.equal(model('unobserved').pairWeight(0, 4), 3);
});

test('unobserved fields leave both the weight and the range', () => {
  // Row 3 has no name: only zip (agrees) counts, so the score is 1.
  assert.equal(model('unobserved').scorePair(0, 3), 1);
  // As disagreement the name adds −2 and its range: (−2 + 1 + 3) / 8.
  assert.equal(model('disagree').scorePair(0, 3), 2 / 8);
});

test('nothing observed scores 0.5', () => {
  assert.equal(model('unobserved').scorePair(3, 5), NO_EVIDENCE_SCORE);
  assert.equal(model('unobserved').explainPair(3, 5).observed, false);
  assert.equal(model('disagree').scorePair(3, 5), 0);
});

test('every score lies in [0, 1], with term-frequency adjustment too', () => {
  for (const m of [model('unobserved', true), model('disagree', true)]) {
    for (let a = 0; a < 6; a++) {
      for (let b = 0; b < 6; b++) {
        const s = m.scorePair(a, b);
        assert.ok(s >= 0 && s <= 1, `score ${s} for ${a},${b}`);
      }
    }
  }
});
