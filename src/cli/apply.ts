/** `kindred apply`: runs matching on a base file, applies a change file through the server's incremental path (checkChanges, applyRecordChanges), and writes the resulting clusters like `kindred dedupe`. */
import fs from 'node:fs';
import { applyRecordChanges, runMatching } from '../engine/run.js';
import { WorkerPool } from '../engine/worker-pool.js';
import { KindredError } from '../errors/registry.js';
import { MatchResults } from '../server/match-results.js';
import { checkChanges } from '../server/record-changes.js';
import { RecordKeys } from '../server/record-keys.js';
import { optionalInt, parseCommandArgs, requireString } from './args.js';
import { readChangeFile } from './change-file.js';
import { INPUT_OPTIONS, inputOptions, loadInputs } from './load-inputs.js';
import { CLUSTER_OUTPUT_OPTIONS, clusterOutput, writeClusterOutput } from './cluster-output.js';
import { Progress } from './progress.js';
import type { ClusterRows } from './write-clusters.js';

export const APPLY_HELP = `Usage: kindred apply --file <base.csv> --changes <changes.csv> [options]

Runs matching on the base file, applies the change file in one batch through
the same incremental path as POST/PUT/DELETE /records, and writes
row_id,cluster_id for every live row (deleted rows are left out; added rows
take ids after the base's). Nothing is written when any line is bad.

Change file (CSV, docs/incremental.md): a header "op,row_id,<columns...>";
op is add, update or delete; row_id names the record of an update or delete
(empty for an add); the other columns are base-file columns (a column left
out is empty in an added or updated record). With --key-column the row_id
column may be left out and updates and deletes name their record by key.

Options:
  --file <csv>           base file (may also be given positionally)
  --changes <csv>        change file (required)
  --key-column <column>  the base file's primary key (distinct on every record)
  --config <yaml>        matching configuration (default: built from the column profile)
  --out <path>           output file (default: stdout)
  --format csv|json      output format (default: csv)
  --with-records         also write each record's own columns
  --exclude <column>     never use this column (repeatable)
  --workers <n>          worker threads (default: all cores)
  --lenient              skip base rows with the wrong number of cells
  --quiet                no progress output
`;

/** A living table as the cluster writer reads it. */
function liveRows(results: MatchResults): ClusterRows {
  const table = results.live.table;
  return { names: results.columns, get: (c, r) => table.values(r)[c] ?? null, record: (r) => table.record(r) };
}

/** Runs the command; returns the exit code. */
export async function applyCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('apply', argv, {
    ...INPUT_OPTIONS,
    changes: { type: 'string' },
    'key-column': { type: 'string' },
    ...CLUSTER_OUTPUT_OPTIONS,
  });
  if (values.help) {
    process.stdout.write(APPLY_HELP);
    return 0;
  }
  const input = inputOptions('apply', values);
  if (input.files.length > 1) throw new KindredError('usage', 'kindred apply: give one --file (linking two files is not supported by apply)');
  const changesFile = requireString('apply', values, 'changes');
  if (!fs.existsSync(changesFile)) throw new KindredError('file_not_found', `kindred apply: ${changesFile}: no such file`);
  const keyColumn = values['key-column'] as string | undefined;
  if (keyColumn === '') throw new KindredError('usage', 'kindred apply: --key-column needs a column name');
  const output = clusterOutput('apply', values);
  const progress = new Progress(process.stderr, values.quiet === true);
  const pool = new WorkerPool({ workers: optionalInt('apply', values, 'workers') });
  try {
    // Changes name records by any column, and the living table keeps every column.
    const inputs = await loadInputs({ ...input, everyColumn: true }, pool, progress);
    const run = await runMatching(inputs.store, inputs.config, pool, { onPhase: progress.phase, onProgress: progress.tick });
    const results = await MatchResults.create(run, pool);
    const keys = keyColumn === undefined ? null : RecordKeys.build(results.live.table, results.columns, keyColumn, input.files[0]);
    const changes = await readChangeFile(changesFile, results.live.table, results.columns, keys);
    const t = performance.now();
    if (changes.length > 0) {
      // The whole file is checked before the engine sees any of it: a bad line applies nothing.
      let ops;
      try {
        ({ ops } = checkChanges(results, changes, keys));
      } catch (e) {
        // The server's answer to a bad request is a bad input file here (exit 2), with the same message.
        if (e instanceof KindredError) throw new KindredError('csv_invalid', `${changesFile}: ${e.message}`, e.details);
        throw e;
      }
      await applyRecordChanges(results.live, ops, { pool });
    }
    progress.log(`applied ${changes.length} change(s) in ${Math.round(performance.now() - t)} ms: ${results.live.table.liveCount} records`);
    const clusterOf = new Int32Array(results.rowCount);
    for (let r = 0; r < clusterOf.length; r++) clusterOf[r] = results.live.table.exists(r) ? results.clusters.clusterOf(r) : -1;
    await writeClusterOutput('apply', output, liveRows(results), clusterOf);
    return 0;
  } finally {
    await pool.close();
  }
}
