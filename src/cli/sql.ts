/** `kindred sql`: runs one SQL statement on a dataset's state database with the product's SQL functions registered. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { KindredError } from '../errors/registry.js';
import { datasetStateLine, openDatasetState } from '../store/dataset-state.js';
import { fingerprintFile } from '../store/state-path.js';
import { registerSqlFunctions } from '../store/sql-functions.js';
import { runSql, type SqlResult } from '../store/run-sql.js';
import { parseCommandArgs, requireString } from './args.js';
import { isCompileMode, sqlCompileCommand } from './sql-compile.js';

export const SQL_HELP = `Usage: kindred sql --file <csv> [--state <dir>] [--table] "<SQL>"
       kindred sql --dialect duckdb|spark|trino|bigquery --config <yaml> --table <name> [--id <column>]
                   (compiles the configuration to SQL; kindred sql --dialect spark --help)

Opens the state database of the dataset <csv> and runs one SQL statement with
kindred's SQL functions registered:

  autoconfig_telemetry()              telemetry of the latest POST /autoconfig (JSON
                                      text), or the sentinel
  autoconfig_telemetry_saved('<src>') latest saved telemetry of another source:
                                      startup, cli_autoconfig, sql_autoconfig
  autoconfig_telemetry('<path>')      runs the controller over a CSV path (or a table
                                      of the state database) and returns its
                                      telemetry, source "sql_autoconfig"

The view latest_autoconfig_telemetry holds the same as autoconfig_telemetry();
autoconfig_telemetry_history lists every kept entry, newest first.
Rows print as JSON lines (one object per row), or as a table with --table.

Options:
  --file <csv>     the dataset whose state database to open
  --state <dir>    state database folder (default .kindred)
  --table          print an aligned text table instead of JSON lines
`;

// Spelt from the cli folder, so that it also holds from the command line's bundle (src/cli/cli-entry.ts).
const CLI_MAIN = fileURLToPath(new URL('../cli/main.js', import.meta.url));

/**
 * Runs the controller in a child `kindred autoconfig` (SQLite functions are
 * synchronous, the controller is not) and relabels its telemetry.
 */
function runAutoconfigSync(target: string, stateFile: string): string {
  let csv = target;
  let temp: string | null = null;
  if (!fs.existsSync(target)) {
    temp = tableToCsv(stateFile, target);
    csv = temp;
  }
  try {
    const stdout = execFileSync(process.execPath, [CLI_MAIN, 'autoconfig', '--file', csv, '--no-save', '--quiet'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 << 20,
    });
    const telemetry = JSON.parse(stdout) as Record<string, unknown>;
    return JSON.stringify({ ...telemetry, source: 'sql_autoconfig' });
  } catch (e) {
    const stderr = typeof e === 'object' && e !== null && 'stderr' in e ? String((e as { stderr: unknown }).stderr).trim() : '';
    throw new KindredError('run_failed', `autoconfig_telemetry('${target}') failed: ${stderr || (e instanceof Error ? e.message : String(e))}`);
  } finally {
    if (temp !== null) fs.rmSync(path.dirname(temp), { recursive: true, force: true });
  }
}

/** Copies a table of the state database to a temporary CSV (read through its own read-only connection). */
function tableToCsv(stateFile: string, table: string): string {
  const reader = new Database(stateFile, { readonly: true, fileMustExist: true });
  try {
    const exists = reader.prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name = ?").get(table);
    if (!exists) throw new KindredError('usage', `autoconfig_telemetry: "${table}" is neither a CSV file nor a table of the state database`);
    const stmt = reader.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`);
    const columns = stmt.columns().map((c) => c.name);
    const rows = stmt.raw(true).all() as unknown[][];
    const cell = (v: unknown): string => {
      const s = v === null || v === undefined ? '' : String(v);
      return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-sql-'));
    const file = path.join(dir, `${table.replace(/[^\w.-]/g, '_')}.csv`);
    fs.writeFileSync(file, [columns.map(cell).join(','), ...rows.map((r) => r.map(cell).join(','))].join('\n') + '\n');
    return file;
  } finally {
    reader.close();
  }
}

function printJsonLines(result: SqlResult): string {
  return result.rows.map((r) => JSON.stringify(Object.fromEntries(result.columns.map((c, i) => [c, jsonCell(r[i])])))).join('\n');
}

function jsonCell(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return v.toString('base64');
  if (typeof v === 'bigint') return v.toString();
  return v;
}

function printTable(result: SqlResult): string {
  const text = (v: unknown): string => (v === null || v === undefined ? 'NULL' : String(jsonCell(v)));
  const widths = result.columns.map((c, i) => Math.max(c.length, ...result.rows.map((r) => text(r[i]).length)));
  const line = (cells: string[]): string => cells.map((s, i) => s.padEnd(widths[i])).join(' | ').trimEnd();
  return [line(result.columns), widths.map((w) => '-'.repeat(w)).join('-+-'), ...result.rows.map((r) => line(r.map(text)))].join('\n');
}

/**
 * Runs the command; returns the exit code. With \`--dialect\` it compiles a
 * configuration to SQL instead (src/cli/sql-compile.ts), where \`--table\`
 * names the input table; without it, \`--table\` is the output format flag.
 */
export async function sqlCommand(argv: string[]): Promise<number> {
  if (isCompileMode(argv)) return sqlCompileCommand(argv);
  const { values, positionals } = parseCommandArgs(
    'sql',
    argv,
    { file: { type: 'string' }, state: { type: 'string' }, table: { type: 'boolean' }, help: { type: 'boolean' } },
    2,
  );
  if (values.help) {
    process.stdout.write(SQL_HELP);
    return 0;
  }
  const file = requireString('sql', values, 'file');
  const sql = positionals[0];
  if (sql === undefined || sql.trim() === '') throw new KindredError('usage', 'kindred sql: the SQL statement is required; see kindred sql --help');
  if (!fs.existsSync(file)) throw new KindredError('file_not_found', `kindred sql: ${file}: no such file`);
  const stateDir = (values.state as string | undefined) ?? '.kindred';
  fs.mkdirSync(stateDir, { recursive: true });
  const opened = openDatasetState(stateDir, file, await fingerprintFile(file));
  const carried = datasetStateLine(opened, file);
  if (carried !== null) process.stderr.write(`${carried}\n`);
  const { db, file: stateFile } = opened;
  try {
    registerSqlFunctions(db.connection, (target) => runAutoconfigSync(target, stateFile));
    const result = runSql(db.connection, sql);
    const out = values.table === true ? printTable(result) : printJsonLines(result);
    if (out !== '') process.stdout.write(`${out}\n`);
    return 0;
  } finally {
    db.close();
  }
}
