/** Finds where a run's own score distribution separates matches from non-matches: the deepest dip between two humps. */

/**
 * Histogram bin width on the score scale.
 *
 * @example
 * const bins = Math.round(1 / VALLEY_BIN); // 40
 */
export const VALLEY_BIN = 0.025;
/**
 * The range searched for a dip (its upper edge at most 0.9): below it everything is a non-match; a dip above it only splits exact copies from near ones.
 *
 * @example
 * const keepFrom = VALLEY_RANGE[0] - 0.05; // the controller's runs keep every pair from 0.5 up
 */
export const VALLEY_RANGE: readonly [number, number] = [0.55, 0.875];
/**
 * Both sides of a dip must rise to at least this multiple of the dip (after smoothing): a shallow dip is noise, not a separation.
 *
 * @example
 * const isDip = leftMax >= VALLEY_DEPTH * dip && rightMax >= VALLEY_DEPTH * dip;
 */
export const VALLEY_DEPTH = 3;
/**
 * A bin next to the dip is part of its floor when its smoothed count exceeds
 * the dip's by less than this many standard deviations of a smoothed count
 * (a mean of three Poisson counts: √(dip / 3)).
 *
 * @example
 * const flat = smooth[b] <= dip + FLOOR_SDS * Math.sqrt(dip / 3);
 */
export const FLOOR_SDS = 2;
/** Fewer scores than this in the range give no reliable shape. */
const MIN_SCORES = 100;

/**
 * The score at the deepest dip of the histogram of `scores` within
 * {@link VALLEY_RANGE}: bins of {@link VALLEY_BIN}, smoothed over three bins,
 * a dip being a bin that both sides rise above by {@link VALLEY_DEPTH}×; the
 * deepest is the one whose lower side rises most above it (ties: the
 * lowest score). It returns the dip's upper edge, rounded to 0.01, or with
 * `floorTop` (where the edge becomes the threshold of clustered matches)
 * the upper edge of the dip's floor (the dip and the bins above it that
 * noise cannot tell from it, {@link FLOOR_SDS}) to 0.001 (rounded to 0.01,
 * an edge of 0.825 moved into the match hump), so the scores on the floor,
 * the doubtful ones, are non-matches. Null when there
 * is no dip (a distribution that only falls, or too few scores).
 * `scores` must hold every scored pair at or above the range's lower end
 * minus two bins.
 *
 * @example
 * scoreValley([...Array(500).fill(0.6), ...Array(20).fill(0.8), ...Array(300).fill(0.95)]); // 0.78
 */
export function scoreValley(scores: ArrayLike<number>, options: { floorTop?: boolean } = {}): number | null {
  const [from, to] = VALLEY_RANGE;
  const lo = from - 2 * VALLEY_BIN;
  const bins = Math.round((1 - lo) / VALLEY_BIN) + 1;
  const counts = new Float64Array(bins);
  let n = 0;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (!(s >= lo)) continue;
    counts[Math.min(bins - 1, Math.floor((s - lo) / VALLEY_BIN + 1e-9))]++;
    n++;
  }
  if (n < MIN_SCORES) return null;
  const smooth = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    const left = counts[Math.max(0, b - 1)];
    const right = counts[Math.min(bins - 1, b + 1)];
    smooth[b] = (left + counts[b] + right) / 3;
  }
  const first = Math.round((from - lo) / VALLEY_BIN);
  const last = Math.round((to - lo) / VALLEY_BIN);
  let best = -1;
  let bestRise = 0;
  for (let b = first; b <= last; b++) {
    let leftMax = 0;
    for (let k = 0; k < b; k++) leftMax = Math.max(leftMax, smooth[k]);
    let rightMax = 0;
    for (let k = b + 1; k < bins; k++) rightMax = Math.max(rightMax, smooth[k]);
    const dip = Math.max(smooth[b], 0.5);
    if (leftMax < VALLEY_DEPTH * dip || rightMax < VALLEY_DEPTH * dip) continue;
    const rise = Math.min(leftMax, rightMax) / dip;
    if (rise > bestRise) {
      bestRise = rise;
      best = b;
    }
  }
  if (best < 0) return null;
  if (options.floorTop !== true) return Math.round((lo + (best + 1) * VALLEY_BIN) * 100) / 100;
  // A flat floor: the bins beside the dip that noise cannot tell from it. Their counts say nothing about where the
  // two humps cross, so the threshold goes to the floor's upper edge, the side where an error costs less: a false
  // link joins two clusters (every pair across them is wrong), while a missed one rarely splits an entity that
  // several other links hold together.
  const floor = smooth[best] + FLOOR_SDS * Math.sqrt(Math.max(smooth[best], 0.5) / 3);
  let top = best;
  while (top + 1 <= last && smooth[top + 1] <= floor) top++;
  return Math.round((lo + (top + 1) * VALLEY_BIN) * 1000) / 1000;
}
