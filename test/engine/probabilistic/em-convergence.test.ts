import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trainFellegiSunter, type TrainingInput } from '../../../src/engine/probabilistic/train.js';
import { field } from './scorer-doubles.js';
import { mixedSample, syntheticTable } from './synthetic-data.js';

const table = syntheticTable(400, [10, 30, 60], [0.9, 0.85, 0.9], 11);

function input(maxIterations: number, convergence = 0.001): TrainingInput {
  return {
    fields: table.columns.map((dict) => field(dict, 'exact')),
    rowCount: table.rowCount,
    blockedPairs: mixedSample(table, 1600, 12),
    missing: 'unobserved',
    em: { max_iterations: maxIterations, convergence, seed: 42, sample_pairs: 10_000, u_pairs: 5000 },
  };
}

test('one iteration on data that needs more is reported as not converged', () => {
  const model = trainFellegiSunter(input(1));
  assert.equal(model.converged, false);
  assert.equal(model.iterations, 1);
  assert.ok(model.warnings.some((w) => w.includes('did not converge')));
  assert.ok((model.toJSON().lastChange ?? 0) >= 0.001);
});

test('enough iterations converge, and stop early once m settles', () => {
  const model = trainFellegiSunter(input(500));
  assert.equal(model.converged, true);
  assert.ok(model.iterations > 1 && model.iterations < 500, `iterations ${model.iterations}`);
  assert.ok((model.toJSON().lastChange ?? 1) < 0.001);
  assert.ok(!model.warnings.some((w) => w.includes('did not converge')));
});

test('no blocked pairs: nothing runs, converged is false', () => {
  const empty = { ...input(20), blockedPairs: { a: new Int32Array(0), b: new Int32Array(0), count: 0 } };
  const model = trainFellegiSunter(empty);
  assert.equal(model.converged, false);
  assert.equal(model.iterations, 0);
  assert.equal(model.toJSON().lastChange, null);
});

test('at most em.sample_pairs blocked pairs are used', () => {
  const capped = input(20);
  capped.em = { ...capped.em, sample_pairs: 300 };
  assert.equal(trainFellegiSunter(capped).toJSON().emPairs, 300);
});
