/** Parsing numbers the way Python's `float()` reads decimal text, keeping only finite values. */
import { stripWhitespace } from '../transforms/whitespace.js';

// Python float() literals: digits may be grouped with single underscores,
// "1." and ".5" are allowed, hex is not. inf/nan parse in Python but are not
// finite, and only finite numbers are compared numerically, so they are not accepted here.
const DIGITS = '\\d(?:_?\\d)*';
const FLOAT_PATTERN = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);

/**
 * The finite number `text` spells (surrounding whitespace allowed), or null.
 *
 * @example
 * parseFiniteFloat(' 1_000.5 '); // 1000.5
 * parseFiniteFloat('1e999');     // null (overflows to infinity)
 * parseFiniteFloat('0x10');      // null
 */
export function parseFiniteFloat(text: string): number | null {
  const s = stripWhitespace(text);
  if (!FLOAT_PATTERN.test(s)) return null;
  const n = Number(s.includes('_') ? s.replace(/_/g, '') : s);
  return Number.isFinite(n) ? n : null;
}
