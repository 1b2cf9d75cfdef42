import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FellegiSunterModel } from '../../../src/engine/probabilistic/model.js';
import { trainFellegiSunter } from '../../../src/engine/probabilistic/train.js';
import { KindredError } from '../../../src/errors/registry.js';
import { field } from './scorer-doubles.js';
import { mixedSample, syntheticTable } from './synthetic-data.js';

const table = syntheticTable(200, [10, 30], [0.9, 0.8], 41);
const fields = [field(table.columns[0], 'exact', { tf_adjustment: true }), field(table.columns[1], 'prefix', { levels: 3 })];
const model = trainFellegiSunter({
  fields,
  rowCount: table.rowCount,
  blockedPairs: mixedSample(table, 600, 42),
  missing: 'unobserved',
  em: { max_iterations: 20, convergence: 0.001, seed: 42, sample_pairs: 10_000, u_pairs: 2000 },
});

test('a model survives JSON text and scores identically afterwards', () => {
  const copy = FellegiSunterModel.fromJSON(JSON.parse(JSON.stringify(model)), fields);
  assert.deepEqual(copy.toJSON(), model.toJSON());
  for (let a = 0; a < 40; a++) {
    for (let b = a + 1; b < 40; b++) assert.equal(copy.scorePair(a, b), model.scorePair(a, b));
  }
  assert.equal(copy.converged, model.converged);
  assert.equal(copy.iterations, model.iterations);
  assert.deepEqual(copy.weights, model.weights);
});

test('toJSON returns a copy that cannot change the model', () => {
  const json = model.toJSON();
  json.fields[0].weights[1] = 999;
  assert.notEqual(model.weights[0][1], 999);
});

test('malformed JSON is rejected with one issue per problem', () => {
  const json = model.toJSON() as unknown as Record<string, unknown>;
  const bad = { ...json, lambda: 2, converged: 'yes' };
  assert.throws(
    () => FellegiSunterModel.fromJSON(bad, fields),
    (e: unknown) =>
      e instanceof KindredError &&
      e.details !== undefined &&
      e.details.some((d) => d.path === 'lambda') &&
      e.details.some((d) => d.path === 'converged'),
  );
  assert.throws(() => FellegiSunterModel.fromJSON('nope', fields), KindredError);
});

test('a model does not bind to fields it was not trained on', () => {
  assert.throws(() => FellegiSunterModel.fromJSON(model.toJSON(), fields.slice(0, 1)), KindredError);
  const swapped = [fields[1], fields[0]];
  assert.throws(() => FellegiSunterModel.fromJSON(model.toJSON(), swapped), KindredError);
});
