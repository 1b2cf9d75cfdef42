/** Trains a Fellegi–Sunter model: u from random pairs, m and λ by EM on blocked pairs, then match weights. */
import { KindredError } from '../../errors/registry.js';
import type { ProbabilisticMatchkey } from '../../config/types.js';
import { compareLevels } from './comparison.js';
import { runEm } from './em.js';
import { levelCount, type MissingPolicy } from './levels.js';
import { FellegiSunterModel } from './model.js';
import { PARAMETERS_FORMAT, type FieldParameters } from './parameters.js';
import { estimateU } from './u-estimation.js';
import { matchWeights, monotonicityWarning, neutralU, rampWeights } from './weights.js';
import type { PairList, ProbabilisticField } from './types.js';

/**
 * Blocked candidate pairs, optionally tagged with the blocking pass that produced each.
 *
 * @example
 * const sample: BlockedPairSample = { a, b, count, pass }; // pass[i] indexes passFieldKeys
 */
export interface BlockedPairSample extends PairList {
  /** `pass[i]`: index into `passFieldKeys` of the pass that produced pair i. */
  pass?: Int32Array;
}

/**
 * Everything training needs.
 *
 * @example
 * const input: TrainingInput = { fields, rowCount, blockedPairs, passFieldKeys: [['zip|strip']],
 *   missing: mk.missing, em: mk.em };
 */
export interface TrainingInput {
  /** Compared fields, in matchkey order. */
  fields: readonly ProbabilisticField[];
  rowCount: number;
  /**
   * A deterministic sample of blocked candidate pairs (the caller chooses it;
   * at most `em.sample_pairs` are used, the first ones).
   */
  blockedPairs: BlockedPairSample;
  /**
   * Per blocking pass, the `FieldDictionary.key`s it blocked on. A compared
   * field with the same key is "conditioned" for that pass's pairs: they all
   * agree on it by construction, so those pairs carry no evidence about it.
   * Omit to skip conditioning.
   */
  passFieldKeys?: ReadonlyArray<ReadonlyArray<string>>;
  missing: MissingPolicy;
  em: ProbabilisticMatchkey['em'];
}

/**
 * Trains a model. Steps: (1) u from up to `em.u_pairs` seeded uniform random
 * pairs; (2) comparison levels of the blocked sample, with fields conditioned
 * by a pair's blocking pass left out of that pair's likelihood; (3) EM for m
 * and λ with u fixed; (4) weights `log2(m/u)`, except for a field conditioned
 * on every sampled pair, which gets the fixed ramp −3..+3 and a neutral u.
 * Pure and deterministic: the same input gives the same model.
 *
 * @example
 * const model = trainFellegiSunter({ fields, rowCount: 5000, blockedPairs, missing: 'unobserved',
 *   em: { max_iterations: 20, convergence: 0.001, seed: 42, sample_pairs: 10_000, u_pairs: 5_000 } });
 * model.converged; // check before trusting the weights
 */
export function trainFellegiSunter(input: TrainingInput): FellegiSunterModel {
  const { fields, missing, em } = input;
  const nFields = fields.length;
  const levelCounts = fields.map((f) => levelCount(f.spec));
  const warnings: string[] = [];

  const uEstimate = estimateU(fields, input.rowCount, em.u_pairs, em.seed, missing);
  if (uEstimate.pairs === 0) warnings.push('fewer than two rows: u is uniform');

  const sample = capPairs(input.blockedPairs, em.sample_pairs);
  const levels = compareLevels(sample, fields, missing);
  const conditioned = conditionFields(levels, sample, input, nFields);

  const result = runEm({
    levels,
    count: sample.count,
    nFields,
    levelCounts,
    u: uEstimate.u,
    maxIterations: em.max_iterations,
    convergence: em.convergence,
  });
  if (sample.count === 0) {
    warnings.push('no blocked pairs to train on: m is the untrained starting point');
  } else if (!result.converged) {
    warnings.push(
      `EM did not converge in ${result.iterations} iterations ` +
        `(largest m change ${result.lastChange.toPrecision(3)} ≥ ${em.convergence})`,
    );
  }

  const params: FieldParameters[] = fields.map((field, f) => {
    const n = levelCounts[f];
    const fixed = sample.count > 0 && conditioned[f] === sample.count;
    const key = field.dict.key;
    const tfAdjustment = field.spec.tf_adjustment === true;
    if (fixed) {
      const u = neutralU(n);
      const weights = rampWeights(n);
      return { key, levels: n, m: impliedM(u, weights), u, weights, fixed, tfAdjustment };
    }
    const weights = matchWeights(result.m[f], uEstimate.u[f]);
    const warning = monotonicityWarning(key, weights);
    if (warning !== null) warnings.push(warning);
    return { key, levels: n, m: result.m[f], u: uEstimate.u[f], weights, fixed, tfAdjustment };
  });

  return new FellegiSunterModel(
    {
      format: PARAMETERS_FORMAT,
      missing,
      lambda: result.lambda,
      converged: result.converged,
      iterations: result.iterations,
      lastChange: Number.isFinite(result.lastChange) ? result.lastChange : null,
      emPairs: sample.count,
      uPairs: uEstimate.pairs,
      fields: params,
      warnings,
    },
    fields,
  );
}

function capPairs(pairs: BlockedPairSample, limit: number): BlockedPairSample {
  const count = Math.max(0, Math.min(pairs.count, Math.floor(limit)));
  return { a: pairs.a, b: pairs.b, count, pass: pairs.pass };
}

/**
 * Marks conditioned (field, pair) entries unobserved in `levels`, in place,
 * and returns per field how many pairs were conditioned on it.
 */
function conditionFields(levels: Int8Array, sample: BlockedPairSample, input: TrainingInput, nFields: number): Int32Array {
  const counts = new Int32Array(nFields);
  const pass = sample.pass;
  const passKeys = input.passFieldKeys;
  if (pass === undefined || passKeys === undefined) return counts;
  // Per pass, the compared-field indexes it blocked on.
  const byPass = passKeys.map((keys) => {
    const set = new Set(keys);
    const hit: number[] = [];
    input.fields.forEach((field, f) => {
      if (set.has(field.dict.key)) hit.push(f);
    });
    return hit;
  });
  for (let i = 0; i < sample.count; i++) {
    const p = pass[i];
    if (p < 0 || p >= byPass.length) {
      throw new KindredError('internal', 'blocked pair refers to an unknown blocking pass', [
        { path: `blockedPairs.pass[${i}]`, message: `pass ${p} not in 0..${byPass.length - 1}` },
      ]);
    }
    for (const f of byPass[p]) {
      levels[i * nFields + f] = -1;
      counts[f]++;
    }
  }
  return counts;
}

/** An m, summing to 1, whose `log2(m/u)` equals the given weights up to one constant (reporting only). */
function impliedM(u: readonly number[], weights: readonly number[]): number[] {
  const raw = u.map((uk, k) => uk * 2 ** weights[k]);
  const total = raw.reduce((s, x) => s + x, 0);
  return raw.map((x) => x / total);
}
