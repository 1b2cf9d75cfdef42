import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trainFellegiSunter, type TrainingInput } from '../../../src/engine/probabilistic/train.js';
import { field } from './scorer-doubles.js';
import { mixedSample, syntheticTable } from './synthetic-data.js';

// 600 rows = 179,700 pairs, far above u_pairs: u really is sampled.
const table = syntheticTable(300, [8, 25, 90], [0.9, 0.8, 0.9], 21);

function input(seed: number): TrainingInput {
  return {
    fields: [field(table.columns[0], 'exact'), field(table.columns[1], 'prefix', { levels: 3 }), field(table.columns[2], 'exact')],
    rowCount: table.rowCount,
    blockedPairs: mixedSample(table, 900, 22),
    missing: 'unobserved',
    em: { max_iterations: 20, convergence: 0.001, seed, sample_pairs: 10_000, u_pairs: 2000 },
  };
}

test('the same input and seed give an identical model', () => {
  assert.deepEqual(trainFellegiSunter(input(42)).toJSON(), trainFellegiSunter(input(42)).toJSON());
});

test('the seed drives the u sample', () => {
  assert.notDeepEqual(trainFellegiSunter(input(42)).u, trainFellegiSunter(input(43)).u);
});
