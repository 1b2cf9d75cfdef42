/** Loads what a command reads: one CSV, or two to link, their columns aligned and stacked into one table with a column naming each row's file. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { KindredError } from '../errors/registry.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import { alignColumns, type ColumnAlignment } from './column-alignment.js';
import type { ColumnStore } from './column-store.js';
import { ingestCsv, type IngestOptions } from './ingest.js';
import { stackTables, type StackedColumn } from './stack-tables.js';

/** The loaded table and what the log, the state database and the telemetry need to know of it. */
export interface LoadedTables {
  store: ColumnStore;
  /** The files as given, in order. */
  files: string[];
  /** One label for the input: the file, or both joined by ` + `. */
  file: string;
  /**
   * The path the state database is named and found by: the file, or for
   * two a name beside the first built from both (`a+b-<digest of b>.csv`),
   * so each pair of files has its own history.
   */
  identityPath: string;
  bytes: number;
  skippedRows: number;
  /** SHA-256 hex of the bytes (of both files' digests, for two), when asked for. */
  fingerprint: string | null;
  /** How the second file's columns map onto the first's (null for one file). */
  alignment: ColumnAlignment | null;
  /** The column naming each row's file (null for one file). */
  sourceColumn: string | null;
  /**
   * Record pairs across the two files found by their words alone, before
   * any column was paired (`[a0, b0, a1, b1, …]`, row ids of `store`); the
   * controller weighs fields on them. Null for one file.
   */
  anchors: Int32Array | null;
  /** Every column name a configuration may name: the table's, and the second file's excluded ones (dropped, but named by `exclude_columns`). */
  knownColumns: string[];
}

/**
 * Loads one CSV as it is, or two to link: each is ingested, the second's
 * columns are aligned with the first's ({@link alignColumns}; `columns`
 * from the configuration maps second-file names to first-file names and
 * overrides it), and both are stacked: row ids are the first file's rows,
 * then the second's; aligned columns take the first file's name, a column
 * only the second file has keeps its own (suffixed `_2` if the first has
 * that name for another column); a column `source` (or `source_table`, …
 * when taken) holds each row's file name (`a.csv`, `b.csv`; `a.csv (1)`,
 * `a.csv (2)` when both have the same name). `exclude`d columns (and
 * `excludeFlag`ged ones, which must each name a column of either file) are
 * never aligned, and the second file's are dropped (the first file's stay,
 * for the configuration to exclude by name).
 *
 * @example
 * const { store, alignment } = await loadTables(['shop_a.csv', 'shop_b.csv'], pool, {});
 * alignment?.pairs.map((p) => `${p.second} → ${p.first}`); // ['name → title', 'cost → price']
 */
export async function loadTables(files: readonly string[], pool: WorkerPool, options: LoadOptions): Promise<LoadedTables> {
  const loaded = await stackFiles(files, pool, options, [...(options.exclude ?? []), ...(options.excludeFlag ?? [])]);
  checkExcludeFlag(options.excludeFlag ?? [], loaded);
  return loaded;
}

/** What {@link loadTables} is told besides the ingest options. */
export interface LoadOptions extends IngestOptions {
  /** The configuration's `columns:` (second-file name → first-file name, or null to keep it apart). */
  columns?: Readonly<Record<string, string | null>>;
  configLabel?: string;
  /** Columns never aligned or used (the configuration's `exclude_columns`, checked against the columns with its key paths). */
  exclude?: readonly string[];
  /** The command line's `--exclude`s: excluded alike, and each must name a column of either file. */
  excludeFlag?: readonly string[];
}

async function stackFiles(files: readonly string[], pool: WorkerPool, options: LoadOptions, exclude: readonly string[]): Promise<LoadedTables> {
  if (files.length === 0 || files.length > 2) {
    throw new KindredError('usage', `--file takes one file, or two to link; got ${files.length}${files.length > 2 ? `: ${files.slice(2).join(', ')} too many` : ''}`);
  }
  const ingestOptions: IngestOptions = { lenient: options.lenient, fingerprint: options.fingerprint, onProgress: options.onProgress, parallelThreshold: options.parallelThreshold };
  // Two files are aligned on every column's values, so only one file is read in part.
  const first = await ingestCsv(files[0], pool, files.length === 1 ? { ...ingestOptions, only: options.only } : ingestOptions);
  if (files.length === 1) {
    if (options.columns !== undefined && Object.keys(options.columns).length > 0) {
      throw new KindredError('config_invalid', `${options.configLabel ?? 'configuration'}: columns: maps a second file's columns, but only one file (${files[0]}) is loaded`);
    }
    return { ...first, files: [...files], identityPath: first.file, alignment: null, sourceColumn: null, anchors: null, knownColumns: first.header };
  }
  const second = await ingestCsv(files[1], pool, ingestOptions);
  const fixed = checkedMapping(options.columns ?? {}, first.store, second.store, files, options.configLabel ?? 'configuration');
  // The records' evidence is measured in a worker: tokenising thousands of records is a hot loop.
  const evidence = await pool.run('alignmentEvidenceTask', { first: first.store.handle, second: second.store.handle, exclude });
  const alignment = alignColumns(first.store, second.store, fixed, exclude, evidence);
  const partnerOf = new Map(alignment.pairs.map((p) => [p.first, p.second]));
  const columns: StackedColumn[] = first.store.names.map((name, c) => ({ name, first: c, second: second.store.columnIndex(partnerOf.get(name) ?? '\u0000') }));
  const taken = new Set(first.store.names);
  for (const name of alignment.second_only) {
    const unique = freeName(taken, name, '_2');
    taken.add(unique);
    columns.push({ name: unique, first: -1, second: second.store.columnIndex(name) });
  }
  const sourceColumn = freeName(taken, 'source', '_table');
  const [a, b] = [path.basename(files[0]), path.basename(files[1])];
  const values: [string, string] = a === b ? [`${a} (1)`, `${b} (2)`] : [a, b];
  const store = stackTables(first.store, second.store, columns, { name: sourceColumn, values });
  const fingerprint =
    first.fingerprint !== null && second.fingerprint !== null ? createHash('sha256').update(`${first.fingerprint}\n${second.fingerprint}`).digest('hex') : null;
  return {
    store,
    files: [...files],
    file: `${first.file} + ${second.file}`,
    identityPath: path.join(
      path.dirname(path.resolve(files[0])),
      `${path.parse(files[0]).name}+${path.parse(files[1]).name}-${createHash('sha256').update(path.resolve(files[1])).digest('hex').slice(0, 8)}.csv`,
    ),
    bytes: first.bytes + second.bytes,
    skippedRows: first.skippedRows + second.skippedRows,
    fingerprint,
    alignment,
    sourceColumn,
    anchors: Int32Array.from(evidence.anchors.flatMap(([a, b]) => [a, first.store.rowCount + b])),
    knownColumns: [...new Set([...store.names, ...second.store.names.filter((n) => exclude.includes(n))])],
  };
}

/** `name`, or `name` + suffix (+ a number) when taken. */
function freeName(taken: ReadonlySet<string>, name: string, suffix: string): string {
  if (!taken.has(name)) return name;
  for (let k = 1; ; k++) {
    const candidate = k === 1 ? `${name}${suffix}` : `${name}${suffix}${k}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The configuration's `columns:` as (second, first or null) pairs, every name checked against its file. */
function checkedMapping(
  columns: Readonly<Record<string, string | null>>,
  first: ColumnStore,
  second: ColumnStore,
  files: readonly string[],
  label: string,
): Array<[string, string | null]> {
  const out: Array<[string, string | null]> = [];
  const targets = new Set<string>();
  for (const [from, to] of Object.entries(columns)) {
    if (second.columnIndex(from) < 0) {
      throw new KindredError('config_invalid', `${label}: columns.${from}: "${from}" is not a column of ${files[1]}; its columns: ${second.names.join(', ')}`);
    }
    if (to === null) {
      out.push([from, null]);
      continue;
    }
    if (first.columnIndex(to) < 0) {
      throw new KindredError('config_invalid', `${label}: columns.${from}: "${to}" is not a column of ${files[0]}; its columns: ${first.names.join(', ')}`);
    }
    if (targets.has(to)) throw new KindredError('config_invalid', `${label}: columns.${from}: "${to}" is already the partner of another column`);
    targets.add(to);
    out.push([from, to]);
  }
  return out;
}

/**
 * Fails when an `--exclude` names no column of the input: a misspelt
 * exclusion would otherwise leave the column it meant in the matching (a
 * truth column, say) without a word. A column of either file counts.
 */
function checkExcludeFlag(exclude: readonly string[], loaded: LoadedTables): void {
  const known = new Set(loaded.knownColumns);
  const unknown = exclude.find((name) => !known.has(name));
  if (unknown === undefined) return;
  throw new KindredError('usage', `--exclude ${unknown}: no column "${unknown}" in ${loaded.file}; its columns: ${loaded.knownColumns.join(', ')}`);
}
