/** The arithmetic every surface shares: weighted mean over present fields, negative-evidence penalties, the deciding matchkey. */

/** Marks a field whose value is missing on either side in a similarity vector. */
export const MISSING = -1;

/**
 * Scores are sums of weighted floats: a pair whose score prints as the
 * threshold (to 6 decimals) must count as reaching it.
 */
export const THRESHOLD_EPSILON = 1e-9;

/**
 * Rounding room of the row loop's pruning test (best case < cutoff × weight
 * − slack): the generic loop and the generated one (weighted-fill.ts) take
 * it from here, so that they prune exactly the same pairs.
 */
export const PRUNE_SLACK = 1e-12;

/** True when a score reaches a threshold (with {@link THRESHOLD_EPSILON}). */
export function reaches(score: number, threshold: number): boolean {
  return score >= threshold - THRESHOLD_EPSILON;
}

/**
 * Weighted mean over the fields present on both sides (`sims[i] !== MISSING`),
 * summed in configuration order so every caller gets the same bits; 0 when
 * no field is present. The mean is taken over at least `minWeight`: a pair
 * compared on less weight than that is scored as if the evidence it lacks
 * disagreed, so two records alike on one common name and nothing else do
 * not score like two alike on everything.
 *
 *
 * With `shares` (`min_weight_by_rarity`), a present field counts toward
 * `minWeight` only at `weights[i] * shares[i]`, the share of its column's
 * evidence the pair's values carry (a common town, a common first name
 * carry less), and the denominator is `Σ w + max(0, minWeight − Σ w·share)`:
 * the evidence the pair's values lack is scored as disagreeing. With every
 * share 1 that is `max(Σ w, minWeight)`; it is never less, so a bound on
 * the plain floor bounds this one too.
 *
 * @example
 * weightedMean(Float64Array.of(0.9, MISSING, 1), Float64Array.of(0.7, 0.2, 0.3), 3); // (0.63+0.3)/1.0
 * weightedMean(Float64Array.of(1, MISSING), Float64Array.of(0.5, 1), 2, 1); // 0.5
 * weightedMean(Float64Array.of(1, 1), Float64Array.of(0.5, 0.5), 2, 1, Float64Array.of(0.5, 1)); // 1 / 1.25
 */
export function weightedMean(sims: Float64Array, weights: Float64Array, n: number, minWeight = 0, shares: Float64Array | null = null): number {
  let num = 0;
  let den = 0;
  let counted = 0;
  for (let i = 0; i < n; i++) {
    const s = sims[i];
    if (s === MISSING) continue;
    num += weights[i] * s;
    den += weights[i];
    if (shares !== null) counted += weights[i] * shares[i];
  }
  if (!(den > 0)) return 0;
  return shares === null ? num / Math.max(den, minWeight) : num / (den + Math.max(0, minWeight - counted));
}

/**
 * Subtracts the penalty of every negative-evidence field that fired (both
 * values present and similarity strictly below its threshold); floors at 0.
 *
 * @example
 * applyPenalties(0.9, Float64Array.of(0.1), Float64Array.of(0.4), Float64Array.of(0.3), 1); // 0.6
 */
export function applyPenalties(
  score: number,
  neSims: Float64Array,
  neThresholds: Float64Array,
  nePenalties: Float64Array,
  n: number,
): number {
  let s = score;
  for (let i = 0; i < n; i++) {
    const v = neSims[i];
    if (v !== MISSING && v < neThresholds[i]) s -= nePenalties[i];
  }
  return s > 0 ? s : 0;
}

/**
 * Picks the deciding matchkey: the accepting matchkey (score ≥ threshold)
 * with the highest score, ties in configuration order; when none accepts,
 * the non-exact matchkey with the highest score (or the best exact one when
 * every matchkey is exact). Returns its index; `accepted` says whether it
 * accepts.
 *
 * @example
 * decide(Float64Array.of(0, 0.83), Float64Array.of(1, 0.8), [true, false], 2); // 1
 */
export function decide(scores: Float64Array, thresholds: Float64Array, exact: readonly boolean[], n: number): number {
  let best = -1;
  for (let k = 0; k < n; k++) {
    if (reaches(scores[k], thresholds[k]) && (best < 0 || scores[k] > scores[best])) best = k;
  }
  if (best >= 0) return best;
  let anyFuzzy = false;
  for (let k = 0; k < n; k++) if (!exact[k]) anyFuzzy = true;
  for (let k = 0; k < n; k++) {
    if (anyFuzzy && exact[k]) continue;
    if (best < 0 || scores[k] > scores[best]) best = k;
  }
  return best;
}
