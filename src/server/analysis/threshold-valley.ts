/** Finds a clear valley in a matchkey's score histogram near its threshold: where the data itself separates matches from non-matches. */

/**
 * Histogram bin width on the [0, 1] score scale.
 *
 * @example
 * const bins = Math.floor((hi - lo) / BIN_WIDTH);
 */
export const BIN_WIDTH = 0.02;
/**
 * The valley must hold at most this share of the emptier side's mean bin count.
 *
 * @example
 * const isValley = count <= VALLEY_RATIO * sideMean;
 */
export const VALLEY_RATIO = 0.25;
/**
 * Bins closer than this to the threshold are not worth a move.
 *
 * @example
 * if (Math.abs(centre - threshold) < MIN_MOVE) skip();
 */
export const MIN_MOVE = 0.02;

/**
 * A proposed threshold and the numbers behind it.
 *
 * @example
 * const v: Valley = { proposed: 0.86, valleyCount: 1, sideMean: 40, binWidth: 0.02, searched: [0.7, 0.95] };
 */
export interface Valley {
  proposed: number;
  valleyCount: number;
  sideMean: number;
  binWidth: number;
  searched: [number, number];
}

/**
 * Looks for the emptiest bin within [lo, hi] (the review band around the
 * threshold, where the run kept every pair) and proposes its centre when it
 * is much emptier than the bins on either side and at least {@link MIN_MOVE}
 * from the current threshold. Null when there is no such valley.
 *
 * @example
 * findValley(scores, 0.8, 0.7, 0.85)?.proposed; // 0.83
 */
export function findValley(scores: ArrayLike<number>, threshold: number, lo: number, hi: number): Valley | null {
  const from = Math.max(0, lo);
  const to = Math.min(1, hi);
  const bins = Math.floor((to - from) / BIN_WIDTH);
  if (bins < 3 || scores.length < 20) return null;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (s < from || s >= from + bins * BIN_WIDTH) continue;
    counts[Math.min(bins - 1, Math.floor((s - from) / BIN_WIDTH))]++;
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const sideMeanAt = (b: number) => Math.min(mean(counts.slice(0, b)), mean(counts.slice(b + 1)));
  // A candidate has mass on both sides and is much emptier than them.
  const isCandidate = (b: number) => {
    const centre = from + (b + 0.5) * BIN_WIDTH;
    if (Math.abs(centre - threshold) < MIN_MOVE) return false;
    const side = sideMeanAt(b);
    return side > 0 && counts[b] <= VALLEY_RATIO * side;
  };
  let lowest = Infinity;
  for (let b = 1; b < bins - 1; b++) if (isCandidate(b)) lowest = Math.min(lowest, counts[b]);
  if (lowest === Infinity) return null;
  // The middle of the first run of equally empty candidates: a wide gap is cut in its centre.
  let start = 1;
  while (!(isCandidate(start) && counts[start] === lowest)) start++;
  let end = start;
  while (end + 1 < bins - 1 && isCandidate(end + 1) && counts[end + 1] === lowest) end++;
  const best = (start + end) >> 1;
  const sideMean = sideMeanAt(best);
  return {
    proposed: Math.round((from + (best + 0.5) * BIN_WIDTH) * 1000) / 1000,
    valleyCount: counts[best],
    sideMean,
    binWidth: BIN_WIDTH,
    searched: [from, to],
  };
}
