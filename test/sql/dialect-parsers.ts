/** Test helper: a parser per dialect where npm has one (dt-sql-parser's Spark and Trino grammars, sql-parser-cst's BigQuery), returning the syntax errors of a script. */
import { register } from 'node:module';
import { parse } from 'sql-parser-cst';

register(new URL('./extensionless-hooks.js', import.meta.url));
// Imported after the hook is in place (a static import would resolve first).
const dt = await import('dt-sql-parser');
const spark = new dt.SparkSQL();
const trino = new dt.TrinoSQL();

/**
 * The syntax errors a dialect's parser finds in `sql` (empty: it parses).
 *
 * @example
 * syntaxErrors('spark', 'SELEC 1'); // ['line 1:0 ...']
 */
export function syntaxErrors(dialect: 'spark' | 'trino' | 'bigquery', sql: string): string[] {
  if (dialect === 'bigquery') {
    try {
      parse(sql, { dialect: 'bigquery' });
      return [];
    } catch (e) {
      return [e instanceof Error ? e.message : String(e)];
    }
  }
  const parser = dialect === 'spark' ? spark : trino;
  return parser.validate(sql).map((e) => `line ${e.startLine}:${e.startColumn} ${e.message}`);
}

/**
 * The parse tree of `sql` by dt-sql-parser's Trino grammar (an ANTLR tree), for tests that walk it.
 *
 * @example
 * const tree = trinoParseTree('CREATE FUNCTION f() RETURNS double RETURN 1e0');
 */
export function trinoParseTree(sql: string): ReturnType<typeof trino.parse> {
  return trino.parse(sql);
}
