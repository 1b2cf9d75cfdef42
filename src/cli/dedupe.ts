/** `kindred dedupe`: one offline matching run, writing each row's cluster id. */
import { runMatching } from '../engine/run.js';
import { WorkerPool } from '../engine/worker-pool.js';
import { optionalInt, parseCommandArgs } from './args.js';
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
  --workers <n>        worker threads (default: all cores)
  --lenient            skip rows with the wrong number of cells instead of failing
  --quiet              no progress output
`;

/** Runs the command; returns the exit code. */
export async function dedupeCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('dedupe', argv, {
    ...INPUT_OPTIONS,
    ...CLUSTER_OUTPUT_OPTIONS,
  });
  if (values.help) {
    process.stdout.write(DEDUPE_HELP);
    return 0;
  }
  const input = inputOptions('dedupe', values);
  const output = clusterOutput('dedupe', values);
  const progress = new Progress(process.stderr, values.quiet === true);
  const pool = new WorkerPool({ workers: optionalInt('dedupe', values, 'workers') });
  try {
    const inputs = await loadInputs(input, pool, progress);
    const run = await runMatching(inputs.store, inputs.config, pool, { onPhase: progress.phase, onProgress: progress.tick });
    for (const line of oversizedLines(run.index.oversized, run.config.blocking.max_block_size)) progress.log(line);
    const t = performance.now();
    await writeClusterOutput('dedupe', output, run.store, run.clusterOf);
    progress.phase({ phase: 'write', ms: performance.now() - t, detail: { rows: run.store.rowCount, to: output.out ?? 'stdout' } });
    return 0;
  } finally {
    await pool.close();
  }
}
