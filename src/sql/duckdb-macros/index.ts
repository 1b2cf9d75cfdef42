/** The DuckDB macro registry: the name of the function a script creates (after `kindred_`) to its macro. */
import type { DuckdbMacro } from './macro.js';
import { SOUNDEX_MACRO, SOUNDEX_MATCH_MACRO } from './soundex.js';

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
]);
