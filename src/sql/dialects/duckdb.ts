/** The DuckDB dialect (also what the embedded engine runs). */
import { doubleLiteral, levenshteinSimilaritySql, standardString, type Dialect } from '../dialect.js';

/**
 * DuckDB: `jaro_similarity`, `jaro_winkler_similarity` and `levenshtein` are
 * built in; they compare bytes, so they equal kindred's code-point scorers
 * on ASCII text (measured bit for bit, see docs/scale-out.md).
 *
 * @example
 * duckdb.builtinScorer('jaro_winkler', 'l.c0', 'r.c0'); // 'jaro_winkler_similarity(l.c0, r.c0)'
 */
export const duckdb: Dialect = {
  name: 'duckdb',
  ident: (name) => `"${name.replace(/"/g, '""')}"`,
  str: standardString,
  num: doubleLiteral,
  length: (x) => `length(${x})`,
  isAscii: (x) => `(strlen(${x}) = length(${x}))`,
  replaceAll: (x, p, r) => `regexp_replace(${x}, ${standardString(p)}, ${standardString(r)}, 'g')`,
  extract: (x, p) => `regexp_extract(${x}, ${standardString(p)}, 1)`,
  matches: (x, p) => `regexp_matches(${x}, ${standardString(p)})`,
  substr: (x, from, count) => `substring(${x}, ${from}, ${count})`,
  log2: (x) => `log2(${x})`,
  greatest: (a, b) => `greatest(${a}, ${b})`,
  least: (a, b) => `least(${a}, ${b})`,
  fail: (message) => `error(${standardString(message)})`,
  distinct: (a, b) => `(${a} IS DISTINCT FROM ${b})`,
  builtinScorer: (scorer, a, b) => {
    if (scorer === 'jaro_winkler') return `jaro_winkler_similarity(${a}, ${b})`;
    if (scorer === 'jaro') return `jaro_similarity(${a}, ${b})`;
    if (scorer === 'levenshtein') return levenshteinSimilaritySql('levenshtein', 'length', 'DOUBLE', a, b);
    // DuckDB's is the unrestricted distance, as kindred's (equal on ASCII; it compares bytes).
    if (scorer === 'damerau_levenshtein') return levenshteinSimilaritySql('damerau_levenshtein', 'length', 'DOUBLE', a, b);
    return null;
  },
  createTable: (name, select) => `CREATE OR REPLACE TABLE ${name} AS\n${select}`,
};
