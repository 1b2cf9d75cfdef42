/** Runs one user SQL statement for `kindred sql` and returns a printable table. */
import Database from 'better-sqlite3';
import { KindredError } from '../errors/registry.js';

/**
 * A result table: column names and rows of values in column order. Values are
 * what better-sqlite3 returns (number, string, null, Buffer for BLOBs).
 */
export interface SqlResult {
  columns: string[];
  rows: unknown[][];
}

/**
 * Runs one SQL statement. A query returns its columns and rows; any other
 * statement returns one row `changes` (rows changed). SQL that does not
 * compile is a `usage` error (exit 2, the user's input was wrong); an error
 * while running it is `run_failed` (exit 1). Only one statement per call.
 *
 * @example
 * runSql(db, 'SELECT telemetry FROM latest_autoconfig_telemetry');
 * // { columns: ['telemetry'], rows: [['{"available":false,"source":null}']] }
 */
export function runSql(db: Database.Database, sql: string): SqlResult {
  let statement: Database.Statement<unknown[], unknown>;
  try {
    statement = db.prepare(sql);
  } catch (e) {
    throw new KindredError('usage', `SQL error: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    if (!statement.reader) {
      return { columns: ['changes'], rows: [[statement.run().changes]] };
    }
    const columns = statement.columns().map((c) => c.name);
    const rows = statement.raw(true).all();
    return { columns, rows: rows.map((r) => (Array.isArray(r) ? r : [r])) };
  } catch (e) {
    if (e instanceof KindredError) throw e;
    throw new KindredError('run_failed', `SQL error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
