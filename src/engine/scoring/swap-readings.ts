/** Swapped columns: a weighted matchkey's score as the best of reading each declared column pair as written or crossed. */
import type { ScoredField } from '../../config/types.js';
import { weightedMean } from './matchkey-math.js';

/**
 * A weighted matchkey's declared swaps, by field index: pair `k` crosses
 * fields `left[k]` and `right[k]`, each crossed comparison weighing
 * `weight[k]` (the mean of the two fields' weights, so the score of a pair
 * does not depend on which record is called a, up to the last bit of the
 * sum when the two fields are not adjacent).
 *
 * @example
 * const swaps: SwapLayout = { left: Int32Array.of(0), right: Int32Array.of(1), weight: Float64Array.of(0.73) };
 */
export interface SwapLayout {
  left: Int32Array;
  right: Int32Array;
  weight: Float64Array;
}

/**
 * The value shares of one pair's terms under `min_weight_by_rarity` (see
 * `weightedMean`): as written per field, and per swap for its two crossed
 * comparisons, each the share of the commoner of the two values compared.
 */
export interface RarityShares {
  shares: Float64Array;
  crossLeft: Float64Array;
  crossRight: Float64Array;
}

/**
 * The best weighted mean over the readings of a pair: as written (`sims`,
 * `weights`), and every combination of the swaps whose crossed
 * similarities are in `crossLeft[k]` (field `left[k]` of a against field
 * `right[k]` of b) and `crossRight[k]` (`right[k]` of a against `left[k]` of
 * b), `MISSING` where either value is missing. A swap is skipped when its
 * fields already agree fully as written: a perfect field never lowers a
 * mean, so no crossed reading can beat it (in exact arithmetic: its
 * doubles could, by an ulp, so the SQL compiler skips it too, in
 * src/sql/render.ts). `scratch` holds at least `n`
 * similarities, weights and shares; `rarity`, the value shares of
 * `min_weight_by_rarity` (null without it). Returns the score; the winning readings'
 * bit set (bit k: swap k crossed) is in `out.mask`.
 *
 * @example
 * const out = { mask: 0 };
 * // first name and surname transposed: as written 0.1 and 0.2, crossed 1 and 1
 * bestReading(Float64Array.of(0.1, 0.2, 1), Float64Array.of(1, 1, 1), 3, 0, swaps, Float64Array.of(1), Float64Array.of(1), scratch, out); // 1, out.mask === 1
 */
export function bestReading(
  sims: Float64Array,
  weights: Float64Array,
  n: number,
  minWeight: number,
  swaps: SwapLayout,
  crossLeft: Float64Array,
  crossRight: Float64Array,
  scratch: { sims: Float64Array; weights: Float64Array; shares: Float64Array },
  out: { mask: number },
  rarity: RarityShares | null = null,
): number {
  let best = weightedMean(sims, weights, n, minWeight, rarity?.shares ?? null);
  out.mask = 0;
  let open = 0;
  for (let k = 0; k < swaps.left.length; k++) {
    if (sims[swaps.left[k]] !== 1 || sims[swaps.right[k]] !== 1) open |= 1 << k;
  }
  if (open === 0) return best;
  const s = scratch.sims;
  const w = scratch.weights;
  const sh = rarity === null ? null : scratch.shares;
  // Every non-empty subset of the open swaps; on a tie the reading with fewer crossings (as written first) is kept.
  for (let mask = open; mask !== 0; mask = (mask - 1) & open) {
    for (let i = 0; i < n; i++) {
      s[i] = sims[i];
      w[i] = weights[i];
    }
    if (sh !== null && rarity !== null) for (let i = 0; i < n; i++) sh[i] = rarity.shares[i];
    for (let k = 0; k < swaps.left.length; k++) {
      if ((mask & (1 << k)) === 0) continue;
      s[swaps.left[k]] = crossLeft[k];
      s[swaps.right[k]] = crossRight[k];
      w[swaps.left[k]] = swaps.weight[k];
      w[swaps.right[k]] = swaps.weight[k];
      if (sh !== null && rarity !== null) {
        sh[swaps.left[k]] = rarity.crossLeft[k];
        sh[swaps.right[k]] = rarity.crossRight[k];
      }
    }
    const score = weightedMean(s, w, n, minWeight, sh);
    if (score > best || (score === best && out.mask !== 0 && popCount(mask) < popCount(out.mask))) {
      best = score;
      out.mask = mask;
    }
  }
  return best;
}

function popCount(x: number): number {
  let c = 0;
  for (let v = x; v !== 0; v &= v - 1) c++;
  return c;
}

/**
 * Most swapped-column pairs a matchkey may declare: every combination of
 * crossings is scored (2^n readings). The configuration checks enforce it;
 * the scorer sizes its scratch by it.
 *
 * @example
 * if (mk.swaps.length > MAX_SWAPS) issues.push({ path: 'matchkeys[0].swaps', message: '...' });
 */
export const MAX_SWAPS = 3;

/**
 * A weighted matchkey's `swaps` by field index, each crossed comparison
 * weighing the mean of its two fields' weights; null when there are none.
 * The worker's scorer and the SQL compiler both lay swaps out here, so
 * both weigh crossed comparisons with the same double.
 *
 * @example
 * swapLayout([['first_name', 'surname']], mk.fields); // { left: [0], right: [1], weight: [0.5] } for weights 0.6 and 0.4
 */
export function swapLayout(pairs: ReadonlyArray<readonly [string, string]>, fields: readonly ScoredField[]): SwapLayout | null {
  if (pairs.length === 0) return null;
  if (pairs.length > MAX_SWAPS) throw new Error(`at most ${MAX_SWAPS} swaps per matchkey, got ${pairs.length}`);
  const index = (column: string): number => {
    const i = fields.findIndex((f) => f.field === column);
    if (i < 0) throw new Error(`swapped column ${column} is not a field of the matchkey`);
    return i;
  };
  const left = Int32Array.from(pairs.map(([a]) => index(a)));
  const right = Int32Array.from(pairs.map(([, b]) => index(b)));
  const weight = Float64Array.from(pairs.map((_, k) => (fields[left[k]].weight + fields[right[k]].weight) / 2));
  return { left, right, weight };
}
