/** The `qgram:q` transform as a DuckDB macro: src/engine/transforms/qgram.ts. */
import type { DuckdbMacro } from './macro.js';

/**
 * The `qgram:q` transform (`q` a literal at the call): the first five
 * distinct q-grams of `##x##` in code-point order (DuckDB orders VARCHAR by
 * UTF-8 bytes), joined by spaces; '' when `##x##` is shorter than q.
 *
 * @example
 * // kindred_qgram('abc', 3) = '##a #ab abc bc# c##'
 */
export const QGRAM_MACRO: DuckdbMacro = {
  body: () =>
    `list_transform(['##' || x || '##'], lambda p: array_to_string(list_slice(list_sort(list_distinct(list_transform(range(1, length(p) - q + 2), lambda i: substr(p, i, q))), 'ASC'), 1, 5), ' '))[1]`,
};
