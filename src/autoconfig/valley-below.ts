/** Whether a score valley separates matches from non-matches or only splits the match hump: the probe's judge reads the pairs just under it. */
import type { PairList } from '../engine/run.js';
import { reaches } from '../engine/scoring/matchkey-math.js';
import type { LikelyMatches } from './likely-matches.js';
import { judgedVerdict } from './probe-agreement.js';
import type { Valley } from './score-valley.js';

/**
 * The band of scores read under a valley's dip (its upper edge,
 * {@link Valley.edge}), as offsets below it: from 0.1 under it to one
 * histogram bin under it. The bin just under the edge is the dip itself,
 * mixed by definition; the three below it are the pairs the valley calls
 * non-matches nearest to it, and where it separates the humps they are
 * mostly non-matches. Read from the edge, not the threshold: a threshold
 * at the top of a flat floor sits above the dip, and a band under it
 * would read the floor.
 *
 * @example
 * const [lo, hi] = [0.85 - BELOW_BAND[0], 0.85 - BELOW_BAND[1]]; // [0.75, 0.825)
 */
export const BELOW_BAND: readonly [number, number] = [0.1, 0.025];

/**
 * A valley lies inside the match hump when the judge calls more than this
 * share of the band's pairs likely matches: most of what the valley
 * calls non-matches nearest to it are matches, so it is a dip between two
 * kinds of match (records copied clean and records with a corrupted
 * column), not between matches and non-matches. The majority is the line
 * where a pair is likelier a match than not. Measured (band share by the
 * judge, by the truth): the person stand-in with four name columns, 49k
 * rows, 0.83 (truth 0.75); PATSTAT 0.63 (0.99); Chicago childcare 0.25,
 * fake_1000 0.24, Febrl 2 0.05, Febrl 3 0.00.
 *
 * @example
 * const inside = below.share > INSIDE_SHARE;
 */
export const INSIDE_SHARE = 0.5;

/**
 * Fewer judged pairs in the band than this say nothing about it (a share's standard error up to 0.07).
 *
 * @example
 * const enough = below.judged >= MIN_BAND_JUDGED;
 */
export const MIN_BAND_JUDGED = 50;

/** What the judge says of the pairs in the band under a valley's dip. */
export interface BelowValley {
  /** The dip's upper edge the band hangs from. */
  edge: number;
  /** The band's bounds, [lo, hi). */
  band: [number, number];
  /** Pairs in the band the judge could judge (eligible, with evidence). */
  judged: number;
  /** Of those, the likely matches. */
  likely: number;
  /** likely / judged, to 4 places (0 when none judged). */
  share: number;
}

/**
 * The judge's verdicts on the run's pairs scoring in the band under the
 * dip's `edge` ({@link BELOW_BAND}; bounds reached as a threshold is, with
 * {@link reaches}). `pairs` must keep every pair from the band's lower
 * bound up; `eligible` names the pairs a run may match at all.
 *
 * @example
 * judgedBelow(run.pairs, 0.85, probe, probeJudge(uniform, probe)); // { edge: 0.85, band: [0.75, 0.825], judged: 9215, likely: 7690, share: 0.8345 }
 */
export function judgedBelow(
  pairs: PairList,
  edge: number,
  probe: LikelyMatches,
  judge: (x: number, y: number) => number,
  eligible: (x: number, y: number) => boolean = () => true,
): BelowValley {
  const lo = Math.round((edge - BELOW_BAND[0]) * 1000) / 1000;
  const hi = Math.round((edge - BELOW_BAND[1]) * 1000) / 1000;
  let judged = 0;
  let likely = 0;
  for (let i = 0; i < pairs.count; i++) {
    const s = pairs.score[i];
    if (!reaches(s, lo) || reaches(s, hi) || !eligible(pairs.a[i], pairs.b[i])) continue;
    const v = judgedVerdict(judge(pairs.a[i], pairs.b[i]), probe);
    if (v < 0) continue;
    judged++;
    likely += v;
  }
  return { edge, band: [lo, hi], judged, likely, share: judged === 0 ? 0 : Math.round((likely / judged) * 10000) / 10000 };
}

/**
 * Whether the band under a valley's dip shows the valley inside the
 * match hump: enough judged pairs ({@link MIN_BAND_JUDGED}) and most of
 * them likely matches ({@link INSIDE_SHARE}).
 *
 * @example
 * insideMatches({ edge: 0.85, band: [0.75, 0.825], judged: 9215, likely: 7690, share: 0.8345 }); // true
 */
export function insideMatches(below: BelowValley): boolean {
  return below.judged >= MIN_BAND_JUDGED && below.share > INSIDE_SHARE;
}
