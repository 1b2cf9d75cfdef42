/** The DuckDB macro registry: the name of the function a script creates (after `kindred_`) to its macro. */
import { AMOUNT_MACRO } from './amount.js';
import { STRIP_HONORIFICS_MACRO } from './honorifics.js';
import type { DuckdbMacro } from './macro.js';
import { NUMERIC_DIFF_MACRO } from './numeric.js';
import { QGRAM_MACRO } from './qgram.js';
import { SOUNDEX_MACRO, SOUNDEX_MATCH_MACRO } from './soundex.js';
import { TOKEN_SET_MACRO, TOKEN_SORT_RATIO_MACRO } from './token-ratio.js';
import { CODE_TOKEN_MACRO, TOKEN_SORT_MACRO } from './tokens.js';

/**
 * Every transform and scorer with a DuckDB macro, keyed as
 * `WAREHOUSE_FUNCTIONS` (a configuration name, or the `sqlName` a transform
 * and a scorer sharing one get).
 *
 * @example
 * DUCKDB_MACROS.has('soundex'); // true
 */
export const DUCKDB_MACROS: ReadonlyMap<string, DuckdbMacro> = new Map([
  ['soundex', SOUNDEX_MACRO],
  ['soundex_match', SOUNDEX_MATCH_MACRO],
  ['code_token', CODE_TOKEN_MACRO],
  ['token_sort', TOKEN_SORT_MACRO],
  ['amount', AMOUNT_MACRO],
  ['qgram', QGRAM_MACRO],
  ['strip_honorifics', STRIP_HONORIFICS_MACRO],
  ['numeric_diff', NUMERIC_DIFF_MACRO],
  ['token_sort_ratio', TOKEN_SORT_RATIO_MACRO],
  ['token_set', TOKEN_SET_MACRO],
]);
