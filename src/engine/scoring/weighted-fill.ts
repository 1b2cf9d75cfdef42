/** A weighted matchkey's row loop generated as straight-line code: its fields, slots, weights and pruning bounds written into the source as literals. */
import type { BoundScorer } from '../scorers/types.js';
import { MISSING, PRUNE_SLACK } from './matchkey-math.js';

/**
 * What {@link WeightedFill} returns when it compared every field: the
 * similarities are in `sims` and the caller takes the mean. Any other
 * return is a pruning bound, which is never negative.
 *
 * @example
 * const bound = fill(x, y);
 * const score = bound === FILLED ? weightedMean(sims, weights, n) : bound;
 */
export const FILLED = -1;

/**
 * A compiled row loop: compares rows `x` and `y` field by field in
 * evaluation order, writing each similarity (or `MISSING`) to `sims` at the
 * field's configuration index, and returns the pruning bound as soon as it
 * falls below the cutoff, else {@link FILLED}.
 *
 * @example
 * const fill: WeightedFill = compileWeightedFill(plan, records, stride, sims);
 */
export type WeightedFill = (x: number, y: number) => number;

/**
 * One field of a {@link WeightedFillPlan}, in evaluation order.
 *
 * @example
 * const dob: FillStep = { field: 7, slot: 7, weight: 1, idsOnly: true, compare: null, restAfter: 5.1 };
 */
export interface FillStep {
  /** The field's index in the matchkey (its place in `sims`). */
  field: number;
  /** Its id's place in a row's record. */
  slot: number;
  weight: number;
  /** Distinct ids score 0 without a call (the `exact` scorer). */
  idsOnly: boolean;
  /** The scorer of distinct ids when not `idsOnly`. */
  compare: BoundScorer | null;
  /** The weight of the fields after this one, when a pruning check follows it; null when none does. */
  restAfter: number | null;
}

/**
 * A weighted matchkey's row loop as data: what {@link compileWeightedFill} writes out.
 *
 * @example
 * const plan: WeightedFillPlan = { steps: [dob, ssn, givenName], keepCutoff: 0.625 - 2e-9, minWeight: 0 };
 */
export interface WeightedFillPlan {
  steps: FillStep[];
  keepCutoff: number;
  minWeight: number;
}

/**
 * A number as a source literal that parses back to the same double
 * (`String` gives the shortest such digits; `-0` keeps its sign).
 *
 * @example
 * literal(0.1); // '0.1'
 * literal(-0);  // '-0'
 */
export function literal(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`weighted fill: ${n} cannot be a literal`);
  return Object.is(n, -0) ? '-0' : String(n);
}

/** A literal for an array index or slot: a non-negative safe integer, or an error. */
function index(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`weighted fill: ${n} is not an index`);
  return String(n);
}

/**
 * The source of the row loop of `plan`: every step written out with its slot,
 * weight and bound as literals, so V8 compiles one branch-light block per
 * field instead of a loop that loads each field's description from objects.
 * The arithmetic is the generic loop's, in the same order (`num += w * s;
 * den += w`, the same bound and the same test), so every similarity and
 * every bound is the same double. Only numbers are interpolated (checked by
 * {@link literal} and {@link index}).
 *
 * Every step stores its similarity at one place, and every pruning test
 * leaves through one bound computed after the block: V8 optimises this
 * function before most steps have met a missing value or pruned a pair,
 * and a store or a division that had never run sent the optimised code
 * back to the interpreter the first time it did, to be compiled again (four
 * to five compiles per worker at tight 1M).
 *
 * @example
 * fillSource({ steps: [{ field: 0, slot: 2, weight: 1, idsOnly: true, compare: null, restAfter: null }], keepCutoff: 0.7, minWeight: 0 }, 9);
 * // 'const rx = x * 9, ry = y * 9; … pruned: { a = records[rx + 2]; … }'
 */
export function fillSource(plan: WeightedFillPlan, stride: number): string {
  const cut = literal(plan.keepCutoff);
  const minWeight = literal(plan.minWeight);
  const lines = [`const rx = x * ${index(stride)}, ry = y * ${index(stride)};`, 'let num = 0, den = 0, a = 0, b = 0, s = 0, rest = 0;', 'pruned: {'];
  plan.steps.forEach((step, k) => {
    const w = literal(step.weight);
    const slot = index(step.slot);
    const field = index(step.field);
    const distinct = step.idsOnly ? '0' : `compare${k}.ids(a, b)`;
    lines.push(
      `a = records[rx + ${slot}]; b = records[ry + ${slot}];`,
      `if (a < 0 || b < 0) s = ${literal(MISSING)};`,
      `else { s = a === b ? 1 : ${distinct}; num += ${w} * s; den += ${w}; }`,
      `sims[${field}] = s;`,
    );
    if (step.restAfter !== null) {
      const rest = literal(step.restAfter);
      lines.push(`if (num + ${rest} < ${cut} * Math.max(den + ${rest}, ${minWeight}) - ${literal(PRUNE_SLACK)}) { rest = ${rest}; break pruned; }`);
    }
  });
  lines.push(`return ${literal(FILLED)};`, '}', `return (num + rest) / (Math.max(den + rest, ${minWeight}) || 1);`);
  return lines.join('\n');
}

/**
 * Compiles `plan` against one run's row records (`records[row × stride +
 * slot]`) into a {@link WeightedFill} that writes to `sims`. Rebuild it
 * when the records or a step's `compare` change.
 *
 * @example
 * const fill = compileWeightedFill(plan, records, 9, sims);
 * const bound = fill(3, 17); // FILLED: sims holds all nine similarities
 */
export function compileWeightedFill(plan: WeightedFillPlan, records: Int32Array, stride: number, sims: Float64Array): WeightedFill {
  plan.steps.forEach((step, k) => {
    if (!step.idsOnly && step.compare === null) throw new Error(`weighted fill: step ${k} (field ${step.field}) compares values but has no scorer`);
  });
  const compares = plan.steps.map((_, k) => `compare${k}`);
  const make = new Function('records', 'sims', ...compares, `"use strict";\nreturn function weightedFill(x, y) {\n${fillSource(plan, stride)}\n};`) as (
    records: Int32Array,
    sims: Float64Array,
    ...compares: Array<BoundScorer | null>
  ) => WeightedFill;
  return make(records, sims, ...plan.steps.map((s) => s.compare));
}
