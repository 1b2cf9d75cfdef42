/** Pair ids: the canonical `"<a>-<b>"` spelling and the (a, then b) order every tie-break in clustering uses. */

/**
 * The canonical pair id of two row ids, smaller first.
 *
 * @example
 * pairId(977, 12); // "12-977"
 */
export function pairId(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

/**
 * Orders pairs by pair id: by `a`, then by `b` (numerically, not as strings).
 * Both pairs must already have `a < b`.
 *
 * @example
 * comparePairs(2, 10, 2, 9) > 0; // true: "2-9" comes before "2-10"
 */
export function comparePairs(a1: number, b1: number, a2: number, b2: number): number {
  return a1 !== a2 ? a1 - a2 : b1 - b2;
}
