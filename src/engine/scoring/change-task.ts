/** Worker task: scores a slice of changed records against the loaded table the worker holds on shared memory, leaving out loaded rows that changed since (the living table's shared mask). */
import type { PreparedQuery } from './pair-scorer.js';
import { scoreChangeItems, type ChangedEdges, type ChangeItem } from './change-scoring.js';
import { openRun, type RunHandle } from './score-task.js';

/**
 * One slice of a batch of changed records, as the main thread hands it over.
 *
 * @example
 * const input: ScoreChangesInput = { run: run.handle, changedMask: table.changedMask, batchLoaded, items, queries, sources: null };
 */
export interface ScoreChangesInput {
  run: RunHandle;
  /** The living table's mask of loaded rows changed before this batch (shared, not copied). */
  changedMask: Uint8Array;
  /** Loaded rows this batch changes (ascending): not in the mask until the batch is applied. */
  batchLoaded: Int32Array;
  items: ChangeItem[];
  /** The prepared query of every changed row the slice reads: its items and their `extra` rows. */
  queries: Map<number, PreparedQuery>;
  /** Link-only runs: the source value of every changed row the slice reads; null otherwise. */
  sources: Map<number, string | null> | null;
}

/**
 * Scores a slice in a worker (`pool.run('scoreChanges', …)`) with the
 * run's scorer, as {@link scoreChangeItems} does on the main thread.
 *
 * @example
 * const edges = await pool.run('scoreChanges', input);
 */
export function scoreChanges(input: ScoreChangesInput): ChangedEdges {
  const run = openRun(input.run);
  // The worker may have opened this run to score it, before it was served with key tables.
  run.index.adoptKeyTables(input.run.passes);
  const mask = input.changedMask;
  const batch = new Set(input.batchLoaded);
  const sources = input.sources;
  const dict = run.sourceDict;
  return scoreChangeItems(input.items, {
    scorer: run.scorer,
    index: run.index,
    excluded: (row) => mask[row] === 1 || batch.has(row),
    queryOf: (row) => input.queries.get(row),
    sourceOf: sources === null || dict === null ? null : (row) => (sources.has(row) ? (sources.get(row) ?? null) : dict.rowValue(row)),
  });
}
