/** Number formatting for benchmark tables: grouped integers, seconds, bytes, ratios; "—" for what was not measured. */

const DASH = '—';

/**
 * An integer with thousands separators.
 *
 * @example
 * formatCount(5663188); // "5,663,188"
 */
export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined || !Number.isFinite(n) ? DASH : Math.round(n).toLocaleString('en-US');
}

/**
 * Milliseconds as seconds with two decimals.
 *
 * @example
 * formatSeconds(1534); // "1.53 s"
 */
export function formatSeconds(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? DASH : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * Bytes as GB (10^9) with two decimals.
 *
 * @example
 * formatGigabytes(330_000_000); // "0.33 GB"
 */
export function formatGigabytes(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined || !Number.isFinite(bytes) ? DASH : `${(bytes / 1e9).toFixed(2)} GB`;
}

/**
 * A ratio or score with a fixed number of decimals.
 *
 * @example
 * formatFixed(0.98765, 4); // "0.9877"
 */
export function formatFixed(x: number | null | undefined, digits: number): string {
  return x === null || x === undefined || !Number.isFinite(x) ? DASH : x.toFixed(digits);
}

/**
 * A rate per second, compact: 5.1 M/s, 830 k/s.
 *
 * @example
 * formatRate(5_123_000); // "5.12 M/s"
 */
export function formatRate(perSecond: number | null | undefined): string {
  if (perSecond === null || perSecond === undefined || !Number.isFinite(perSecond)) return DASH;
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(0)} k/s`;
  return `${perSecond.toFixed(0)}/s`;
}
