/** How much of a column's average evidence an agreement on one value carries: what `min_weight_by_rarity` counts a field at. */
import type { FieldDictionary } from '../fields/field-dictionary.js';
import { valueIndexOf } from '../blocking/value-index.js';
import { tfBits } from '../probabilistic/term-frequency.js';

/**
 * A value's share of its column's evidence: its own bits, `log2(T / n)`
 * (`n` rows hold it, `T` rows hold any value), over the bits of an average
 * agreement on the column, `log2(1 / C)` with `C = Σ n_v² / T²`, capped at 1
 * and floored at 0. A rare value counts in full; `London` in a column of
 * towns where it is one row in three counts for a fraction. A column of one
 * value counts in full (there is no average to fall short of). Written as
 * `1 + log2(C / (n / T)) / log2(1 / C)`: the term-frequency adjustment
 * ({@link tfBits}, clipped to ±10 bits) over the column's bits; SQL computes
 * the same from the same integer counts.
 *
 * @example
 * valueShare(1, 4, 6);  // a rare value (1 of 4 rows; counts 1, 1, 2): 2 bits over 1.415 → 1
 * valueShare(3, 4, 10); // a common one (3 of 4 rows; counts 3, 1): 0.415 bits over 0.678 → 0.61
 */
export function valueShare(count: number, total: number, sumSquares: number): number {
  if (total === 0) return 1;
  const agreement = sumSquares / (total * total);
  const columnBits = -Math.log2(agreement);
  if (!(columnBits > 0)) return 1;
  return Math.min(1, Math.max(0, 1 + tfBits(count, total, agreement) / columnBits));
}

/**
 * The {@link valueShare} of every value of one prepared field, by dictionary
 * id, and of any value by its text (a value no row holds counts as seen
 * once). Counted on the field as loaded: records added to a running server
 * are scored against these counts, as term frequencies are
 * (docs/incremental.md).
 *
 * @example
 * const rarity = new ValueRarity(towns);
 * rarity.ofId(towns.ids[row]); // 0.3 for London
 * rarity.ofValue('Tobermory');  // 1
 */
export class ValueRarity {
  private readonly dict: FieldDictionary;
  private readonly total: number;
  private readonly sumSquares: number;
  /** Each id's share once asked for (NaN until then). */
  private readonly byId: Float64Array;

  constructor(dict: FieldDictionary) {
    this.dict = dict;
    // Integer sums (exact below 2^53): the same numbers SQL's counts give, so the shares agree to the bit where log2 does.
    let total = 0;
    let sumSquares = 0;
    for (let v = 0; v < dict.count; v++) {
      total += dict.counts[v];
      sumSquares += dict.counts[v] * dict.counts[v];
    }
    this.total = total;
    this.sumSquares = sumSquares;
    // Filled as asked, not up front: a served run builds one per field on the event loop, where a logarithm for each of a
    // million distinct values was a 120 ms stall just before ready, for the few values /match ever asks about.
    this.byId = new Float64Array(dict.count).fill(Number.NaN);
  }

  /** The share of value id `id` (a row's id, ≥ 0). */
  ofId(id: number): number {
    const known = this.byId[id];
    if (known === known) return known;
    const share = valueShare(this.dict.counts[id], this.total, this.sumSquares);
    this.byId[id] = share;
    return share;
  }

  /** The share of a prepared value, in the column or not. */
  ofValue(value: string): number {
    const id = valueIndexOf(this.dict).idOf(value);
    return id < 0 ? valueShare(1, this.total, this.sumSquares) : this.ofId(id);
  }
}
