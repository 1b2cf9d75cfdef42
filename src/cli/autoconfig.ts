/** `kindred autoconfig`: runs the auto-configuration controller over a CSV, writes the committed YAML and prints the telemetry JSON. */
import fs from 'node:fs';
import { weightMove } from '../autoconfig/anchor-weights.js';
import { runControllerInThread } from '../autoconfig/controller-thread.js';
import type { Telemetry } from '../autoconfig/telemetry-schema.js';
import { configToYaml } from '../config/index.js';
import { loadTables } from '../data/load-tables.js';
import { KindredError } from '../errors/registry.js';
import { alignmentLine } from './load-inputs.js';
import { WorkerPool } from '../engine/worker-pool.js';
import { datasetStateLine, openDatasetState } from '../store/dataset-state.js';
import { optionalInt, parseCommandArgs, requireFiles } from './args.js';
import { checkOutputFile, openOutputFile } from './output-file.js';
import { groupDigits, Progress } from './progress.js';

export const AUTOCONFIG_HELP = `Usage: kindred autoconfig --file <csv> [options]

Runs the auto-configuration controller: profiles the columns, runs matching on
a sample, measures health and applies named rules until the configuration is
healthy or the budget is spent. Prints the telemetry (JSON) on stdout with
source "cli_autoconfig"; the committed configuration goes to --out as YAML
(or to stderr). The telemetry is also saved as the dataset's latest in the
state database (see kindred sql).

Options:
  --file <csv>         input CSV (may also be given positionally); twice to link two
                       files: their columns are aligned (shown on stderr, in the
                       telemetry's column_alignment and as the YAML's columns:)
  --exclude <column>   never profile or use this column (repeatable)
  --out <yaml>         write the committed configuration here
  --sample <n>         rows in the controller's sample (default 30000)
  --state <dir>        state database folder (default .kindred)
  --no-save            do not save the telemetry to the state database
  --workers <n>        worker threads (default: all cores)
  --lenient            skip rows with the wrong number of cells instead of failing
  --quiet              no progress output
`;

/**
 * The blocking's estimated recall in words, for the log and the YAML's header comment.
 *
 * @example
 * recallLine(telemetry); // 'blocking keeps together an estimated 97.2% of 5,821 likely matches'
 */
export function recallLine(telemetry: Telemetry): string {
  const b = telemetry.blocking;
  if (b?.estimated_recall === null || b?.estimated_recall === undefined) return `blocking recall not estimated (${b?.likely_matches ?? 0} likely matches found, too few)`;
  return `blocking keeps together an estimated ${(b.estimated_recall * 100).toFixed(1)}% of ${groupDigits(b.likely_matches ?? 0)} likely matches`;
}

/**
 * The columns the committed matchkey reads crossed, with the evidence, for
 * the log and the YAML's header comment; null when none.
 *
 * @example
 * swapsLine(telemetry); // 'first_name and surname also read crossed: 123 of 713 likely matches transposed (0 of as many unrelated pairs)'
 */
export function swapsLine(telemetry: Telemetry): string | null {
  const crossed = new Set((telemetry.committed_matchkeys ?? []).flatMap((m) => (m.swaps ?? []).map((p) => p.join('\u0000'))));
  const parts = (telemetry.swapped_columns ?? [])
    .filter((s) => crossed.has(s.columns.join('\u0000')))
    .map((s) => `${s.columns.join(' and ')} also read crossed: ${groupDigits(s.crossed ?? 0)} of ${groupDigits(s.pairs ?? 0)} likely matches transposed (${groupDigits(s.chance ?? 0)} of as many unrelated pairs)`);
  return parts.length === 0 ? null : parts.join('; ');
}

/**
 * The fields the committed matchkey weighs by two linked tables' anchors (docs/autoconfig.md §3.5),
 * for the log and the YAML's header comment; null when none moved.
 *
 * @example
 * anchoredLine(telemetry); // 'fields weighed on the pairs the tables' words make: starring 1 → 0.24 (lift 0.151), writer 1 → 0.81 (lift 0.502)'
 */
export function anchoredLine(telemetry: Telemetry): string | null {
  const committed = telemetry.committed_matchkeys?.[0]?.fields ?? [];
  const moved = (telemetry.anchored_weights ?? []).filter(
    (e) => e.weight_after !== e.weight_before && committed.some((f) => f.column === e.field && f.scorer === e.scorer && f.weight === e.weight_after),
  );
  if (moved.length === 0) return null;
  return `fields weighed on the pairs the tables' words make: ${moved.map(weightMove).join(', ')}`;
}

/** Runs the command; returns the exit code. */
export async function autoconfigCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('autoconfig', argv, {
    file: { type: 'string', multiple: true },
    exclude: { type: 'string', multiple: true },
    out: { type: 'string' },
    sample: { type: 'string' },
    state: { type: 'string' },
    'no-save': { type: 'boolean' },
    workers: { type: 'string' },
    lenient: { type: 'boolean' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    process.stdout.write(AUTOCONFIG_HELP);
    return 0;
  }
  const files = requireFiles('autoconfig', values);
  const sampleSize = optionalInt('autoconfig', values, 'sample', 2);
  const exclude = (values.exclude as string[] | undefined) ?? [];
  const out = values.out as string | undefined;
  if (out !== undefined) checkOutputFile('autoconfig', '--out', out);
  const progress = new Progress(process.stderr, values.quiet === true);
  const pool = new WorkerPool({ workers: optionalInt('autoconfig', values, 'workers') });
  try {
    let t = performance.now();
    const ingest = await loadTables(files, pool, { lenient: values.lenient === true, fingerprint: true, excludeFlag: exclude, onProgress: (done, total) => progress.tick('load', done, total) });
    progress.phase({ phase: 'load', ms: performance.now() - t, detail: { rows: ingest.store.rowCount, columns: ingest.store.names.length } });
    if (ingest.alignment !== null) progress.log(alignmentLine(ingest.alignment));
    t = performance.now();
    const { config, telemetry } = await runControllerInThread(ingest.store, pool, {
      source: 'cli_autoconfig',
      exclude,
      sampleSize,
      anchors: ingest.anchors,
      onProgress: (done, total) => progress.tick('autoconfig', done, total),
    });
    progress.log(
      `autoconfig: ${telemetry.health} after ${telemetry.decisions?.length ?? 0} rule(s), stop ${telemetry.stop_reason} (${Math.round(performance.now() - t)} ms)`,
    );
    if (ingest.alignment !== null) telemetry.column_alignment = ingest.alignment;
    const recall = recallLine(telemetry);
    progress.log(`autoconfig: ${recall}`);
    // Two files: the whole alignment chosen is written as the configuration's columns: mapping (a column kept apart as null),
    // so the file reproduces it exactly and the user reads and corrects it in one place.
    const alignment = ingest.alignment;
    const columns: Record<string, string | null> =
      alignment === null ? {} : Object.fromEntries([...alignment.pairs.map((p) => [p.second, p.first] as const), ...alignment.second_only.map((s) => [s, null] as const)]);
    const swaps = swapsLine(telemetry);
    if (swaps !== null) progress.log(`autoconfig: ${swaps}`);
    const anchored = anchoredLine(telemetry);
    if (anchored !== null) progress.log(`autoconfig: ${anchored}`);
    const notes = [recall, ...(swaps === null ? [] : [swaps]), ...(anchored === null ? [] : [anchored])];
    const yaml = configToYaml({ ...config, columns }, { comment: `committed by kindred autoconfig (${telemetry.health}, ${telemetry.stop_reason}); ${notes.join('; ')}` });
    if (out !== undefined) {
      const fd = openOutputFile('autoconfig', '--out', out);
      try {
        fs.writeFileSync(fd, yaml);
      } finally {
        fs.closeSync(fd);
      }
    }
    else if (values.quiet !== true) process.stderr.write(yaml);
    if (values['no-save'] !== true) {
      const stateDir = (values.state as string | undefined) ?? '.kindred';
      fs.mkdirSync(stateDir, { recursive: true });
      if (ingest.fingerprint === null) throw new KindredError('internal', 'the loaded data has no fingerprint');
      const opened = openDatasetState(stateDir, ingest.identityPath, ingest.fingerprint);
      const carried = datasetStateLine(opened, ingest.file);
      if (carried !== null) progress.log(carried);
      const db = opened.db;
      try {
        db.saveTelemetry('cli_autoconfig', JSON.stringify(telemetry));
      } finally {
        db.close();
      }
    }
    process.stdout.write(`${JSON.stringify(telemetry)}\n`);
    return 0;
  } finally {
    await pool.close();
  }
}
