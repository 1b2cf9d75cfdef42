/** What a SQL dialect must spell for the compiled plan: literals, regular expressions, string lengths, failures, table statements. */

/**
 * The dialects kindred compiles to.
 *
 * @example
 * DIALECTS.includes('trino'); // true
 */
export const DIALECTS = ['duckdb', 'spark', 'trino', 'bigquery'] as const;

/** A dialect name. */
export type DialectName = (typeof DIALECTS)[number];

/**
 * One SQL dialect. Every method returns SQL text; `x`, `a`, `b` are SQL
 * expressions of type string. Regular expressions are given in the common
 * subset of RE2 and Java syntax (`[...]` classes, `\x1C`, `+`, `*`, `^`, `$`).
 *
 * @example
 * duckdb.replaceAll('name', '[^a-zA-Z]+', ''); // "regexp_replace(name, '[^a-zA-Z]+', '', 'g')"
 */
export interface Dialect {
  readonly name: DialectName;
  /** A quoted identifier. */
  ident(name: string): string;
  /** A string literal holding `s` exactly. */
  str(s: string): string;
  /** A DOUBLE literal denoting exactly the double `x`. */
  num(x: number): string;
  /** Number of code points of `x`. */
  length(x: string): string;
  /** True when every character of `x` is ASCII (its UTF-8 length equals its code-point length). */
  isAscii(x: string): string;
  /** Every match of `pattern` in `x` replaced by the literal `replacement`. */
  replaceAll(x: string, pattern: string, replacement: string): string;
  /** Capture group 1 of the first match of `pattern` in `x` (callers guard that it matches). */
  extract(x: string, pattern: string): string;
  /** True when `pattern` matches somewhere in `x`. */
  matches(x: string, pattern: string): string;
  /** Code points `from` (1-based) onwards, `count` of them. */
  substr(x: string, from: string, count: string): string;
  /** Base-2 logarithm of a positive double. */
  log2(x: string): string;
  /** Larger / smaller of two numbers (never null here). */
  greatest(a: string, b: string): string;
  least(a: string, b: string): string;
  /** An expression that stops the query with `message` when evaluated. */
  fail(message: string): string;
  /** Null-safe inequality: true when exactly one side is null or both are non-null and differ. */
  distinct(a: string, b: string): string;
  /** The dialect's built-in similarity for a scorer, exact on ASCII text, or null when it has none. */
  builtinScorer(scorer: string, a: string, b: string): string | null;
  /** A statement creating (or replacing) table `name` from a SELECT. */
  createTable(name: string, select: string): string;
}

/**
 * A DOUBLE literal in exponent form (`0.625e0`): every dialect reads that as a
 * double, where `0.625` is a DECIMAL in some. JavaScript's shortest
 * round-trip spelling denotes the same double.
 *
 * @example
 * doubleLiteral(0.1); // '0.1e0'
 * doubleLiteral(1e-9); // '1e-9'
 */
export function doubleLiteral(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
  const s = String(x);
  return s.includes('e') ? s : `${s}e0`;
}

/**
 * A string literal with only the quote doubled (standard SQL: DuckDB, Trino).
 *
 * @example
 * standardString("O'Neil"); // "'O''Neil'"
 */
export function standardString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/**
 * A string literal where backslashes are escapes (Spark SQL, GoogleSQL):
 * backslash and quote are escaped with a backslash.
 *
 * @example
 * backslashString("a\\b'c"); // "'a\\\\b\\'c'"
 */
export function backslashString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Levenshtein similarity as kindred defines it, `1 − distance / longer length`,
 * from a dialect's distance function and code-point length function.
 *
 * @example
 * levenshteinSimilaritySql('levenshtein', 'length', 'DOUBLE', 'a', 'b'); // '(1e0 - CAST(levenshtein(a, b) AS DOUBLE) / ...)'
 */
export function levenshteinSimilaritySql(distance: string, length: string, double: string, a: string, b: string): string {
  return `(1e0 - CAST(${distance}(${a}, ${b}) AS ${double}) / CAST(greatest(${length}(${a}), ${length}(${b})) AS ${double}))`;
}
