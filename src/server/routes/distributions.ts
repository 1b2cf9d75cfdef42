/** GET /stats/scores and GET /stats/cluster-sizes: the read-only histograms the review workbench draws its charts from. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import type { MatchResults } from '../match-results.js';
import { scoreHistogram, type ScoreHistogram } from '../analysis/score-histogram.js';

/** Kept pairs never change within a run: one histogram per served run. */
const scoresOfRun = new WeakMap<MatchResults, ScoreHistogram>();

/**
 * Registers `/stats/scores` and `/stats/cluster-sizes`.
 *
 * @example
 * registerDistributions(app, state);
 */
export function registerDistributions(app: Hono<ServerEnv>, state: ServerState): void {
  app.get('/stats/scores', (c) => {
    const results = state.current;
    let histogram = scoresOfRun.get(results);
    if (histogram === undefined) {
      histogram = scoreHistogram(results.run.pairs, results.run.config.matchkeys, results.run.config.review);
      scoresOfRun.set(results, histogram);
    }
    return safeJson(c, histogram);
  });
  // Current after every decision and edit, like /stats, from the same size tally.
  app.get('/stats/cluster-sizes', (c) => safeJson(c, { sizes: state.current.clusters.sizeHistogram() }));
}
