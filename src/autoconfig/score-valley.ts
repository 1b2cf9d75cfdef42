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
/** Fewer scores than this in the range give no reliable shape. */
const MIN_SCORES = 100;

/**
 * The score at the deepest dip of the histogram of `scores` within
 * {@link VALLEY_RANGE}: bins of {@link VALLEY_BIN}, smoothed over three bins,
 * a dip being a bin that both sides rise above by {@link VALLEY_DEPTH}×; the
 * deepest is the one whose lower side rises most above it (ties: the
 * lowest score). It returns the dip's upper edge, rounded to 0.01, so the
 * scores in the dip's bin, the doubtful ones, are non-matches. Null when there
 * is no dip (a distribution that only falls, or too few scores).
 * `scores` must hold every scored pair at or above the range's lower end
 * minus two bins.
 *
 * @example
 * scoreValley([...Array(500).fill(0.6), ...Array(20).fill(0.8), ...Array(300).fill(0.95)]); // 0.78
 */
export function scoreValley(scores: ArrayLike<number>): number | null {
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
  return best < 0 ? null : Math.round((lo + (best + 1) * VALLEY_BIN) * 100) / 100;
}
