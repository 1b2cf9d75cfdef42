/** Capture–recapture recall estimate from how many systems found each pair (pure arithmetic, no data access). */

/**
 * What a set of capture systems found: `exactly[k]` = pairs found by exactly
 * `k` systems (index 0 unused), and the mean pairwise Jaccard overlap.
 *
 * @example
 * const tally: CaptureTally = { systems: 3, exactly: [0, 40, 25, 60], overlap: 0.5 };
 */
export interface CaptureTally {
  systems: number;
  exactly: number[];
  overlap: number;
}

/**
 * The outcome: `recall` is null exactly when `estimable` is false, and `note`
 * then says why.
 *
 * @example
 * const e: RecallEstimate = { recall: 0.97, estimable: true, captureProbability: 0.69, note: '...' };
 */
export interface RecallEstimate {
  recall: number | null;
  estimable: boolean;
  captureProbability: number | null;
  note: string;
}

/**
 * Above this mean overlap the systems are too alike for independence to be credible.
 *
 * @example
 * if (overlap > CORRELATED_OVERLAP) note += '; likely optimistic';
 */
export const CORRELATED_OVERLAP = 0.85;

/**
 * Fits a homogeneous capture probability `p` from the cells k ≥ 2 of a
 * binomial capture model (pairs found by one system only are mostly false
 * positives, so they are left out of the fit): `ln f_k − ln C(K,k)` is linear
 * in k with slope `logit p`. Recall is `1 − (1 − p)^K`, the chance a true pair
 * is found by at least one system.
 *
 * @example
 * estimateRecall({ systems: 3, exactly: [0, 10, 30, 50], overlap: 0.4 }).estimable; // true
 */
export function estimateRecall(tally: CaptureTally): RecallEstimate {
  const K = tally.systems;
  if (K < 3) {
    return notEstimable(`needs at least 3 capture systems; this configuration gives ${K}`);
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 2; k <= K; k++) {
    const f = tally.exactly[k] ?? 0;
    if (f > 0) {
      xs.push(k);
      ys.push(Math.log(f) - logChoose(K, k));
    }
  }
  if (xs.length < 2) {
    return notEstimable(`too few pairs found by two or more systems to fit a capture probability (${xs.length} non-empty cell(s) with k ≥ 2; need 2)`);
  }
  const slope = leastSquaresSlope(xs, ys);
  const p = 1 / (1 + Math.exp(-slope));
  if (!(p > 0 && p < 1)) return notEstimable('the fitted capture probability is degenerate (0 or 1)');
  const recall = 1 - Math.pow(1 - p, K);
  let note = `point estimate from ${K} systems assuming independent captures with a common probability p = ${p.toFixed(3)}`;
  if (tally.overlap > CORRELATED_OVERLAP) {
    note += `; warning: systems overlap strongly (mean Jaccard ${tally.overlap.toFixed(3)}), so the estimate is likely optimistic`;
  }
  return { recall, estimable: true, captureProbability: p, note };
}

function notEstimable(note: string): RecallEstimate {
  return { recall: null, estimable: false, captureProbability: null, note };
}

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

function leastSquaresSlope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}
