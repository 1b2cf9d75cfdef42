/** The BigQuery (GoogleSQL) dialect. */
import { doubleLiteral, type Dialect } from '../dialect.js';

// GoogleSQL string literals process backslash escapes.
const bqString = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * BigQuery: `EDIT_DISTANCE` is built in; Jaro and Jaro–Winkler are not.
 *
 * @example
 * bigquery.fail('non-ASCII value'); // "ERROR('non-ASCII value')"
 */
export const bigquery: Dialect = {
  name: 'bigquery',
  ident: (name) => `\`${name.replace(/`/g, '\\`')}\``,
  str: bqString,
  num: doubleLiteral,
  length: (x) => `CHAR_LENGTH(${x})`,
  isAscii: (x) => `(BYTE_LENGTH(${x}) = CHAR_LENGTH(${x}))`,
  replaceAll: (x, p, r) => `REGEXP_REPLACE(${x}, ${bqString(p)}, ${bqString(r)})`,
  extract: (x, p) => `REGEXP_EXTRACT(${x}, ${bqString(p)})`,
  matches: (x, p) => `REGEXP_CONTAINS(${x}, ${bqString(p)})`,
  substr: (x, from, count) => `SUBSTR(${x}, ${from}, ${count})`,
  log2: (x) => `LOG(${x}, 2)`,
  greatest: (a, b) => `GREATEST(${a}, ${b})`,
  least: (a, b) => `LEAST(${a}, ${b})`,
  fail: (message) => `ERROR(${bqString(message)})`,
  distinct: (a, b) => `(${a} IS DISTINCT FROM ${b})`,
  builtinScorer: (scorer, a, b) =>
    scorer === 'levenshtein'
      ? `(1e0 - CAST(EDIT_DISTANCE(${a}, ${b}) AS FLOAT64) / CAST(GREATEST(CHAR_LENGTH(${a}), CHAR_LENGTH(${b})) AS FLOAT64))`
      : null,
  createTable: (name, select) => `CREATE OR REPLACE TABLE ${name} AS\n${select}`,
};
