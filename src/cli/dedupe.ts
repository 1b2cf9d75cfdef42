/** `kindred dedupe`: one offline matching run, writing each row's cluster id. */
import { loadConfigFile } from '../config/index.js';
import type { Config } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { runEngine, type EngineOutcome } from '../engine/engines.js';
import { matchesOnly } from '../engine/matches-only.js';
import { trainModels } from '../engine/run.js';
import type { DuckdbLimits } from '../engine/sql/run-duckdb.js';
import { WorkerPool } from '../engine/worker-pool.js';
import { KindredError } from '../errors/registry.js';
import { optionalInt, parseCommandArgs } from './args.js';
import { ENGINE_HELP, ENGINE_OPTIONS, engineChoice } from './engine-options.js';
import { INPUT_OPTIONS, inputOptions, loadInputs } from './load-inputs.js';
import { oversizedLines } from './oversized-lines.js';
import { CLUSTER_OUTPUT_OPTIONS, clusterOutput, writeClusterOutput } from './cluster-output.js';
import { Progress } from './progress.js';

export const DEDUPE_HELP = `Usage: kindred dedupe --file <csv> [options]

Runs matching once and writes row_id,cluster_id (cluster_id = smallest row id
of the cluster) for every row.

Options:
  --file <csv>         input CSV (may also be given positionally); give --file twice
                       to link two files (row ids: the first file's rows, then the
                       second's; columns aligned by name and values)
  --config <yaml>      matching configuration (default: built from the column profile)
  --out <path>         output file (default: stdout)
  --format csv|json    output format (default: csv)
  --with-records       also write each record's own columns
  --exclude <column>   never use this column (repeatable)
  --workers <n>        worker threads (default: all cores; DuckDB's threads with --engine duckdb)
  --lenient            skip rows with the wrong number of cells instead of failing
  --quiet              no progress output
${ENGINE_HELP}`;

/** Runs the command; returns the exit code. */
export async function dedupeCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('dedupe', argv, {
    ...INPUT_OPTIONS,
    ...ENGINE_OPTIONS,
    ...CLUSTER_OUTPUT_OPTIONS,
  });
  if (values.help) {
    process.stdout.write(DEDUPE_HELP);
    return 0;
  }
  const input = inputOptions('dedupe', values);
  const output = clusterOutput('dedupe', values);
  const workers = optionalInt('dedupe', values, 'workers');
  const { engine, limits } = engineChoice('dedupe', values, workers);
  const progress = new Progress(process.stderr, values.quiet === true);
  // DuckDB needs the pool only to train probabilistic matchkeys; it is created when first needed.
  let pool: WorkerPool | null = null;
  const openPool = (): WorkerPool => (pool ??= new WorkerPool({ workers }));
  // Once the clusters are known the pool has nothing left to do: its threads end while the output is written.
  let closing: Promise<void> | null = null;
  const closePool = (): Promise<void> => {
    if (closing === null) {
      closing = (pool as WorkerPool | null)?.close() ?? Promise.resolve();
      // Awaited in `finally`; until then a failure must not count as unhandled.
      closing.catch(() => undefined);
    }
    return closing;
  };
  try {
    let outcome: EngineOutcome;
    let records: ColumnStore | null = null;
    if (engine === 'duckdb') {
      outcome = await dedupeOnDuckdb(input, output.withRecords, limits, openPool, progress);
    } else {
      const inputs = await loadInputs({ ...input, everyColumn: output.withRecords }, openPool(), progress);
      outcome = await runEngine({ engine: 'pool', store: inputs.store, pool: openPool() }, matchesOnly(inputs.config), { onPhase: progress.phase, onProgress: progress.tick });
      for (const line of oversizedLines(outcome.oversized ?? [], inputs.config.blocking.max_block_size)) progress.log(line);
      records = inputs.store;
    }
    const t = performance.now();
    void closePool();
    await writeClusterOutput('dedupe', output, records, outcome.clusterOf);
    progress.phase({ phase: 'write', ms: performance.now() - t, detail: { rows: outcome.rowCount, to: output.out ?? 'stdout' } });
    return 0;
  } finally {
    await closePool();
  }
}

/**
 * `--engine duckdb`: the configuration compiled to SQL and run on the file.
 * What needs the whole table in memory is refused with the reason (zero-config
 * profiles the loaded columns; two files are aligned in memory; `--lenient`
 * and `--with-records` read kindred's own loader). Probabilistic matchkeys
 * are trained on the worker pool, as the pool engine trains them, and DuckDB
 * scores every candidate pair with those parameters.
 */
async function dedupeOnDuckdb(
  input: ReturnType<typeof inputOptions>,
  withRecords: boolean,
  limits: DuckdbLimits,
  openPool: () => WorkerPool,
  progress: Progress,
): Promise<EngineOutcome> {
  const refuse = (why: string): never => {
    throw new KindredError('usage', `kindred dedupe: --engine duckdb ${why}; see docs/scale-out.md`);
  };
  if (input.config === undefined) refuse('needs --config (zero-config profiles the loaded table in memory)');
  if (input.files.length !== 1) refuse('reads one file: to link two, give one file with a source column and link: in the configuration');
  if (input.lenient) refuse('does not take --lenient (DuckDB reads the CSV strictly)');
  if (withRecords) refuse('does not take --with-records (join the output on row_id instead)');
  const fromFile = loadConfigFile(input.config as string);
  const config: Config = { ...fromFile, exclude_columns: [...new Set([...fromFile.exclude_columns, ...(input.exclude ?? [])])] };
  let models: Record<string, unknown> = {};
  if (config.matchkeys.some((m) => m.type === 'probabilistic')) {
    progress.log('probabilistic matchkeys: trained in memory on the worker pool (as --engine pool trains them); DuckDB scores every pair');
    const inputs = await loadInputs(input, openPool(), progress);
    const t = performance.now();
    const trained = await trainModels(inputs.store, inputs.config, openPool());
    progress.phase({ phase: 'train', ms: performance.now() - t, detail: Object.fromEntries(Object.entries(trained.training).map(([k, v]) => [k, `${v.converged ? 'converged' : 'not converged'} after ${v.iterations} iterations`])) });
    models = trained.models;
  }
  return runEngine({ engine: 'duckdb', file: input.files[0], limits, models }, matchesOnly(config), { onPhase: progress.phase, onProgress: progress.tick });
}
