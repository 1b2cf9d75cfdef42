/** The recall part of the controller's telemetry: how many likely matches the committed blocking keeps together, in all and pass by pass. */
import type { BlockingKey } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import type { LikelyMatches } from './likely-matches.js';
import { likelyPairs, passRecall, unionRecall } from './pass-recall.js';
import { describeKey } from './rules.js';

/** `blocking.estimated_recall`, `blocking.likely_matches` and `blocking.passes` of the telemetry. */
export interface BlockingRecallReport {
  /** Share of the likely matches some pass keeps together (null when too few were found to tell). */
  estimated_recall: number | null;
  /** Likely matches the estimate is measured on (pairs of the profiled sample). */
  likely_matches: number;
  /** Each pass's own recall, measured on likely matches found and judged without its columns. */
  passes: Array<{ key: string; estimated_recall: number | null; held_out_matches: number }>;
}

/**
 * The recall report of a blocking on the probe's likely matches. With
 * `acrossColumn` (tables linked only across), only pairs across tables count.
 *
 * @example
 * blockingRecallReport(uniform, probe, config.blocking.keys).estimated_recall; // 0.97
 */
export function blockingRecallReport(store: ColumnStore, probe: LikelyMatches, keys: readonly BlockingKey[], acrossColumn?: string): BlockingRecallReport {
  return {
    estimated_recall: unionRecall(store, probe, keys, acrossColumn),
    likely_matches: likelyPairs(store, probe, acrossColumn).length,
    passes: keys.map((key) => {
      const r = passRecall(store, probe, key, acrossColumn);
      return { key: describeKey(key), estimated_recall: r.recall, held_out_matches: r.probes };
    }),
  };
}
