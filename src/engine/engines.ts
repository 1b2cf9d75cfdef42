/** The one seam where an offline run picks its engine: the worker pool over the loaded table, or DuckDB over the file. Both give the same outcome shape. */
import type { Config } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import type { OversizedBlock } from './blocking/block-index.js';
import { runMatching, type PairList, type PhaseReport, type ProgressFn } from './run.js';
import type { DuckdbLimits } from './sql/duckdb-limits.js';
import type { WorkerPool } from './worker-pool.js';

/**
 * The engines a run can use.
 *
 * @example
 * ENGINES.includes('duckdb'); // true
 */
export const ENGINES = ['pool', 'duckdb'] as const;

/** An engine name. */
export type EngineName = (typeof ENGINES)[number];

/** What to run: the worker-pool engine on a loaded table, or DuckDB on a CSV file (with trained parameters for probabilistic matchkeys). */
export type EngineRequest =
  | { engine: 'pool'; store: ColumnStore; pool: WorkerPool }
  | { engine: 'duckdb'; file: string; limits: DuckdbLimits; models: Readonly<Record<string, unknown>> };

/** An offline run's outcome, whichever engine produced it. */
export interface EngineOutcome {
  rowCount: number;
  candidatePairs: number;
  /** Kept pairs (matched or in the review band). */
  pairs: PairList;
  clusterOf: Int32Array;
  phases: PhaseReport[];
  /** Oversized blocks and what was done with them; null when the engine does not list them (DuckDB). */
  oversized: OversizedBlock[] | null;
}

/**
 * Runs a configuration on the engine asked for.
 *
 * @example
 * const out = await runEngine({ engine: 'duckdb', file: 'people.csv', limits: defaultDuckdbLimits(), models: {} }, config, {});
 * out.clusterOf[17];
 */
export async function runEngine(
  request: EngineRequest,
  config: Config,
  options: { onPhase?: (r: PhaseReport) => void; onProgress?: ProgressFn },
): Promise<EngineOutcome> {
  if (request.engine === 'duckdb') {
    // Loaded only when asked for: importing DuckDB's bindings costs half a second of CPU that a pool run would pay for nothing.
    const { runDuckdb } = await import('./sql/run-duckdb.js');
    const run = await runDuckdb(request.file, config, request.limits, { ...options, models: request.models });
    return { rowCount: run.rowCount, candidatePairs: run.candidatePairs, pairs: run.pairs, clusterOf: run.clusterOf, phases: run.phases, oversized: null };
  }
  const run = await runMatching(request.store, config, request.pool, options);
  return {
    rowCount: request.store.rowCount,
    candidatePairs: run.candidatePairs,
    pairs: run.pairs,
    clusterOf: run.clusterOf,
    phases: run.phases,
    oversized: run.index.oversized,
  };
}
