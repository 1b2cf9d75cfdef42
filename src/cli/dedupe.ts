/** `kindred dedupe`: one offline matching run, writing each row's cluster id. */
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { runMatching } from '../engine/run.js';
import { WorkerPool } from '../engine/worker-pool.js';
import { KindredError } from '../errors/registry.js';
import { optionalInt, parseCommandArgs } from './args.js';
import { INPUT_OPTIONS, inputOptions, loadInputs } from './load-inputs.js';
import { oversizedLines } from './oversized-lines.js';
import { checkOutputFile, openOutputFile } from './output-file.js';
import { Progress } from './progress.js';
import { writeClusters } from './write-clusters.js';

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
    out: { type: 'string' },
    format: { type: 'string' },
    'with-records': { type: 'boolean' },
  });
  if (values.help) {
    process.stdout.write(DEDUPE_HELP);
    return 0;
  }
  const input = inputOptions('dedupe', values);
  const format = (values.format as string | undefined) ?? 'csv';
  if (format !== 'csv' && format !== 'json') {
    throw new KindredError('usage', `kindred dedupe: --format must be csv or json, got "${format}"`);
  }
  const out = values.out as string | undefined;
  if (out !== undefined) checkOutputFile('dedupe', '--out', out);
  const progress = new Progress(process.stderr, values.quiet === true);
  const pool = new WorkerPool({ workers: optionalInt('dedupe', values, 'workers') });
  try {
    const inputs = await loadInputs(input, pool, progress);
    const run = await runMatching(inputs.store, inputs.config, pool, { onPhase: progress.phase, onProgress: progress.tick });
    for (const line of oversizedLines(run.index.oversized, run.config.blocking.max_block_size)) progress.log(line);
    const t = performance.now();
    const outFd = out !== undefined ? openOutputFile('dedupe', '--out', out) : null;
    const stream = outFd !== null ? fs.createWriteStream('', { fd: outFd }) : process.stdout;
    try {
      await writeClusters(stream, run.store, run.clusterOf, { format, withRecords: values['with-records'] === true });
      if (outFd !== null) {
        // finished() rejects on a write error that surfaces only while the last bytes are flushed.
        stream.end();
        await finished(stream);
      }
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
      throw new KindredError('run_failed', `kindred dedupe: writing ${out ?? 'stdout'} failed (${code})`);
    }
    progress.phase({ phase: 'write', ms: performance.now() - t, detail: { rows: run.store.rowCount, to: out ?? 'stdout' } });
    return 0;
  } finally {
    await pool.close();
  }
}
