/** Rounds reported numbers to 6 decimals, half away from zero, on the number's decimal spelling. */

/**
 * Rounds to 6 decimals, half away from zero, judged on the shortest decimal
 * spelling of the number (what JSON prints), not on its binary value:
 * `0.0000005` → `0.000001` and `1.0000005` → `1.000001`, although both are
 * stored a hair below the half. `Math.round(x * 1e6) / 1e6` gets such
 * halves wrong and rounds negatives half up.
 *
 * Most inputs are far from a half and take an arithmetic path whose error
 * (well under 1e-6 of a unit in the 6th decimal for |x| < 1000) cannot change
 * the outcome; the rest are rounded on their digit string. Non-finite inputs
 * are returned as they are; -0 becomes 0.
 *
 * @example
 * round6(0.9813334);  // 0.981333
 * round6(0.0000005);  // 0.000001
 * round6(-2.5e-7);    // 0 (not -0)
 */
export function round6(x: number): number {
  if (!Number.isFinite(x)) return x;
  const negative = x < 0;
  const ax = Math.abs(x);
  let rounded: number;
  const scaled = ax * 1e6;
  if (ax < 1000 && Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) {
    rounded = Math.round(scaled) / 1e6;
  } else {
    rounded = roundDecimalString(ax);
  }
  if (rounded === 0) return 0;
  return negative ? -rounded : rounded;
}

/** Half-up rounding of a non-negative finite number on its shortest decimal spelling. */
function roundDecimalString(ax: number): number {
  const text = ax.toString();
  const e = text.indexOf('e');
  if (e >= 0) {
    const exponent = Number(text.slice(e + 1));
    // JavaScript spells numbers below 1e-6 with an exponent (≤ -7) and numbers of 1e21 and above with a positive one.
    if (exponent > 0) return ax;
    return exponent === -7 && Number(text.slice(0, e)) >= 5 ? 0.000001 : 0;
  }
  const dot = text.indexOf('.');
  if (dot < 0 || text.length - dot - 1 <= 6) return ax;
  const units = BigInt(text.slice(0, dot) + text.slice(dot + 1, dot + 7)) + (text[dot + 7] >= '5' ? 1n : 0n);
  const digits = units.toString().padStart(7, '0');
  return Number(`${digits.slice(0, -6)}.${digits.slice(-6)}`);
}
