import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trainFellegiSunter, type TrainingInput } from '../../../src/engine/probabilistic/train.js';
import type { PairList } from '../../../src/engine/probabilistic/types.js';
import { field } from './scorer-doubles.js';
import { syntheticTable } from './synthetic-data.js';
import { KindredError } from '../../../src/errors/registry.js';

const table = syntheticTable(300, [5, 40, 60], [0.95, 0.85, 0.9], 51);
const [city, name, dob] = table.columns;

/** Every pair of rows sharing a city value: what blocking on city yields. */
function blockOn(dict: typeof city, limit: number): PairList {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < dict.rowCount && a.length < limit; i++) {
    for (let j = i + 1; j < dict.rowCount && a.length < limit; j++) {
      if (dict.ids[i] === dict.ids[j]) {
        a.push(i);
        b.push(j);
      }
    }
  }
  return { a: Int32Array.from(a), b: Int32Array.from(b), count: a.length };
}

function input(pass: Int32Array | undefined, passFieldKeys?: string[][]): TrainingInput {
  const pairs = blockOn(city, 4000);
  return {
    fields: [field(city, 'exact'), field(name, 'exact'), field(dob, 'exact')],
    rowCount: table.rowCount,
    blockedPairs: { ...pairs, pass },
    passFieldKeys,
    missing: 'unobserved',
    em: { max_iterations: 50, convergence: 0.001, seed: 42, sample_pairs: 10_000, u_pairs: 3000 },
  };
}

test('a field every training pair was blocked on gets fixed ramp weights and a neutral u', () => {
  const pass = new Int32Array(4000);
  const model = trainFellegiSunter(input(pass, [[city.key]]));
  const json = model.toJSON();
  assert.equal(json.fields[0].fixed, true);
  assert.deepEqual(json.fields[0].weights, [-3, 3]);
  assert.deepEqual(json.fields[0].u, [0.5, 0.5]);
  assert.equal(json.fields[1].fixed, false);
  assert.ok(json.fields[1].weights[1] > 0);
});

test('without pass information the blocked field is learned from always-agreeing pairs', () => {
  const json = trainFellegiSunter(input(undefined)).toJSON();
  assert.equal(json.fields[0].fixed, false);
  // Every sampled pair agrees on city, so m says "matches always agree" and the
  // agreement weight is log2(1 / u): large, unlike the ramp's +3.
  assert.ok(json.fields[0].m[1] > 0.99);
  assert.ok(json.fields[0].weights[1] > 2);
});

test('a field conditioned on only some passes is still learned from the other pairs', () => {
  const pass = new Int32Array(4000);
  for (let i = 0; i < pass.length; i += 2) pass[i] = 1;
  const json = trainFellegiSunter(input(pass, [[city.key], []])).toJSON();
  assert.equal(json.fields[0].fixed, false);
});

test('a pass index outside passFieldKeys is an internal error', () => {
  const pass = new Int32Array(4000).fill(3);
  assert.throws(() => trainFellegiSunter(input(pass, [[city.key]])), KindredError);
});
