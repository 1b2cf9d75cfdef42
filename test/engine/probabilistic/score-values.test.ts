import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trainFellegiSunter } from '../../../src/engine/probabilistic/train.js';
import { field } from './scorer-doubles.js';
import { mixedSample, syntheticTable } from './synthetic-data.js';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';

// Real training, a graded field and a TF field, and some missing values.
const table = syntheticTable(150, [6, 20, 40], [0.9, 0.8, 0.9], 31);
const sparse = FieldDictionary.fromValues('sparse', [], Array.from({ length: table.rowCount }, (_, r) => (r % 3 === 0 ? null : `s${r % 5}`)));
const fields = [
  field(table.columns[0], 'exact', { tf_adjustment: true }),
  field(table.columns[1], 'prefix', { levels: 3, partial_threshold: 0.6 }),
  field(table.columns[2], 'exact'),
  field(sparse, 'exact'),
];
const model = trainFellegiSunter({
  fields,
  rowCount: table.rowCount,
  blockedPairs: mixedSample(table, 450, 32),
  missing: 'unobserved',
  em: { max_iterations: 20, convergence: 0.001, seed: 42, sample_pairs: 10_000, u_pairs: 3000 },
});

function rowValues(row: number): Array<string | null> {
  return fields.map((f) => f.dict.rowValue(row));
}

test('scoring values gives exactly the score of the rows holding them', () => {
  for (let a = 0; a < 60; a++) {
    for (let b = a + 1; b < 60; b++) {
      assert.equal(model.scoreValues(rowValues(a), rowValues(b)), model.scorePair(a, b), `rows ${a},${b}`);
    }
  }
});

test('explaining values matches explaining rows field by field', () => {
  assert.deepEqual(model.explainValues(rowValues(0), rowValues(1)), model.explainPair(0, 1));
  assert.deepEqual(model.explainValues(rowValues(2), rowValues(9)), model.explainPair(2, 9));
});

test('empty strings and absent entries count as missing', () => {
  const a = rowValues(1);
  const b = rowValues(4);
  const blank = [...b];
  blank[3] = '';
  const gaps = [...b];
  gaps[3] = null;
  assert.equal(model.scoreValues(a, blank), model.scoreValues(a, gaps));
  assert.equal(model.scoreValues(a, b.slice(0, 3)), model.scoreValues(a, gaps));
});
