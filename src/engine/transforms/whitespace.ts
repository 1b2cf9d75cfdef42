/** Python-compatible whitespace: which characters count as space, and splitting/stripping by them. */

/**
 * True when `code` is whitespace in Python's sense (`str.isspace`): the
 * characters `str.split()` and `str.strip()` break on. This is wider than
 * ASCII space (no-break space, ideographic space, line separators...) and,
 * unlike JavaScript's `\s`, excludes U+FEFF and includes U+001C–U+001F and U+0085.
 * Every such character is in the BMP, so a UTF-16 unit can be tested directly.
 *
 * @example
 * isWhitespace(0x20);   // true
 * isWhitespace(0x3000); // true (ideographic space)
 * isWhitespace(0xfeff); // false
 */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/**
 * Splits on runs of whitespace and drops empty pieces, like Python's
 * `str.split()` with no argument.
 *
 * @example
 * splitWhitespace('  Jon \t Smith '); // ['Jon', 'Smith']
 * splitWhitespace('   ');             // []
 */
export function splitWhitespace(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    if (isWhitespace(s.charCodeAt(i))) {
      if (start >= 0) {
        out.push(s.slice(start, i));
        start = -1;
      }
    } else if (start < 0) {
      start = i;
    }
  }
  if (start >= 0) out.push(s.slice(start));
  return out;
}

/**
 * Removes leading and trailing whitespace, like Python's `str.strip()`.
 *
 * @example
 * stripWhitespace('\u00a0 Ann \n'); // 'Ann'
 */
export function stripWhitespace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isWhitespace(s.charCodeAt(start))) start++;
  while (end > start && isWhitespace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}
