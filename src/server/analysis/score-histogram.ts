/** The histogram of a run's kept pair scores, with each matchkey's threshold and review band, for `GET /stats/scores`. */
import { round6 } from '../../engine/scoring/round-score.js';

/**
 * Width of one bin: fifty bins over [0, 1], fine enough to see a valley around a threshold.
 *
 * @example
 * Math.floor(0.81 / SCORE_BIN_WIDTH); // 40, the bin [0.80, 0.82)
 */
export const SCORE_BIN_WIDTH = 0.02;
const BINS = Math.round(1 / SCORE_BIN_WIDTH);

/**
 * A matchkey's place on the score axis.
 *
 * @example
 * const m: MatchkeyMarks = { name: 'person_fuzzy', threshold: 0.8, review_lo: 0.7, review_hi: 0.85, pairs: 412 };
 */
export interface MatchkeyMarks {
  name: string;
  threshold: number;
  review_lo: number;
  review_hi: number;
  /** Kept pairs this matchkey decided. */
  pairs: number;
}

/**
 * `GET /stats/scores`: `counts[i]` kept pairs scored in `[i·w, (i+1)·w)`
 * (the last bin holds 1.0 too), overall and per deciding matchkey.
 *
 * @example
 * const h: ScoreHistogram = { bin_width: 0.02, counts: new Array(50).fill(0), by_matchkey: { person_fuzzy: new Array(50).fill(0) }, pairs: 0, matchkeys: [] };
 */
export interface ScoreHistogram {
  bin_width: number;
  counts: number[];
  by_matchkey: Record<string, number[]>;
  pairs: number;
  matchkeys: MatchkeyMarks[];
}

/**
 * Visits every kept pair once with its score and deciding-matchkey flags.
 *
 * @example
 * const all: KeptPairs = (visit) => { for (let i = 0; i < pairs.count; i++) visit(pairs.score[i], pairs.flags[i]); };
 */
export type KeptPairs = (visit: (score: number, flags: number) => void) => void;

/**
 * Bins the kept pairs (every pair that matched or fell in its review band;
 * pairs scored below the band are not kept, so the bins under the band's
 * low edge are empty by construction) by score, and marks each matchkey's
 * threshold and review band as the queue places it
 * (`review.lo ?? threshold − 0.10`, `review.hi ?? threshold + 0.05`).
 *
 * @example
 * const h = scoreHistogram((visit) => visit(0.81, 0), [{ name: 'person_fuzzy', threshold: 0.8 }], { lo: null, hi: null });
 * h.counts[40]; // 1: the pair scored in [0.80, 0.82)
 */
export function scoreHistogram(
  forEachPair: KeptPairs,
  matchkeys: readonly { name: string; threshold: number }[],
  review: { lo: number | null; hi: number | null },
): ScoreHistogram {
  const perKey = matchkeys.map(() => new Array<number>(BINS).fill(0));
  let total = 0;
  forEachPair((score, flags) => {
    // Scores are rounded to the reported millionths first, so 0.82 reported lands in the bin that starts at 0.82.
    const bin = Math.min(BINS - 1, Math.max(0, Math.floor(round6(score) / SCORE_BIN_WIDTH + 1e-9)));
    perKey[flags & 0x7f][bin]++;
    total++;
  });
  const counts = new Array<number>(BINS).fill(0);
  for (const bins of perKey) for (let b = 0; b < BINS; b++) counts[b] += bins[b];
  return {
    bin_width: SCORE_BIN_WIDTH,
    counts,
    by_matchkey: Object.fromEntries(matchkeys.map((m, k) => [m.name, perKey[k]])),
    pairs: total,
    matchkeys: matchkeys.map((m, k) => ({
      name: m.name,
      threshold: round6(m.threshold),
      review_lo: round6(Math.max(0, review.lo ?? m.threshold - 0.1)),
      review_hi: round6(Math.min(1, review.hi ?? m.threshold + 0.05)),
      pairs: perKey[k].reduce((x, y) => x + y, 0),
    })),
  };
}
