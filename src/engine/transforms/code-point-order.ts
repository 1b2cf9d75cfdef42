/** Ordering strings by Unicode code point, the order Python's `sorted()` uses. */

/**
 * Compares two strings by code point (negative, zero, positive). JavaScript's
 * default `<` compares UTF-16 units, which puts astral characters (emoji,
 * surrogate pairs) before U+E000–U+FFFF; Python puts them after. Sorting
 * tokens with this keeps `token_sort` and `qgram:q` identical to the reference.
 *
 * @example
 * ['\uff5e', '😀'].sort(compareCodePoints); // ['～', '😀'] (UTF-16 order would flip them)
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Lift surrogates above U+E000–U+FFFF so unit order becomes code-point order.
    if (x >= 0xd800) x += x >= 0xe000 ? -0x800 : 0x2000;
    if (y >= 0xd800) y += y >= 0xe000 ? -0x800 : 0x2000;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Compares two runs of code points, `xc[xs..xe)` and `yc[ys..ye)`, in
 * code-point order (a proper prefix sorts first): {@link compareCodePoints}
 * for values held in dictionaries' code arrays.
 *
 * @example
 * compareCodeRuns(Uint32Array.of(97, 98), 0, 2, Uint32Array.of(97), 0, 1); // 1 ('ab' after 'a')
 */
export function compareCodeRuns(xc: Uint32Array, xs: number, xe: number, yc: Uint32Array, ys: number, ye: number): number {
  const xl = xe - xs;
  const yl = ye - ys;
  const l = xl < yl ? xl : yl;
  for (let i = 0; i < l; i++) {
    const d = xc[xs + i] - yc[ys + i];
    if (d !== 0) return d;
  }
  return xl - yl;
}

/**
 * Sorts a copy of `values` by code point.
 *
 * @example
 * sortByCodePoint(['smith', 'John']); // ['John', 'smith']
 */
export function sortByCodePoint(values: readonly string[]): string[] {
  return [...values].sort(compareCodePoints);
}
