/** GET /stats/scores and GET /stats/cluster-sizes: the read-only histograms the review workbench draws its charts from. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import type { MatchResults } from '../match-results.js';
import { scoreHistogram, type KeptPairs, type ScoreHistogram } from '../analysis/score-histogram.js';

/** The run's kept pairs never change: one histogram per served run until a record changes. */
const scoresOfRun = new WeakMap<MatchResults, ScoreHistogram>();

/** The kept pairs now: the run's, less those of changed rows, plus the changed rows' pairs (as the live review band counts them). */
function keptPairsNow(results: MatchResults): KeptPairs {
  const { run, live } = results;
  return (visit) => {
    const pairs = run.pairs;
    for (let i = 0; i < pairs.count; i++) {
      if (!live.graph.isReplaced(pairs.a[i]) && !live.graph.isReplaced(pairs.b[i])) visit(pairs.score[i], pairs.flags[i]);
    }
    live.graph.forEachChangedEdge((_a, _b, score, flags) => visit(score, flags));
  };
}

/**
 * Registers `/stats/scores` and `/stats/cluster-sizes`.
 *
 * @example
 * registerDistributions(app, state);
 */
export function registerDistributions(app: Hono<ServerEnv>, state: ServerState): void {
  app.get('/stats/scores', (c) => {
    const results = state.current;
    const { matchkeys, review } = results.run.config;
    // After record changes the pairs are counted afresh on every request (one pass over the kept pairs).
    if (results.live.table.changed) return safeJson(c, scoreHistogram(keptPairsNow(results), matchkeys, review));
    let histogram = scoresOfRun.get(results);
    if (histogram === undefined) {
      histogram = scoreHistogram(keptPairsNow(results), matchkeys, review);
      scoresOfRun.set(results, histogram);
    }
    return safeJson(c, histogram);
  });
  // Current after every decision and edit, like /stats, from the same size tally.
  app.get('/stats/cluster-sizes', (c) => safeJson(c, { sizes: state.current.clusters.sizeHistogram() }));
}
