/** Finds where a run's own score distribution separates matches from non-matches: the deepest dip between two humps. */
import type { BridgeStats } from './bridge-share.js';

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
 * const first = VALLEY_RANGE[0]; // no dip below 0.55: everything there is a non-match
 */
export const VALLEY_RANGE: readonly [number, number] = [0.55, 0.875];
/**
 * The lowest score a run's histogram reads (when the run kept it). The
 * non-match hump of a weighted score lies mostly below the range a dip is
 * searched in, so a dip's lower side is read down to here: cut at the
 * range, a comparison that pushes non-matches further down (and so
 * separates better) could leave too little of that hump in view to call the
 * dip one (Chicago childcare with its multi-word name columns compared by
 * sorted words: a lower side 2.8× the dip, under the 3× asked).
 *
 * @example
 * const keepFrom = VALLEY_HISTOGRAM_FROM; // the controller's weighted runs keep every pair from 0.4 up
 */
export const VALLEY_HISTOGRAM_FROM = 0.4;
/** Where the histogram starts unless told otherwise: two bins under the range, enough to smooth its first bin. */
const DEFAULT_HISTOGRAM_FROM = VALLEY_RANGE[0] - 2 * VALLEY_BIN;
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
 * Below this share of the matched pairs hanging on one link
 * ({@link BridgeStats.pairsOnOneLink}), one pair in five, a run's entities
 * are held together many times over, and the threshold of clustered matches
 * goes to the top of a valley's flat floor ({@link valleyThreshold}). It
 * sits in the gap between the two kinds of table measured: entities of four
 * to eight records, and entities of one to three.
 *
 * @example
 * const atFloorTop = stats.pairsOnOneLink < REDUNDANT_LINKS; // fake_1000 and its corrupted copies 0.04–0.16, the person stand-in 0.26–0.42
 */
export const REDUNDANT_LINKS = 0.2;

/** Where a histogram of scores dips ({@link findValley}). */
export interface Valley {
  /** The dip's upper edge. */
  edge: number;
  /** The upper edge of the dip's floor: the dip and the bins above it that noise cannot tell from it ({@link FLOOR_SDS}); the edge when the dip is sharp. */
  floorTop: number;
}

/**
 * The deepest dip of the histogram of `scores` within {@link VALLEY_RANGE}:
 * bins of {@link VALLEY_BIN}, smoothed over three bins, a dip being a bin
 * that both sides rise above by {@link VALLEY_DEPTH}×; the deepest is the
 * one whose lower side rises most above it (ties: the lowest score). Edges
 * to 0.001. Null when there is no dip (a distribution that only falls, or
 * too few scores). The histogram starts at `histogramFrom` (at most two
 * bins under the range), and `scores` must hold every scored pair from
 * there up.
 *
 * @example
 * findValley([...Array(500).fill(0.6), ...Array(20).fill(0.8), ...Array(300).fill(0.95)]); // { edge: 0.775, floorTop: 0.775 }
 */
export function findValley(scores: ArrayLike<number>, histogramFrom = DEFAULT_HISTOGRAM_FROM): Valley | null {
  const [from, to] = VALLEY_RANGE;
  // On the bin grid, so every edge stays a multiple of VALLEY_BIN whatever score a run kept from.
  const lo = Math.floor(Math.min(histogramFrom, DEFAULT_HISTOGRAM_FROM) / VALLEY_BIN + 1e-9) * VALLEY_BIN;
  const bins = Math.round((1 - lo) / VALLEY_BIN) + 1;
  const counts = new Float64Array(bins);
  // Counted from where the histogram starts by default: the bins read lower only show a dip's lower side, they are no
  // evidence of a shape above it (200 non-matches at 0.45 and six pairs at 0.9 are no valley).
  let n = 0;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (!(s >= lo)) continue;
    counts[Math.min(bins - 1, Math.floor((s - lo) / VALLEY_BIN + 1e-9))]++;
    if (s >= DEFAULT_HISTOGRAM_FROM) n++;
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
  const floor = smooth[best] + FLOOR_SDS * Math.sqrt(Math.max(smooth[best], 0.5) / 3);
  let top = best;
  while (top + 1 <= last && smooth[top + 1] <= floor) top++;
  const edgeOf = (bin: number): number => Math.round((lo + (bin + 1) * VALLEY_BIN) * 1000) / 1000;
  return { edge: edgeOf(best), floorTop: edgeOf(top) };
}

/**
 * The probe's likely-match line: the valley's dip edge, to 0.01. Nothing is
 * clustered on this line, so no cost of a false link weighs on it.
 *
 * @example
 * scoreValley([...Array(500).fill(0.6), ...Array(20).fill(0.8), ...Array(300).fill(0.95)]); // 0.78
 */
export function scoreValley(scores: ArrayLike<number>): number | null {
  const valley = findValley(scores);
  return valley === null ? null : Math.round(valley.edge * 100) / 100;
}

/**
 * Whether a threshold sits at a run's valley threshold (within 0.02, the
 * smallest move the rules make): then the data has set it, and symptoms do
 * not move it.
 *
 * @example
 * sitsAtValley(0.85, 0.85);  // true
 * sitsAtValley(0.75, null);  // false
 */
export function sitsAtValley(threshold: number, valley: number | null): boolean {
  return valley !== null && Math.abs(threshold - valley) < 0.02;
}

/**
 * The threshold of clustered matches at a valley. On a flat floor the
 * histogram cannot say where the two humps cross, so the threshold goes
 * where an error costs less. When the run's entities are held together many
 * times over (fewer than {@link REDUNDANT_LINKS} of its matched pairs hang
 * on one link), that is the floor's top: a false link joins two clusters
 * and every pair across them is wrong, while a missed one seldom splits an
 * entity other links hold. Otherwise a missed link is lost pairs as surely
 * as a false one is false pairs, and the threshold stays at the dip's edge.
 *
 * @example
 * valleyThreshold({ edge: 0.75, floorTop: 0.8 }, 0.06); // 0.8
 * valleyThreshold({ edge: 0.75, floorTop: 0.8 }, 0.5);  // 0.75
 */
export function valleyThreshold(valley: Valley, pairsOnOneLink: number): number {
  return pairsOnOneLink < REDUNDANT_LINKS ? valley.floorTop : valley.edge;
}
