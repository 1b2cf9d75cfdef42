/** Loads what every matching command needs: the CSV into shared columns and a validated configuration (or, without --config, the auto-configuration controller's). */
import { checkConfigColumns, loadConfigFile } from '../config/index.js';
import type { Config } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { ingestCsv } from '../data/ingest.js';
import { zeroConfig } from './zero-config.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import type { Progress } from './progress.js';
import { requireString } from './args.js';

/** The options every matching command (dedupe, evaluate) takes for its input. */
export const INPUT_OPTIONS = {
  file: { type: 'string' },
  config: { type: 'string' },
  exclude: { type: 'string', multiple: true },
  workers: { type: 'string' },
  lenient: { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/**
 * The {@link loadInputs} options of a parsed command line (`--file` required).
 *
 * @example
 * const { values } = parseCommandArgs('dedupe', argv, { ...INPUT_OPTIONS, out: { type: 'string' } });
 * await loadInputs(inputOptions('dedupe', values), pool, progress);
 */
export function inputOptions(
  command: string,
  values: Record<string, unknown>,
): { file: string; config?: string; lenient: boolean; exclude?: string[] } {
  return {
    file: requireString(command, values, 'file'),
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
  file: string;
}

/**
 * Reads and validates the configuration first (so a bad file fails before
 * any loading), then ingests the CSV and checks the configuration's columns.
 *
 * @example
 * const { store, config } = await loadInputs({ file: 'people.csv', config: 'match.yaml' }, pool, progress);
 */
export async function loadInputs(
  opts: { file: string; config?: string; lenient?: boolean; exclude?: string[] },
  pool: WorkerPool,
  progress: Progress,
): Promise<LoadedInputs> {
  const fromFile = opts.config !== undefined ? loadConfigFile(opts.config) : null;
  const t = performance.now();
  const ingest = await ingestCsv(opts.file, pool, { lenient: opts.lenient, onProgress: (done, total) => progress.tick('load', done, total) });
  progress.phase({
    phase: 'load',
    ms: performance.now() - t,
    detail: { rows: ingest.store.rowCount, columns: ingest.store.names.length, bytes: ingest.bytes, skipped_rows: ingest.skippedRows },
  });
  if (fromFile !== null) {
    checkConfigColumns(fromFile, ingest.store.names, opts.config as string, opts.file);
    const exclude = [...new Set([...fromFile.exclude_columns, ...(opts.exclude ?? [])])];
    return { store: ingest.store, config: { ...fromFile, exclude_columns: exclude }, configSource: opts.config as string, file: ingest.file };
  }
  const { config } = await zeroConfig(ingest.store, pool, { source: 'cli_autoconfig', exclude: opts.exclude ?? [] }, progress);
  return { store: ingest.store, config, configSource: 'zero-config', file: ingest.file };
}
