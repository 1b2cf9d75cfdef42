/** Loads what every matching command needs: the CSV into shared columns and a validated configuration (or, without --config, the auto-configuration controller's). */
import { checkConfigColumns, columnsRead, loadConfigFile } from '../config/index.js';
import type { Config } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import type { ColumnAlignment } from '../data/column-alignment.js';
import { loadTables } from '../data/load-tables.js';
import { zeroConfig } from './zero-config.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import type { Progress } from './progress.js';
import { requireFiles } from './args.js';

/** The options every matching command (dedupe, evaluate) takes for its input. */
export const INPUT_OPTIONS = {
  file: { type: 'string', multiple: true },
  config: { type: 'string' },
  exclude: { type: 'string', multiple: true },
  workers: { type: 'string' },
  lenient: { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/**
 * The {@link loadInputs} options of a parsed command line (`--file` required: one file, or two to link).
 *
 * @example
 * const { values } = parseCommandArgs('dedupe', argv, { ...INPUT_OPTIONS, out: { type: 'string' } });
 * await loadInputs(inputOptions('dedupe', values), pool, progress);
 */
export function inputOptions(
  command: string,
  values: Record<string, unknown>,
): { files: string[]; config?: string; lenient: boolean; exclude?: string[] } {
  return {
    files: requireFiles(command, values),
    config: values.config as string | undefined,
    lenient: values.lenient === true,
    exclude: values.exclude as string[] | undefined,
  };
}

/** A loaded dataset and the configuration to run on it. */
export interface LoadedInputs {
  store: ColumnStore;
  config: Config;
  configSource: string;
  /** The input's label: the file, or both files joined by ` + `. */
  file: string;
  /** How a second file's columns map onto the first's (null for one file). */
  alignment: ColumnAlignment | null;
}

/**
 * Reads and validates the configuration first (so a bad file fails before
 * any loading), then loads the CSV, or the two CSVs to link (their columns
 * aligned, `columns:` of the configuration overriding; docs/config.md), and
 * checks the configuration's columns. Two files are linked across them: a
 * hand-written configuration without `link:` gets `link_only` on the added
 * source column, and zero-config decides as it does for stacked tables.
 * With a configuration and one file, only the columns the configuration
 * reads are stored (`columnsRead`) unless `everyColumn` asks for all (a
 * command that writes or changes whole records).
 *
 * @example
 * const { store, config } = await loadInputs({ files: ['people.csv'], config: 'match.yaml' }, pool, progress);
 */
export async function loadInputs(
  opts: { files: string[]; config?: string; lenient?: boolean; exclude?: string[]; everyColumn?: boolean },
  pool: WorkerPool,
  progress: Progress,
): Promise<LoadedInputs> {
  const fromFile = opts.config !== undefined ? loadConfigFile(opts.config) : null;
  const t = performance.now();
  const loaded = await loadTables(opts.files, pool, {
    lenient: opts.lenient,
    only: fromFile !== null && opts.everyColumn !== true ? columnsRead(fromFile) : undefined,
    columns: fromFile?.columns,
    configLabel: opts.config,
    exclude: fromFile?.exclude_columns,
    excludeFlag: opts.exclude,
    onProgress: (done, total) => progress.tick('load', done, total),
  });
  progress.phase({
    phase: 'load',
    ms: performance.now() - t,
    detail: {
      rows: loaded.store.rowCount,
      columns: loaded.store.names.length,
      // A configured run of one file stores only the columns it reads.
      ...(opts.files.length === 1 && loaded.knownColumns.length > loaded.store.names.length ? { not_read: loaded.knownColumns.length - loaded.store.names.length } : {}),
      bytes: loaded.bytes,
      skipped_rows: loaded.skippedRows,
    },
  });
  if (loaded.alignment !== null) progress.log(alignmentLine(loaded.alignment));
  if (fromFile !== null) {
    checkConfigColumns(fromFile, loaded.knownColumns, opts.config as string, loaded.file);
    const exclude = [...new Set([...fromFile.exclude_columns, ...(opts.exclude ?? [])])];
    const link = fromFile.link ?? (loaded.sourceColumn !== null ? { source_column: loaded.sourceColumn, mode: 'link_only' as const } : null);
    return { store: loaded.store, config: { ...fromFile, exclude_columns: exclude, link }, configSource: opts.config as string, file: loaded.file, alignment: loaded.alignment };
  }
  const { config } = await zeroConfig(loaded.store, pool, { source: 'cli_autoconfig', exclude: opts.exclude ?? [], alignment: loaded.alignment, anchors: loaded.anchors }, progress);
  return { store: loaded.store, config, configSource: 'zero-config', file: loaded.file, alignment: loaded.alignment };
}

/**
 * The log line of an alignment: which second-file column became which first-file column, and what stayed alone.
 *
 * @example
 * alignmentLine(alignment); // 'columns aligned: name → title (0.74), cost → price (0.66); only in the first file: id; only in the second: sku'
 */
export function alignmentLine(a: ColumnAlignment): string {
  const pairs = a.pairs.map((p) => (p.first === p.second ? p.first : `${p.second} → ${p.first}`) + ` (${p.by === 'configuration' ? 'configured' : p.score})`);
  const alone = [a.first_only.length > 0 ? `only in the first file: ${a.first_only.join(', ')}` : '', a.second_only.length > 0 ? `only in the second: ${a.second_only.join(', ')}` : '']
    .filter((x) => x !== '')
    .join('; ');
  return `columns aligned: ${pairs.join(', ') || 'none'}${alone === '' ? '' : `; ${alone}`}`;
}
