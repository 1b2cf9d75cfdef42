/** The product's SQL function `autoconfig_telemetry` (API.md 5.4), registered on a state-database connection for `kindred sql`. */
import Database from 'better-sqlite3';
import { parseTelemetry, TELEMETRY_SOURCES } from '../autoconfig/telemetry-schema.js';
import { TELEMETRY_UNAVAILABLE_JSON } from './schema.js';
import { KindredError } from '../errors/registry.js';

/**
 * Runs the auto-configuration controller over a table name or CSV path and
 * returns its telemetry as JSON text (with `source: "sql_autoconfig"`).
 * Must be synchronous: SQLite calls it in the middle of a statement.
 */
export type RunAutoconfigSync = (target: string) => string;

/**
 * Reads the latest telemetry through a second, read-only connection:
 * better-sqlite3 forbids using a connection from inside a function that
 * connection is executing. In WAL mode the reader sees the last commit.
 */
function latestTelemetryJson(file: string, source?: string): string {
  const reader = new Database(file, { readonly: true, fileMustExist: true });
  try {
    if (source !== undefined) {
      const saved = reader.prepare<[string], string>('SELECT json FROM telemetry WHERE source = ? ORDER BY id DESC LIMIT 1').pluck().get(source);
      return typeof saved === 'string' ? saved : TELEMETRY_UNAVAILABLE_JSON;
    }
    const json = reader.prepare<[], string>('SELECT telemetry FROM latest_autoconfig_telemetry').pluck().get();
    if (typeof json !== 'string') throw new KindredError('internal', 'latest_autoconfig_telemetry returned no row');
    return json;
  } finally {
    reader.close();
  }
}

/**
 * Registers `autoconfig_telemetry` on a connection to a state database:
 *
 * - `autoconfig_telemetry()` → the telemetry of the latest POST /autoconfig
 *   as JSON text, or `{"available":false,"source":null}` when there was none
 *   (the same value as the `latest_autoconfig_telemetry` view).
 * - `autoconfig_telemetry_saved(source)` → the latest saved telemetry of
 *   another kind of run (`startup`, `cli_autoconfig`, `sql_autoconfig`,
 *   `rest_autoconfig`), or the same "not available" object.
 * - `autoconfig_telemetry(target)` → calls `runAutoconfig(target)` and returns
 *   what it returns. This **blocks** the thread for the whole controller run,
 *   because SQLite user functions are synchronous; acceptable for the
 *   one-shot `kindred sql` command, never to be registered in the server.
 *   It is `directOnly`, so a view or trigger in a database file cannot make
 *   it run: only SQL the user typed can.
 *
 * The 0-argument form needs a file-backed database (it opens the same file
 * read-only); on an in-memory connection it raises an SQL error.
 *
 * @example
 * const state = StateDb.open(file);
 * registerSqlFunctions(state.connection, (path) => runControllerSync(path));
 * runSql(state.connection, 'SELECT autoconfig_telemetry()');
 */
export function registerSqlFunctions(db: Database.Database, runAutoconfig: RunAutoconfigSync): void {
  // Through the one telemetry parser, as every other reader: the same keys, in the same order, as GET /controller/telemetry.
  const reshaped = (json: string): string => JSON.stringify(parseTelemetry(JSON.parse(json) as unknown));
  db.function('autoconfig_telemetry', () => {
    if (db.memory) throw new KindredError('internal', 'autoconfig_telemetry() needs a state database file');
    return reshaped(latestTelemetryJson(db.name));
  });
  db.function('autoconfig_telemetry_saved', (source: unknown) => {
    if (db.memory) throw new KindredError('internal', 'autoconfig_telemetry_saved() needs a state database file');
    if (typeof source !== 'string' || source.length === 0) {
      throw new KindredError('usage', `autoconfig_telemetry_saved(source) expects a source as text: ${Object.values(TELEMETRY_SOURCES).join(', ')}`);
    }
    return reshaped(latestTelemetryJson(db.name, source));
  });
  db.function('autoconfig_telemetry', { directOnly: true }, (target: unknown) => {
    if (typeof target !== 'string' || target.length === 0) {
      throw new KindredError('usage', 'autoconfig_telemetry(target) expects a table name or CSV path as text');
    }
    return reshaped(runAutoconfig(target));
  });
}
