/** Latency samples → the percentiles the server benchmark reports (nearest-rank, so every figure is a latency that was observed). */

/**
 * Percentiles of one set of latency samples, in milliseconds.
 *
 * @example
 * const s: LatencySummary = latencySummary([0.8, 1.1, 12]); // s.max_ms === 12
 */
export interface LatencySummary {
  count: number;
  p50_ms: number | null;
  p90_ms: number | null;
  p99_ms: number | null;
  max_ms: number | null;
  mean_ms: number | null;
}

/**
 * The nearest-rank `q`-quantile (0 < q ≤ 1) of ascending `sorted` values:
 * the smallest sample with at least a share `q` of samples at or below it.
 * Interpolating would report latencies nobody saw, which hides a tail.
 *
 * @example
 * nearestRank([1, 2, 3, 4], 0.5); // 2
 * nearestRank([1, 2, 3, 4], 0.99); // 4
 */
export function nearestRank(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) throw new Error('percentile of an empty list');
  if (!(q > 0 && q <= 1)) throw new Error(`quantile must be in (0, 1], got ${q}`);
  return sorted[Math.min(sorted.length, Math.ceil(q * sorted.length)) - 1];
}

/**
 * Count, p50, p90, p99, max and mean of latency samples (ms); every figure
 * but the count is null when there are no samples.
 *
 * @example
 * latencySummary([0.8, 1.1, 0.9, 12]).p99_ms; // 12
 */
export function latencySummary(samplesMs: ArrayLike<number>): LatencySummary {
  const n = samplesMs.length;
  if (n === 0) return { count: 0, p50_ms: null, p90_ms: null, p99_ms: null, max_ms: null, mean_ms: null };
  const sorted = Float64Array.from(samplesMs).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  return {
    count: n,
    p50_ms: nearestRank(sorted, 0.5),
    p90_ms: nearestRank(sorted, 0.9),
    p99_ms: nearestRank(sorted, 0.99),
    max_ms: sorted[n - 1],
    mean_ms: sum / n,
  };
}
