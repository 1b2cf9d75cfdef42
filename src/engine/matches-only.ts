/** A run whose kept pairs nobody reviews keeps its matches only, so scoring may stop a pair once it cannot reach the threshold. */
import type { Config } from '../config/types.js';
import { optimisationOn } from './scoring/optimisation-switches.js';

/**
 * The configuration for a run that reads only its matches (`dedupe`,
 * `evaluate`: they write clusters, which are built from matched pairs, and
 * serve no review queue). Its review band is empty: a pair is kept only when
 * it matches. Scoring then stops a pair as soon as its best possible score
 * falls under the threshold instead of under the band's lower edge (0.1
 * lower by default), which on coarse blocking skips most similarity
 * comparisons. The matched pairs, their scores and so the clusters are
 * exactly those of the configuration as written (test/engine/scoring/matches-only.test.ts).
 * `KINDRED_OPTIMISATIONS_OFF=matches-only` keeps the band, for the benchmark's A/B.
 *
 * @example
 * const run = await runMatching(store, matchesOnly(config), pool);
 * run.pairs; // matched pairs only
 */
export function matchesOnly(config: Config): Config {
  if (!optimisationOn('matches-only')) return config;
  // lo = 1 is at or above every threshold: a pair is kept at it only when it also matches.
  return { ...config, review: { lo: 1, hi: null } };
}
