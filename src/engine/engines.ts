/** The one seam where a run picks its engine: offline, the worker pool over the loaded table or DuckDB over the file; served, where the in-memory run's kept pairs come from (pool, DuckDB, or an edges file). */
import type { Config } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import type { OversizedBlock } from './blocking/block-index.js';
import { runMatching, type MatchRun, type PairList, type PairSource, type PhaseReport, type ProgressFn } from './run.js';
import type { DuckdbLimits } from './sql/duckdb-limits.js';
import { duckdbPairSource } from './sql/duckdb-source.js';
import { edgesPairSource } from './sql/edges-source.js';
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
    // The pool counts what it scores.
    candidatePairs: run.candidatePairs as number,
    pairs: run.pairs,
    clusterOf: run.clusterOf,
    phases: run.phases,
    oversized: run.index.oversized,
  };
}

/**
 * Where a served run's kept pairs come from. The table is loaded, its fields
 * prepared and its blocks indexed in memory whatever the engine: `/match`,
 * `/explain` and record changes read them. `pool` scores on the worker pool;
 * `duckdb` pairs and scores the same file with DuckDB, out of core;
 * `edges` reads the kept pairs another engine wrote (`kindred sql`), named
 * by row id or by `idColumn`.
 */
export type ServedEngine =
  | { engine: 'pool' }
  | { engine: 'duckdb'; file: string; limits: DuckdbLimits; sameFile?: () => Promise<boolean> }
  | { engine: 'edges'; file: string; idColumn: string | null; tableFile: string };

/**
 * Runs a configuration on a loaded table for serving, its kept pairs from
 * the engine asked for; the outcome is the same {@link MatchRun} whichever
 * it is, so everything served after it (clusters, the review queue,
 * record changes) is engine-blind.
 *
 * @example
 * const run = await runServedEngine(store, config, pool, { engine: 'duckdb', file: 'people.csv', limits: defaultDuckdbLimits() }, {});
 * run.engine; // 'duckdb'
 */
export function runServedEngine(
  store: ColumnStore,
  config: Config,
  pool: WorkerPool,
  engine: ServedEngine,
  options: { onPhase?: (r: PhaseReport) => void; onProgress?: ProgressFn; signal?: AbortSignal; configLabel?: string },
): Promise<MatchRun> {
  const pairSource: PairSource | undefined =
    engine.engine === 'duckdb'
      ? duckdbPairSource(engine.file, engine.limits, engine.sameFile, options.configLabel)
      : engine.engine === 'edges'
        ? edgesPairSource(engine.file, engine.idColumn, engine.tableFile)
        : undefined;
  return runMatching(store, config, pool, { onPhase: options.onPhase, onProgress: options.onProgress, signal: options.signal, pairSource });
}
