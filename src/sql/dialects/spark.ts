/** The Spark SQL dialect (Databricks). */
import { doubleLiteral, type Dialect } from '../dialect.js';

// Spark string literals process backslash escapes: a backslash and a quote are escaped with one.
const sparkString = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

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
      ? `(1e0 - CAST(levenshtein(${a}, ${b}) AS DOUBLE) / CAST(greatest(char_length(${a}), char_length(${b})) AS DOUBLE))`
      : null,
  createTable: (name, select) => `CREATE OR REPLACE TABLE ${name} AS\n${select}`,
};
