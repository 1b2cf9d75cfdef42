/** POST /certify-recall logic: tallies captures of the run's kept pairs on the worker pool, then fits the capture–recapture estimate. */
import type { WorkerPool } from '../../engine/worker-pool.js';
import { estimateRecall } from '../../engine/analysis/capture-recapture.js';
import { round6 } from '../../engine/scoring/round-score.js';
import type { MatchResults } from '../match-results.js';

/**
 * The response body of `POST /certify-recall`.
 *
 * @example
 * const c: RecallCertificate = { estimated_recall: null, estimable: false, n_systems: 2, found_pairs: 0, system_overlap: 0, note: 'needs at least 3 capture systems; ...', systems: ['name', 'zip'] };
 */
export interface RecallCertificate {
  estimated_recall: number | null;
  estimable: boolean;
  n_systems: number;
  found_pairs: number;
  system_overlap: number;
  note: string;
  systems: string[];
}

/**
 * Certifies the recall of the current run. The population is the run's kept
 * pairs (matched or in the review band), which share arrays with the worker
 * (the typed arrays are copied once by structured clone; the columns are shared).
 *
 * @example
 * const body = await certifyRecall(state.current, state.pool);
 */
export async function certifyRecall(results: MatchResults, pool: WorkerPool): Promise<RecallCertificate> {
  const pairs = results.run.pairs;
  const counts = await pool.run('certifyCaptures', {
    run: results.run.handle,
    a: pairs.a.subarray(0, pairs.count),
    b: pairs.b.subarray(0, pairs.count),
    count: pairs.count,
  });
  const estimate = estimateRecall({ systems: counts.systems.length, exactly: counts.exactly, overlap: counts.overlap });
  return {
    estimated_recall: estimate.recall === null ? null : round6(estimate.recall),
    estimable: estimate.estimable,
    n_systems: counts.systems.length,
    found_pairs: counts.foundPairs,
    system_overlap: round6(counts.overlap),
    note: estimate.note,
    systems: counts.systems,
  };
}
