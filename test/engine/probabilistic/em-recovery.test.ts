import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runEm } from '../../../src/engine/probabilistic/em.js';
import { SeededRandom } from '../../../src/engine/probabilistic/seeded-random.js';
import { trainFellegiSunter } from '../../../src/engine/probabilistic/train.js';
import { field } from './scorer-doubles.js';
import { mixedSample, syntheticTable } from './synthetic-data.js';

const TRUE_LAMBDA = 0.15;
const TRUE_M = [[0.05, 0.95], [0.1, 0.2, 0.7], [0.15, 0.85]];
const TRUE_U = [[0.9, 0.1], [0.8, 0.15, 0.05], [0.7, 0.3]];

function pick(rng: SeededRandom, p: readonly number[]): number {
  let x = rng.next();
  for (let k = 0; k < p.length - 1; k++) {
    if (x < p[k]) return k;
    x -= p[k];
  }
  return p.length - 1;
}

/** Comparison vectors drawn from the known model; 5% of entries unobserved. */
function vectors(count: number, seed: number): Int8Array {
  const rng = new SeededRandom(seed);
  const out = new Int8Array(count * 3);
  for (let i = 0; i < count; i++) {
    const match = rng.next() < TRUE_LAMBDA;
    for (let f = 0; f < 3; f++) {
      const level = pick(rng, (match ? TRUE_M : TRUE_U)[f]);
      out[i * 3 + f] = rng.next() < 0.05 ? -1 : level;
    }
  }
  return out;
}

test('EM recovers m and λ of a known model from its comparison vectors', () => {
  const count = 20_000;
  const r = runEm({
    levels: vectors(count, 5),
    count,
    nFields: 3,
    levelCounts: [2, 3, 2],
    u: TRUE_U,
    maxIterations: 500,
    convergence: 1e-6,
  });
  assert.equal(r.converged, true);
  assert.ok(Math.abs(r.lambda - TRUE_LAMBDA) < 0.02, `λ ${r.lambda}`);
  r.m.forEach((row, f) =>
    row.forEach((mk, k) => assert.ok(Math.abs(mk - TRUE_M[f][k]) < 0.05, `m[${f}][${k}] = ${mk}, want ${TRUE_M[f][k]}`)),
  );
  for (const row of r.m) assert.ok(Math.abs(row.reduce((s, x) => s + x, 0) - 1) < 1e-9);
});

test('training on a table recovers agreement rates: m from blocked pairs, u from random pairs', () => {
  const pools = [10, 40, 100];
  const keep = [0.9, 0.8, 0.95];
  const table = syntheticTable(1000, pools, keep, 3);
  const blockedPairs = mixedSample(table, 4000, 4);
  const model = trainFellegiSunter({
    fields: table.columns.map((dict) => field(dict, 'exact')),
    rowCount: table.rowCount,
    blockedPairs,
    missing: 'unobserved',
    em: { max_iterations: 200, convergence: 1e-5, seed: 42, sample_pairs: 10_000, u_pairs: 5000 },
  });
  assert.equal(model.converged, true);
  assert.ok(Math.abs(model.lambda - 0.2) < 0.05, `λ ${model.lambda}`);
  pools.forEach((pool, f) => {
    assert.ok(Math.abs(model.m[f][1] - keep[f]) < 0.05, `m[${f}] ${model.m[f][1]}, want ${keep[f]}`);
    assert.ok(Math.abs(model.u[f][1] - 1 / pool) < 0.02, `u[${f}] ${model.u[f][1]}, want ${1 / pool}`);
    assert.ok(model.weights[f][1] > 0 && model.weights[f][0] < 0);
  });
});
