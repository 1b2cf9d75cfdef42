/** Scores leave kindred rounded to 6 decimals, the same way on every surface. */

/**
 * Rounds to 6 decimals (half away from zero); non-finite values become 0 so
 * no NaN or Infinity ever reaches JSON.
 *
 * @example
 * round6(0.9813333333); // 0.981333
 */
export function round6(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const r = Math.round(Math.abs(x) * 1e6) / 1e6;
  return x < 0 ? -r : r;
}
