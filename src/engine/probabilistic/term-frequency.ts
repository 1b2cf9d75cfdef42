/** Term-frequency adjustment: agreement on a rare value is stronger evidence than agreement on a common one. */
import type { FieldDictionary } from '../fields/field-dictionary.js';
import { valueIndexOf } from '../blocking/value-index.js';

/**
 * The adjustment is clipped to ±10 bits so one value cannot dominate a score.
 *
 * @example
 * Math.abs(tf.adjustment(id)) <= TF_CLIP_BITS; // always
 */
export const TF_CLIP_BITS = 10;

/**
 * The bits exact agreement on a value adds: `clip(log2(C / freq(v)), ±10)`
 * with `freq(v) = count / total` (a count under 1 counts as 1: a value no
 * row holds) and `C` the column's chance agreement. The one formula behind
 * the term-frequency table and the rarity shares of `min_weight_by_rarity`.
 *
 * @example
 * tfBits(1, 4, 0.375); // log2(0.375 / 0.25) ≈ 0.585
 */
export function tfBits(count: number, total: number, agreement: number): number {
  const bits = Math.log2(agreement / (Math.max(count, 1) / total));
  return Math.min(TF_CLIP_BITS, Math.max(-TF_CLIP_BITS, bits));
}

/**
 * Per-value adjustments of one prepared field. With `n_v` the rows holding
 * value v and `T = Σ n_v` the rows holding any value (missing rows are not
 * part of the distribution), `freq(v) = n_v / T` and
 * `C = Σ_v freq(v)²` (the chance two random non-missing rows agree).
 * Exact agreement on v adds `clip(log2(C / freq(v)), −10, 10)` bits: positive
 * for values rarer than a typical agreement, negative for common ones.
 * A value not in the column (a query record's) counts as seen once.
 *
 * @example
 * const tf = new TermFrequencyTable(surnames);
 * tf.adjustment(surnames.ids[row]);   // by value id
 * tf.adjustmentForValue('Okonkwo');    // by value, for query records
 */
export class TermFrequencyTable {
  private readonly dict: FieldDictionary;
  private readonly byId: Float64Array;
  private readonly total: number;
  private readonly agreement: number;

  constructor(dict: FieldDictionary) {
    this.dict = dict;
    let total = 0;
    for (let v = 0; v < dict.count; v++) total += dict.counts[v];
    let agreement = 0;
    for (let v = 0; v < dict.count; v++) {
      const f = dict.counts[v] / total;
      agreement += f * f;
    }
    this.total = total;
    this.agreement = agreement;
    this.byId = new Float64Array(dict.count);
    for (let v = 0; v < dict.count; v++) this.byId[v] = this.forCount(dict.counts[v]);
  }

  /** The adjustment for exact agreement on value id `id`. */
  adjustment(id: number): number {
    return this.byId[id];
  }

  /** The adjustment for exact agreement on a (transformed) value, in the column or not. */
  adjustmentForValue(value: string): number {
    const id = valueIndexOf(this.dict).idOf(value);
    return id < 0 ? this.forCount(1) : this.byId[id];
  }

  private forCount(count: number): number {
    return this.total === 0 ? 0 : tfBits(count, this.total, this.agreement);
  }
}
