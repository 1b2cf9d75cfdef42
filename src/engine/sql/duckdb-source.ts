/** The DuckDB engine as the pair source of an in-memory run (`kindred serve --engine duckdb`): the loaded file scored out of core, checked to be the rows the run loaded. */
import { KindredError } from '../../errors/registry.js';
import type { PairSource } from '../run.js';
import type { DuckdbLimits } from './duckdb-limits.js';

/**
 * A {@link PairSource} that pairs and scores `file` with DuckDB, with the
 * parameters the run trained for probabilistic matchkeys. Its phases are
 * DuckDB's `prepare`, `block` and `score`, marked `engine=duckdb`. DuckDB
 * reads the file itself, so the run checks it read the rows kindred loaded:
 * the same count, and `sameFile` (e.g. the loaded bytes' fingerprint
 * against the file's now) when given.
 *
 * @throws KindredError `run_failed` when DuckDB read other rows than were loaded.
 * @example
 * await runMatching(store, config, pool, { pairSource: duckdbPairSource('people.csv', limits) });
 */
export function duckdbPairSource(file: string, limits: DuckdbLimits, sameFile?: () => Promise<boolean>, configLabel?: string): PairSource {
  return async (context) => {
    // Loaded only when this engine runs: DuckDB's bindings cost half a second of CPU a pool run would pay for nothing.
    const { scoreOnDuckdb } = await import('./run-duckdb.js');
    const scored = await scoreOnDuckdb(file, context.config, limits, {
      models: context.handle.models,
      onPhase: (r) => context.onPhase({ ...r, detail: { engine: 'duckdb', ...r.detail } }),
      onProgress: context.onProgress,
      signal: context.signal,
      configLabel,
    });
    if (scored.rowCount !== context.store.rowCount) {
      throw new KindredError(
        'run_failed',
        `DuckDB read ${scored.rowCount} rows of ${file} and kindred's loader ${context.store.rowCount}: the file changed while it was matched, or the two readers split it differently (use --engine pool for this file)`,
      );
    }
    if (sameFile !== undefined && !(await sameFile())) throw new KindredError('run_failed', `${file} changed on disk while it was matched; restart to match it as it is now`);
    return { engine: 'duckdb', pairs: scored.pairs, candidatePairs: scored.candidatePairs };
  };
}
