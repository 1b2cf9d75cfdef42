/** The Spark SQL dialect (Databricks). */
import { backslashString as sparkString, doubleLiteral, levenshteinSimilaritySql, type Dialect } from '../dialect.js';

/**
 * Spark SQL: `levenshtein` is built in; Jaro and Jaro–Winkler are not, so
 * configurations scoring with them do not compile for Spark (the error
 * names the field).
 *
 * @example
 * spark.distinct('l.src', 'r.src'); // 'NOT (l.src <=> r.src)'
 */
export const spark: Dialect = {
  name: 'spark',
  ident: (name) => `\`${name.replace(/`/g, '``')}\``,
  str: sparkString,
  num: doubleLiteral,
  length: (x) => `char_length(${x})`,
  isAscii: (x) => `(octet_length(${x}) = char_length(${x}))`,
  replaceAll: (x, p, r) => `regexp_replace(${x}, ${sparkString(p)}, ${sparkString(r)})`,
  extract: (x, p) => `regexp_extract(${x}, ${sparkString(p)}, 1)`,
  matches: (x, p) => `(${x} RLIKE ${sparkString(p)})`,
  substr: (x, from, count) => `substring(${x}, ${from}, ${count})`,
  log2: (x) => `log2(${x})`,
  greatest: (a, b) => `greatest(${a}, ${b})`,
  least: (a, b) => `least(${a}, ${b})`,
  fail: (message) => `raise_error(${sparkString(message)})`,
  distinct: (a, b) => `NOT (${a} <=> ${b})`,
  builtinScorer: (scorer, a, b) =>
    scorer === 'levenshtein'
      ? levenshteinSimilaritySql('levenshtein', 'char_length', 'DOUBLE', a, b)
      : null,
  createTable: (name, select) => `CREATE OR REPLACE TABLE ${name} AS\n${select}`,
};
