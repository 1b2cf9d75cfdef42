/** The `token_sort` and `token_set` scorers as DuckDB macros: src/engine/scorers/token-ratio.ts (RapidFuzz's ratios over Python-whitespace tokens, Indel similarity on code points). */
import { INDEL, LCS } from './lcs.js';
import type { DuckdbMacro } from './macro.js';
import { SORTED_TOKENS, WS_TOKENS } from './tokens.js';

/**
 * The `token_sort` scorer: the Indel similarity of the two values' sorted tokens.
 *
 * @example
 * // kindred_token_sort_ratio('John Smith', 'Smith  John') = 1e0
 */
export const TOKEN_SORT_RATIO_MACRO: DuckdbMacro = { uses: [SORTED_TOKENS, INDEL], body: () => 'kindred_indel(kindred_sorted_tokens(a), kindred_sorted_tokens(b))' };

// The lengths token_set_ratio weighs, over v (the shared tokens, and each side's own, sorted): the
// joined lengths and the separator between the shared part and a side's own.
const SHARED = 'length(array_to_string(v.sh, \' \'))';
const ONLY_A = 'length(array_to_string(v.oa, \' \'))';
const ONLY_B = 'length(array_to_string(v.ob, \' \'))';
const SEPARATOR = `CASE WHEN ${SHARED} <> 0 THEN 1 ELSE 0 END`;

/**
 * The `token_set` scorer (RapidFuzz's `token_set_ratio` / 100): 1 when one
 * distinct token set holds the other (and they share one); else the best of
 * the leftovers' Indel ratio normalised by the full lengths and the shared
 * part against each side, in kindred's arithmetic order.
 *
 * @example
 * // kindred_token_set('fuzzy was a bear', 'fuzzy fuzzy was a bear') = 1e0
 */
export const TOKEN_SET_MACRO: DuckdbMacro = {
  uses: [WS_TOKENS, LCS],
  body: () => {
    const set = (s: string): string => `list_sort(list_distinct(kindred_ws_tokens(${s})), 'ASC')`;
    const parts = `list_transform([[${set('a')}, ${set('b')}]], lambda ts: {'sh': list_filter(ts[1], lambda t: list_contains(ts[2], t)), 'oa': list_filter(ts[1], lambda t: NOT list_contains(ts[2], t)), 'ob': list_filter(ts[2], lambda t: NOT list_contains(ts[1], t)), 'na': len(ts[1]), 'nb': len(ts[2])})[1]`;
    const distance = `${ONLY_A} + ${ONLY_B} - 2 * kindred_lcs(array_to_string(v.oa, ' '), array_to_string(v.ob, ' '))`;
    const plusA = `(${SHARED} + ${SEPARATOR} + ${ONLY_A})`;
    const plusB = `(${SHARED} + ${SEPARATOR} + ${ONLY_B})`;
    const total = `(${plusA} + ${plusB})`;
    const best = `CASE WHEN ${total} = 0 THEN 1e0 ELSE 1e0 - CAST(${distance} AS DOUBLE) / CAST(${total} AS DOUBLE) END`;
    const withSide = (own: string, plus: string): string => `1e0 - CAST(${SEPARATOR} + ${own} AS DOUBLE) / CAST(${SHARED} + ${plus} AS DOUBLE)`;
    return (
      `list_transform([${parts}], lambda v: CASE WHEN v.na = 0 OR v.nb = 0 THEN CASE WHEN v.na = v.nb THEN 1e0 ELSE 0e0 END ` +
      `WHEN len(v.sh) > 0 AND (len(v.oa) = 0 OR len(v.ob) = 0) THEN 1e0 WHEN ${SHARED} = 0 THEN ${best} ` +
      `ELSE greatest(${best}, ${withSide(ONLY_A, plusA)}, ${withSide(ONLY_B, plusB)}) END)[1]`
    );
  },
};
