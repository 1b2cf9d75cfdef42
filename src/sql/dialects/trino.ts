/** The Trino dialect (also Presto and Athena, which share its functions). */
import { doubleLiteral, levenshteinSimilaritySql, standardString, type Dialect } from '../dialect.js';

/**
 * Trino: `levenshtein_distance` is built in; Jaro and Jaro–Winkler are not.
 *
 * @example
 * trino.isAscii('x'); // '(length(to_utf8(x)) = length(x))'
 */
export const trino: Dialect = {
  name: 'trino',
  ident: (name) => `"${name.replace(/"/g, '""')}"`,
  str: standardString,
  num: doubleLiteral,
  length: (x) => `length(${x})`,
  isAscii: (x) => `(length(to_utf8(${x})) = length(${x}))`,
  replaceAll: (x, p, r) => `regexp_replace(${x}, ${standardString(p)}, ${standardString(r)})`,
  extract: (x, p) => `regexp_extract(${x}, ${standardString(p)}, 1)`,
  matches: (x, p) => `regexp_like(${x}, ${standardString(p)})`,
  substr: (x, from, count) => `substr(${x}, ${from}, ${count})`,
  log2: (x) => `log2(${x})`,
  greatest: (a, b) => `greatest(${a}, ${b})`,
  least: (a, b) => `least(${a}, ${b})`,
  fail: (message) => `fail(${standardString(message)})`,
  distinct: (a, b) => `(${a} IS DISTINCT FROM ${b})`,
  builtinScorer: (scorer, a, b) =>
    scorer === 'levenshtein'
      ? levenshteinSimilaritySql('levenshtein_distance', 'length', 'DOUBLE', a, b)
      : null,
  createTable: (name, select) => `CREATE TABLE ${name} AS\n${select}`,
};
