/** The longest common subsequence over code points and kindred's Indel similarity, as DuckDB helper macros (src/engine/scorers/indel.ts). */
import type { DuckdbHelper } from './macro.js';

/**
 * `kindred_lcs(a, b)`: the length of the longest common subsequence of two
 * strings' code points, the plain table (kindred's bit-parallel one counts
 * the same). The cells are one list in row order, a row per character of
 * `a` led by its column-0 cell (-1) and then 1 where the characters agree;
 * one `list_reduce` keeps the last |b| + 2 cells, which hold the cell above
 * left, above and to the left. Its lambda reads only its own arguments:
 * DuckDB 1.5's `list_reduce` gave wrong values, row to row, when the lambda
 * read an enclosing lambda's parameter.
 *
 * @example
 * // kindred_lcs('martha', 'marhta') = 5
 */
export const LCS: DuckdbHelper = {
  name: 'kindred_lcs',
  params: ['a', 'b'],
  body: () => {
    const cells = `flatten(list_transform(regexp_extract_all(a, '(?s).'), lambda c: list_concat([-1::BIGINT], list_transform(bs, lambda d: CASE WHEN c = d THEN 1 ELSE 0 END::BIGINT))))`;
    const cell = `CASE WHEN e[1] < 0 THEN 0 WHEN e[1] = 1 THEN w[1] + 1 ELSE greatest(w[2], w[-1]) END`;
    return `list_transform([regexp_extract_all(b, '(?s).')], lambda bs: list_reduce(list_transform(${cells}, lambda e: [e]), lambda w, e: list_append(w[2:], ${cell}), list_transform(range(0, len(bs) + 2), lambda z: 0::BIGINT))[-1])[1]`;
  },
};

/**
 * `kindred_indel(a, b)`: `1 − (|a| + |b| − 2·LCS) / (|a| + |b|)` in code points, 1 for two empty strings.
 *
 * @example
 * // kindred_indel('abc', 'abd') = 0.6666666666666667
 */
export const INDEL: DuckdbHelper = {
  name: 'kindred_indel',
  params: ['a', 'b'],
  uses: [LCS],
  body: () => `list_transform([length(a) + length(b)], lambda total: CASE WHEN total = 0 THEN 1e0 ELSE 1e0 - CAST(total - 2 * kindred_lcs(a, b) AS DOUBLE) / CAST(total AS DOUBLE) END)[1]`,
};
