/** How a run's accepted pairs agree with the probe's likely matches: at one threshold, or at every threshold of a sweep from one judging pass. */
import type { Config } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import type { PairList } from '../engine/run.js';
import { reaches } from '../engine/scoring/matchkey-math.js';
import { robustScore, type LikelyMatches } from './likely-matches.js';
import { columnValues } from './sample-values.js';

/**
 * How a model's accepted pairs agree with the probe's likely matches, on
 * the probe's pairs only (the probe judged nothing else): `precision` of
 * the accepted pairs the probe scored, `recall` of its likely matches.
 */
export interface ProbeAgreement {
  precision: number;
  recall: number;
  f1: number;
  /** Pairs the model accepted (on the probe's table). */
  accepted: number;
}

/** A {@link ProbeAgreement} with the counts behind it. */
export type CountedAgreement = ProbeAgreement & { judged: number; likely: number };

/**
 * The probe's verdict on each kept pair from `from` up, judged once so that
 * any threshold at or above `from` can be read off ({@link agreementAt}).
 */
export interface ProbeVerdicts {
  /** Scores of the pairs judged, in the run's order. */
  score: Float64Array;
  /** 1: the probe's judge calls the pair a likely match; 0: it does not; -1: too little evidence to judge. */
  verdict: Int8Array;
  /** 1 when the pair is one of the probe's own likely matches. */
  found: Uint8Array;
  /** The probe's likely matches the run may match at all. */
  likely: number;
}

/**
 * Judges every kept pair scoring at least `from` ({@link probeJudge} of
 * likely-matches.ts), and notes which are the probe's own likely matches.
 * `eligible` names the pairs the run may match at all (across tables in a
 * link-only run): a likely match it may not make is no match it missed.
 *
 * @example
 * const v = probeVerdicts(run.pairs, 0.55, probe, probeJudge(uniform, probe));
 * agreementAt(v, 0.8).f1; // 0.93
 */
export function probeVerdicts(
  pairs: PairList,
  from: number,
  probe: LikelyMatches,
  judge: (x: number, y: number) => number,
  eligible: (x: number, y: number) => boolean = () => true,
): ProbeVerdicts {
  const likely = new Set(likelyMatchesEligible(probe, eligible).map((i) => pairKey(probe.a[i], probe.b[i])));
  const picked: number[] = [];
  for (let i = 0; i < pairs.count; i++) if (reaches(pairs.score[i], from)) picked.push(i);
  const score = new Float64Array(picked.length);
  const verdict = new Int8Array(picked.length);
  const found = new Uint8Array(picked.length);
  picked.forEach((i, k) => {
    score[k] = pairs.score[i];
    found[k] = likely.has(pairKey(pairs.a[i], pairs.b[i])) ? 1 : 0;
    verdict[k] = judgedVerdict(judge(pairs.a[i], pairs.b[i]), probe);
  });
  return { score, verdict, found, likely: likely.size };
}

/**
 * The agreement of the pairs accepted at `threshold` (which must be at or
 * above the verdicts' `from`): `precision`, the share of accepted pairs the
 * judge calls likely matches (pairs it cannot judge left out); `recall`,
 * the share of the probe's likely matches accepted.
 *
 * @example
 * agreementAt(probeVerdicts(run.pairs, 0.8, probe, judge), 0.8); // { precision: 0.98, recall: 0.87, f1: 0.92, ... }
 */
export function agreementAt(v: ProbeVerdicts, threshold: number): CountedAgreement {
  let accepted = 0;
  let judged = 0;
  let agreed = 0;
  let found = 0;
  for (let k = 0; k < v.score.length; k++) {
    if (!reaches(v.score[k], threshold)) continue;
    accepted++;
    found += v.found[k];
    if (v.verdict[k] < 0) continue;
    judged++;
    agreed += v.verdict[k];
  }
  return countedAgreement(agreed, judged, found, v.likely, accepted);
}

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
 * Agreement of the pairs a run accepts at `threshold` with the probe, on
 * rows of the probe's table. Every accepted pair is judged, not only those
 * the probe's search met: a model that matches outside the probe's reach
 * pays for it. A run's kept pairs must include every pair scoring at least
 * `threshold`.
 *
 * @example
 * probeAgreement(run.pairs, 0.8, probe, probeJudge(uniform, probe)).f1; // 0.93
 */
export function probeAgreement(
  pairs: PairList,
  threshold: number,
  probe: LikelyMatches,
  judge: (x: number, y: number) => number,
  eligible: (x: number, y: number) => boolean = () => true,
): CountedAgreement {
  return agreementAt(probeVerdicts(pairs, threshold, probe, judge, eligible), threshold);
}

/**
 * The pairs a configuration may match at all: any, or in a link-only run
 * those whose rows come from two tables.
 *
 * @example
 * probeVerdicts(pairs, 0.55, probe, judge, eligiblePairs(uniform, config));
 */
export function eligiblePairs(table: ColumnStore, config: Config): (x: number, y: number) => boolean {
  if (config.link?.mode !== 'link_only') return () => true;
  const source = columnValues(table, table.columnIndex(config.link.source_column));
  return (x, y) => source[x] !== source[y];
}

function pairKey(a: number, b: number): string {
  return a < b ? `${a},${b}` : `${b},${a}`;
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
