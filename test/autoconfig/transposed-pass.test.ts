/** Columns read crossed get the unordered pass when only it holds transposed records beside their partners; the probe reads the crossed columns as the matchkey does. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnStore } from '../../src/data/column-store.js';
import { probeJudge, readCrossed, type LikelyMatches } from '../../src/autoconfig/likely-matches.js';
import { transposedPasses } from '../../src/autoconfig/transposed-pass.js';
import { control } from './controller-run.js';
import { rng, word } from './fixtures.js';

/** People written twice; a fifth of the copies carry the names the other way round and a typo in the date (so the date pass cannot hold them). */
function registry(seed: number): ColumnStore {
  const r = rng(seed);
  const rows: (string | null)[][] = [];
  for (let e = 0; e < 800; e++) {
    const [given, family, town] = [word(r, 6), word(r, 7), word(r, 8)];
    const dob = `19${50 + Math.floor(r() * 50)}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`;
    rows.push([given, family, dob, town]);
    rows.push(r() < 0.2 ? [family, given, `${dob.slice(0, -1)}x`, town] : [given, family, dob, r() < 0.5 ? town : null]);
  }
  return ColumnStore.fromRows(['given', 'family', 'dob', 'town'], rows);
}

test('zero-config crosses the names and adds their unordered pass, which the telemetry lists', async () => {
  const { config, telemetry } = await control(registry(21));
  const mk = config.matchkeys[0];
  assert.deepEqual(mk.type === 'weighted' ? mk.swaps : null, [['given', 'family']]);
  const unordered = config.blocking.keys.filter((k) => k.unordered === true);
  assert.equal(unordered.length, 1, JSON.stringify(config.blocking.keys));
  assert.deepEqual(unordered[0].fields.map((f) => f.field), ['given', 'family']);
  assert.ok(telemetry.blocking?.keys_used?.some((k) => k.startsWith('any_order(')), JSON.stringify(telemetry.blocking?.keys_used));
});

test('transposedPasses: taken only when it keeps a likely match no other pass keeps, and within the budget', () => {
  const rows = [
    ['ann', 'lee', 'york', '1970'],
    ['lee', 'ann', 'york', '1970'],
    ['bob', 'kim', 'leeds', '1980'],
    ['bob', 'kim', 'leeds', '1980'],
  ];
  const store = ColumnStore.fromRows(['given', 'family', 'town', 'born'], rows);
  const probe: LikelyMatches = {
    columns: ['given', 'family', 'town', 'born'],
    weights: [1, 1, 1, 1],
    a: Int32Array.of(0, 2),
    b: Int32Array.of(1, 3),
    sims: Float32Array.of(0, 0, 1, 1, 1, 1, 1, 1),
    foundBy: new Uint32Array(2),
    threshold: 0.8,
  };
  const byGiven = { fields: [{ field: 'given', transforms: ['lowercase'] }] };
  const [choice] = transposedPasses(store, probe, [['given', 'family']], [byGiven], 4);
  assert.deepEqual({ likely: choice.likely, gain: choice.gain, taken: choice.taken }, { likely: 2, gain: 1, taken: true });
  // The town already holds the transposed pair: nothing to gain.
  const [covered] = transposedPasses(store, probe, [['given', 'family']], [byGiven, { fields: [{ field: 'town', transforms: [] }] }], 4);
  assert.deepEqual({ gain: covered.gain, taken: covered.taken }, { gain: 0, taken: false });
  // Four rows standing for a million: the pass's block projects to billions of pairs, far over the budget.
  const [dear] = transposedPasses(store, probe, [['given', 'family']], [byGiven], 1_000_000);
  assert.deepEqual({ gain: dear.gain, taken: dear.taken }, { gain: 1, taken: false });
  assert.ok(dear.pairs > 40_000_000, `priced ${dear.pairs}`);
});

test('readCrossed: a transposed pair is judged on its crossed reading, by the probe and by its judge alike', () => {
  const store = ColumnStore.fromRows(['given', 'family', 'town'], [['ann', 'lee', 'york'], ['lee', 'ann', 'york'], ['ann', 'lee', 'hull']]);
  const probe: LikelyMatches = {
    columns: ['given', 'family', 'town'],
    weights: [1, 1, 1],
    a: Int32Array.of(0, 0),
    b: Int32Array.of(1, 2),
    sims: Float32Array.of(0, 0, 1, 1, 1, 0),
    foundBy: new Uint32Array(2),
    threshold: 0.8,
  };
  const crossed = readCrossed(store, probe, [['given', 'family']]);
  assert.deepEqual([...crossed.sims], [1, 1, 1, 1, 1, 0]);
  assert.deepEqual(crossed.swaps, [[0, 1]]);
  assert.deepEqual([...probe.sims], [0, 0, 1, 1, 1, 0], 'the probe itself is not changed');
  assert.equal(probeJudge(store, crossed)(0, 1), 1);
  assert.ok(probeJudge(store, probe)(0, 1) < 0.8, 'without the swap the judge calls the transposed pair unlikely');
});
