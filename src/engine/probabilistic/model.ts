/** A trained Fellegi–Sunter model bound to prepared fields: scores and explains pairs of rows or of raw values. */
import { KindredError } from '../../errors/registry.js';
import { levelCount, levelFunction, missingLevel, type MissingPolicy } from './levels.js';
import { parseParameters, type FellegiSunterParameters } from './parameters.js';
import { TermFrequencyTable } from './term-frequency.js';
import type { ProbabilisticField } from './types.js';

/**
 * Score given to a pair with no observed field: no evidence either way.
 *
 * @example
 * model.scoreValues([null], ['x']) === NO_EVIDENCE_SCORE; // with missing: unobserved
 */
export const NO_EVIDENCE_SCORE = 0.5;

/**
 * How one field contributed to a pair's score.
 *
 * @example
 * const f: FieldExplanation = { level: 1, weight: 4.2, tfAdjustment: 0, similarity: 0.91 };
 */
export interface FieldExplanation {
  /** Comparison level; −1 when unobserved (a value missing and `missing: unobserved`). */
  level: number;
  /** Bits added for the level (0 when unobserved). */
  weight: number;
  /** Term-frequency bits added on exact top-level agreement (else 0). */
  tfAdjustment: number;
  /** Scorer similarity; null when a value is missing. */
  similarity: number | null;
}

/**
 * A pair's score with its parts, for `/explain`.
 *
 * @example
 * const e: PairExplanation = model.explainPair(3, 17);
 * e.fields.map((f) => f.weight + f.tfAdjustment); // sums to e.totalWeight
 */
export interface PairExplanation {
  /** Normalised score in [0, 1]. */
  score: number;
  /** Total match weight W in bits (level weights plus TF adjustments). */
  totalWeight: number;
  /** False when no field was observed (score is then 0.5). */
  observed: boolean;
  fields: FieldExplanation[];
}

/**
 * A trained model. Score of a pair: `W = Σ_f w_f[level_f]` over observed
 * fields, plus `tf(v)` for each TF field agreeing exactly at its top level on
 * value v; then `clip((W − Σ min w_f) / (Σ max w_f − Σ min w_f), 0, 1)` with
 * both sums over the observed fields (0.5 when no field is observed or the
 * range is empty). Scoring by row ids and by values gives the same number for
 * the same values.
 *
 * @example
 * const model = trainFellegiSunter(input);
 * model.scorePair(3, 17);                              // rows of the table
 * model.scoreValues(['jon', '10001'], ['john', '10001']); // a /match query
 * const copy = FellegiSunterModel.fromJSON(JSON.parse(JSON.stringify(model)), fields);
 */
export class FellegiSunterModel {
  private readonly params: FellegiSunterParameters;
  private readonly fields: readonly ProbabilisticField[];
  private readonly toLevel: Array<(s: number) => number>;
  private readonly top: Int32Array;
  private readonly table: Float64Array[];
  private readonly minWeight: Float64Array;
  private readonly maxWeight: Float64Array;
  private readonly tf: Array<TermFrequencyTable | null>;
  private readonly absent: number;
  /** W of the last accumulate call; kept on the instance so the hot path allocates nothing. */
  private lastWeight = 0;

  /**
   * Binds parameters to fields (same order, same prepared columns and level
   * settings as in training). Throws `internal` on a mismatch.
   */
  constructor(parameters: FellegiSunterParameters, fields: readonly ProbabilisticField[]) {
    if (parameters.fields.length !== fields.length) {
      throw new KindredError('internal', 'Fellegi–Sunter model does not fit its fields', [
        { path: 'fields', message: `model has ${parameters.fields.length} fields, ${fields.length} were given` },
      ]);
    }
    fields.forEach((field, f) => {
      const p = parameters.fields[f];
      const n = levelCount(field.spec);
      if (p.levels !== n || p.key !== field.dict.key) {
        throw new KindredError('internal', 'Fellegi–Sunter model does not fit its fields', [
          { path: `fields[${f}]`, message: `model field ${p.key} (${p.levels} levels) given ${field.dict.key} (${n} levels)` },
        ]);
      }
    });
    this.params = structuredClone(parameters);
    this.fields = fields;
    this.toLevel = fields.map((field) => levelFunction(field.spec));
    this.top = Int32Array.from(parameters.fields, (p) => p.levels - 1);
    this.table = parameters.fields.map((p) => Float64Array.from(p.weights));
    this.minWeight = Float64Array.from(parameters.fields, (p) => Math.min(...p.weights));
    this.maxWeight = Float64Array.from(parameters.fields, (p) => Math.max(...p.weights));
    this.tf = fields.map((field, f) => (parameters.fields[f].tfAdjustment ? new TermFrequencyTable(field.dict) : null));
    this.absent = missingLevel(parameters.missing);
  }

  /**
   * Rebuilds a model from {@link toJSON} output (e.g. in a worker), validating
   * the shape first.
   *
   * @example
   * const model = FellegiSunterModel.fromJSON(message.model, fields);
   */
  static fromJSON(json: unknown, fields: readonly ProbabilisticField[]): FellegiSunterModel {
    return new FellegiSunterModel(parseParameters(json), fields);
  }

  /** True only if EM met its convergence tolerance within max_iterations. */
  get converged(): boolean {
    return this.params.converged;
  }

  /** EM iterations run. */
  get iterations(): number {
    return this.params.iterations;
  }

  /** Learned match prior among blocked pairs. */
  get lambda(): number {
    return this.params.lambda;
  }

  /** m per field and level (copies). */
  get m(): number[][] {
    return this.params.fields.map((p) => [...p.m]);
  }

  /** u per field and level (copies). */
  get u(): number[][] {
    return this.params.fields.map((p) => [...p.u]);
  }

  /** Match weights in bits per field and level (copies). */
  get weights(): number[][] {
    return this.params.fields.map((p) => [...p.weights]);
  }

  /** Σ over all fields of the smallest weight: W of the worst possible fully observed pair (TF aside). */
  get minTotal(): number {
    return this.minWeight.reduce((s, w) => s + w, 0);
  }

  /** Σ over all fields of the largest weight: W of the best possible fully observed pair (TF aside). */
  get maxTotal(): number {
    return this.maxWeight.reduce((s, w) => s + w, 0);
  }

  /** How missing values were counted in training, and are in scoring. */
  get missing(): MissingPolicy {
    return this.params.missing;
  }

  /** Training warnings (non-convergence, non-monotone weights, thin samples). */
  get warnings(): string[] {
    return [...this.params.warnings];
  }

  /** The model as plain JSON (a deep copy). */
  toJSON(): FellegiSunterParameters {
    return structuredClone(this.params);
  }

  /**
   * Normalised score in [0, 1] of two rows of the loaded table.
   *
   * @example
   * model.scorePair(3, 17); // 0.93
   */
  scorePair(a: number, b: number): number {
    return this.accumulateRows(a, b, null);
  }

  /**
   * Total match weight W (bits) of two rows; ≤ 0 means the evidence leans
   * towards non-match. 0 when no field is observed.
   *
   * @example
   * if (model.pairWeight(a, b) <= 0) continue; // drop pairs with no net evidence
   */
  pairWeight(a: number, b: number): number {
    this.accumulateRows(a, b, null);
    return this.lastWeight;
  }

  /**
   * Per-field levels, weights and similarities of two rows, with the score.
   *
   * @example
   * model.explainPair(3, 17).fields[0]; // { level: 1, weight: 6.2, tfAdjustment: 0, similarity: 0.97 }
   */
  explainPair(a: number, b: number): PairExplanation {
    const fields: FieldExplanation[] = [];
    const score = this.accumulateRows(a, b, fields);
    return { score, totalWeight: this.lastWeight, observed: fields.some((f) => f.level >= 0), fields };
  }

  /**
   * Normalised score of two records given as transformed values in field
   * order (null, '' or absent = missing), e.g. a `/match` query against a
   * stored row. Uses `scorer.values`; equals {@link scorePair} on equal values.
   *
   * @example
   * model.scoreValues(['jon smith', '10001'], ['john smith', null]);
   */
  scoreValues(valuesA: ReadonlyArray<string | null>, valuesB: ReadonlyArray<string | null>): number {
    return this.accumulateValues(valuesA, valuesB, null);
  }

  /**
   * {@link explainPair} for two records given as transformed values.
   *
   * @example
   * model.explainValues(['jon smith'], ['john smith']).fields[0].similarity; // 0.97
   */
  explainValues(valuesA: ReadonlyArray<string | null>, valuesB: ReadonlyArray<string | null>): PairExplanation {
    const fields: FieldExplanation[] = [];
    const score = this.accumulateValues(valuesA, valuesB, fields);
    return { score, totalWeight: this.lastWeight, observed: fields.some((f) => f.level >= 0), fields };
  }

  private accumulateRows(a: number, b: number, out: FieldExplanation[] | null): number {
    let w = 0;
    let lo = 0;
    let hi = 0;
    let observed = false;
    for (let f = 0; f < this.fields.length; f++) {
      const field = this.fields[f];
      const ia = field.dict.ids[a];
      const ib = field.dict.ids[b];
      let level = this.absent;
      let similarity: number | null = null;
      if (ia >= 0 && ib >= 0) {
        similarity = field.scorer.ids(ia, ib);
        level = this.toLevel[f](similarity);
      }
      if (level < 0) {
        if (out) out.push({ level, weight: 0, tfAdjustment: 0, similarity });
        continue;
      }
      observed = true;
      const weight = this.table[f][level];
      const table = this.tf[f];
      // ids are distinct-value ids, so equal ids mean exactly equal values.
      const tf = table !== null && level === this.top[f] && ia === ib ? table.adjustment(ia) : 0;
      w += weight + tf;
      lo += this.minWeight[f];
      hi += this.maxWeight[f];
      if (out) out.push({ level, weight, tfAdjustment: tf, similarity });
    }
    this.lastWeight = w;
    return normalise(w, lo, hi, observed);
  }

  private accumulateValues(
    valuesA: ReadonlyArray<string | null>,
    valuesB: ReadonlyArray<string | null>,
    out: FieldExplanation[] | null,
  ): number {
    let w = 0;
    let lo = 0;
    let hi = 0;
    let observed = false;
    for (let f = 0; f < this.fields.length; f++) {
      const field = this.fields[f];
      const va = presentValue(valuesA[f]);
      const vb = presentValue(valuesB[f]);
      let level = this.absent;
      let similarity: number | null = null;
      if (va !== null && vb !== null) {
        similarity = field.scorer.values(va, vb);
        level = this.toLevel[f](similarity);
      }
      if (level < 0) {
        if (out) out.push({ level, weight: 0, tfAdjustment: 0, similarity });
        continue;
      }
      observed = true;
      const weight = this.table[f][level];
      const table = this.tf[f];
      const tf = table !== null && level === this.top[f] && va !== null && va === vb ? table.adjustmentForValue(va) : 0;
      w += weight + tf;
      lo += this.minWeight[f];
      hi += this.maxWeight[f];
      if (out) out.push({ level, weight, tfAdjustment: tf, similarity });
    }
    this.lastWeight = w;
    return normalise(w, lo, hi, observed);
  }
}

/** Missing the same way a prepared field is: null, undefined or the empty string. */
function presentValue(v: string | null | undefined): string | null {
  return v === undefined || v === null || v === '' ? null : v;
}

function normalise(w: number, lo: number, hi: number, observed: boolean): number {
  const range = hi - lo;
  if (!observed || !(range > 0)) return NO_EVIDENCE_SCORE;
  const s = (w - lo) / range;
  return s <= 0 ? 0 : s >= 1 ? 1 : s;
}
