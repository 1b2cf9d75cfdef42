/** Regular-expression classes (RE2 syntax, as DuckDB reads them) for the whitespace kindred's transforms break on: Python's and JavaScript's. */
import { JS_WHITESPACE, PYTHON_WHITESPACE } from '../functions/shared-code.js';

/** A code point as an RE2 escape (`\x{3000}`), so the printed class holds no invisible characters. */
function escape(cp: number): string {
  return `\\x{${cp.toString(16).toUpperCase()}}`;
}

/**
 * The RE2 class of `set` and the class syntax `more`, or its complement with `negated`.
 *
 * @example
 * reClass([0x20, 0x3000], false); // '[\\x{20}\\x{3000}]'
 * reClass([0x20], true, '/,'); // '[^\\x{20}/,]'
 */
export function reClass(set: readonly number[], negated: boolean, more = ''): string {
  return `[${negated ? '^' : ''}${set.map(escape).join('')}${more}]`;
}

/**
 * Python's whitespace (`str.isspace`): what kindred's tokens are split on.
 *
 * @example
 * `regexp_extract_all(x, '${NOT_PYTHON_SPACE}+')`; // the tokens of Python's str.split()
 */
export const PYTHON_SPACE = reClass(PYTHON_WHITESPACE, false);

/**
 * Anything but Python's whitespace: a token's characters.
 *
 * @example
 * `regexp_extract_all(x, '${NOT_PYTHON_SPACE}+')`;
 */
export const NOT_PYTHON_SPACE = reClass(PYTHON_WHITESPACE, true);

/**
 * JavaScript's whitespace (`trim()`, `\s`): what `amount` trims and `code_token` splits on.
 *
 * @example
 * `regexp_replace(x, '^${JS_SPACE}+|${JS_SPACE}+$', '', 'g')`; // x.trim()
 */
export const JS_SPACE = reClass(JS_WHITESPACE, false);

/**
 * The one-argument macro `kindred_ws_tokens(x)`'s body: Python's `str.split()` of `x`, as a list.
 *
 * @example
 * // kindred_ws_tokens(' a\u3000b ') = ['a', 'b']
 */
export const WS_TOKENS_BODY = `regexp_extract_all(x, '${NOT_PYTHON_SPACE}+')`;
