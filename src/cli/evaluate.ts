/** `kindred evaluate`: runs matching and scores the clusters against a truth file. */
import { evaluateClusters } from '../engine/evaluation/metrics.js';
import { matchesOnly } from '../engine/matches-only.js';
import { runMatching } from '../engine/run.js';
import { WorkerPool } from '../engine/worker-pool.js';
import { optionalInt, parseCommandArgs, requireString } from './args.js';
import { INPUT_OPTIONS, inputOptions, loadInputs } from './load-inputs.js';
import { oversizedLines } from './oversized-lines.js';
import { Progress } from './progress.js';
import { readTruth } from './truth-file.js';

export const EVALUATE_HELP = `Usage: kindred evaluate --file <csv> --truth <truth.csv> [options]

Runs matching and prints pairwise precision, recall and F1 (pairs of rows in
the same cluster) and B-cubed precision, recall and F1, as JSON on stdout
(a summary goes to stderr). The truth file is either row_id_a,row_id_b pairs
or row_id,cluster labels.

Options:
  --file <csv>         input CSV (may also be given positionally); give --file twice
                       to link two files (row ids: the first file's rows, then the
                       second's; columns aligned by name and values)
  --truth <csv>        ground truth
  --config <yaml>      matching configuration (default: built from the column profile)
  --exclude <column>   never use this column, e.g. one that leaks the truth (repeatable)
  --workers <n>        worker threads (default: all cores)
  --lenient            skip rows with the wrong number of cells
  --quiet              no progress output
`;

/** Runs the command; returns the exit code. */
export async function evaluateCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('evaluate', argv, { ...INPUT_OPTIONS, truth: { type: 'string' } });
  if (values.help) {
    process.stdout.write(EVALUATE_HELP);
    return 0;
  }
  const input = inputOptions('evaluate', values);
  const truthFile = requireString('evaluate', values, 'truth');
  const progress = new Progress(process.stderr, values.quiet === true);
  const pool = new WorkerPool({ workers: optionalInt('evaluate', values, 'workers') });
  try {
    const t0 = performance.now();
    const inputs = await loadInputs(input, pool, progress);
    const truth = await readTruth(truthFile, inputs.store.rowCount);
    // Only the clusters are judged: the run keeps its matches, not a review band.
    const run = await runMatching(inputs.store, matchesOnly(inputs.config), pool, { onPhase: progress.phase, onProgress: progress.tick });
    for (const line of oversizedLines(run.index.oversized, run.config.blocking.max_block_size)) progress.log(line);
    const q = evaluateClusters(run.clusterOf, truth);
    const result = {
      file: inputs.file,
      truth: truthFile,
      config: inputs.configSource,
      rows: inputs.store.rowCount,
      candidate_pairs: run.candidatePairs,
      ...q,
      ...(inputs.alignment !== null ? { column_alignment: inputs.alignment } : {}),
      ms: Math.round(performance.now() - t0),
    };
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    progress.log(
      `pairwise P=${q.pairwise.precision.toFixed(4)} R=${q.pairwise.recall.toFixed(4)} F1=${q.pairwise.f1.toFixed(4)}; B-cubed F1=${q.bcubed.f1.toFixed(4)}`,
    );
    return 0;
  } finally {
    await pool.close();
  }
}
