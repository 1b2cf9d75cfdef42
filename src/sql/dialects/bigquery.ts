/** The BigQuery (GoogleSQL) dialect. */
import { backslashString as bqString, doubleLiteral, levenshteinSimilaritySql, type Dialect } from '../dialect.js';

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
      ? levenshteinSimilaritySql('EDIT_DISTANCE', 'CHAR_LENGTH', 'FLOAT64', a, b)
      : null,
  createTable: (name, select) => `CREATE OR REPLACE TABLE ${name} AS\n${select}`,
};
