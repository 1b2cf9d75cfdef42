/** The pieces of the probe's agreement with a run: the judge's verdict on a pair, the likely matches a run may make, and precision, recall and F1 from the counts. */
import type { Config } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { robustScore, type LikelyMatches } from './likely-matches.js';
import { columnValues } from './sample-values.js';

/**
 * How the pairs a model claims agree with the probe's likely matches:
 * `precision` of the claimed pairs the probe's judge could score, `recall`
 * of its likely matches.
 */
export interface ProbeAgreement {
  precision: number;
  recall: number;
  f1: number;
  /** Pairs the model claimed (on the probe's table). */
  accepted: number;
}

/** A {@link ProbeAgreement} with the counts behind it. */
export type CountedAgreement = ProbeAgreement & { judged: number; likely: number };

/**
 * The agreement of `agreed` judge-approved pairs among `judged`, and of
 * `found` likely matches among `likely`, with `accepted` pairs claimed:
 * precision, recall and F1 to four decimals.
 *
 * @example
 * countedAgreement(98, 100, 87, 100, 104); // { precision: 0.98, recall: 0.87, f1: 0.9217, accepted: 104, judged: 100, likely: 100 }
 */
export function countedAgreement(agreed: number, judged: number, found: number, likely: number, accepted: number): CountedAgreement {
  const precision = judged === 0 ? 0 : agreed / judged;
  const recall = likely === 0 ? 0 : found / likely;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision: round4(precision), recall: round4(recall), f1: round4(f1), accepted, judged, likely };
}

/**
 * The probe's likely matches (indexes into its pairs) that a run may make: those `eligible` allows.
 *
 * @example
 * likelyMatchesEligible(probe, eligiblePairs(uniform, config)).length; // 10538
 */
export function likelyMatchesEligible(probe: LikelyMatches, eligible: (x: number, y: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < probe.a.length; i++) if (eligible(probe.a[i], probe.b[i]) && robustScore(probe, i) >= probe.threshold) out.push(i);
  return out;
}

/**
 * The judge's verdict on a pair from its score: 1 a likely match, 0 not, −1 too little evidence to judge (NaN).
 *
 * @example
 * judgedVerdict(judge(3, 17), probe); // 1
 */
export function judgedVerdict(score: number, probe: LikelyMatches): number {
  return Number.isNaN(score) ? -1 : score >= probe.threshold ? 1 : 0;
}

/**
 * The pairs a configuration may match at all: any, or in a link-only run
 * those whose rows come from two tables.
 *
 * @example
 * const eligible = eligiblePairs(uniform, config); eligible(3, 17); // false when rows 3 and 17 are of one table in a link-only run
 */
export function eligiblePairs(table: ColumnStore, config: Config): (x: number, y: number) => boolean {
  if (config.link?.mode !== 'link_only') return () => true;
  const source = columnValues(table, table.columnIndex(config.link.source_column));
  return (x, y) => source[x] !== source[y];
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
