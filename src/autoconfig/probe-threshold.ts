/** Where a weighted threshold agrees best with the probe's likely matches: it replaces v0's guessed threshold when the scores show no valley, and lowers a valley's that lies inside the match hump. */
import type { Config } from '../config/types.js';
import { CHOICE_MARGIN, MIN_AGREEMENT, MIN_LIKELY } from './model-choice.js';
import type { CountedAgreement } from './probe-agreement.js';
import { VALLEY_BIN, VALLEY_RANGE } from './score-valley.js';
import type { BelowValley } from './valley-below.js';

/**
 * The thresholds tried, in hundredths: every threshold the score valley
 * can set, from its search range's lower end to the upper edge of its last
 * bin (below it everything is a non-match; above it only exact copies are
 * split from near ones). It stopped at 0.87, three hundredths short of the
 * valley's 0.9, and a person file whose scores lost their dip got 0.87
 * where the valley had said 0.9 (precision 0.77 against 0.88).
 *
 * @example
 * PROBE_THRESHOLDS[0];  // 0.55
 * PROBE_THRESHOLDS.at(-1); // 0.9
 */
export const PROBE_THRESHOLDS: readonly number[] = Array.from(
  { length: Math.floor((VALLEY_RANGE[1] + VALLEY_BIN - VALLEY_RANGE[0]) * 100 + 1e-9) + 1 },
  (_, k) => Math.round(VALLEY_RANGE[0] * 100 + k) / 100,
);

/** The best threshold of the sweep and how the run agrees with the probe there and at the threshold it had. */
export interface ProbeThreshold {
  threshold: number;
  agreement: CountedAgreement;
  before: CountedAgreement;
}

/**
 * The threshold of `candidates` (all of {@link PROBE_THRESHOLDS} unless
 * told) at which the run agrees best with the probe (F1 of `agreementAt`;
 * ties go to the higher threshold, the one that claims less), beside the
 * agreement at `current`.
 *
 * @example
 * const at = clusteredAgreement(run.pairs, uniform.rowCount, [...PROBE_THRESHOLDS, 0.75], limits, probe, judge);
 * probeThreshold(at, 0.75).threshold; // 0.8
 */
export function probeThreshold(
  agreementAt: (threshold: number) => CountedAgreement,
  current: number,
  candidates: readonly number[] = PROBE_THRESHOLDS,
): ProbeThreshold {
  let best: { threshold: number; agreement: CountedAgreement } | null = null;
  for (const threshold of [...candidates].sort((x, y) => y - x)) {
    const agreement = agreementAt(threshold);
    if (best === null || agreement.f1 > best.agreement.f1) best = { threshold, agreement };
  }
  const top = best ?? { threshold: current, agreement: agreementAt(current) };
  return { threshold: top.threshold, agreement: top.agreement, before: agreementAt(current) };
}

/**
 * The decisions entry's rule name of {@link thresholdByProbe}.
 *
 * @example
 * decisions.filter((d) => d.rule_name === PROBE_THRESHOLD_RULE);
 */
export const PROBE_THRESHOLD_RULE = 'probe_threshold';

/** A move smaller than this is noise in the sweep, not a better threshold. */
const MIN_MOVE = 0.02;

/**
 * The F1 lead a move **up** must show (and a move down from a valley inside
 * the match hump, see {@link thresholdByProbe}): two standard errors of the
 * difference of the two F1 figures, capped at the model choice's margin. A
 * figure's variance is read by the delta method from its two halves, each
 * on its own sample: recall on the probe's `likely` matches, precision on
 * the `judged` pairs (claimed pairs, drawn up to 4,000 when more):
 * `(∂F1/∂P)²·P(1−P)/judged + (∂F1/∂R)²·R(1−R)/likely`, with
 * `∂F1/∂P = 2R²/(P+R)²` and `∂F1/∂R = 2P²/(P+R)²`; a share of 0 or 1 counts
 * as one case in its sample, so perfect agreement at both is a tie, not a
 * lead. Any other move down keeps that margin ({@link CHOICE_MARGIN}): the
 * probe's judge excuses each pair's least similar column, so it calls some
 * non-matches likely and leans to thresholds that claim more; a sweep that
 * prefers a higher threshold despite that lean needs only to be more than
 * sampling noise. Measured on the person stand-in with a 0.02 margin both
 * ways: seed 123 stayed at v0's 0.75 (probe F1 0.8857) where the probe
 * preferred 0.81 (0.9028), and the truth agreed (0.8977 at 0.75, 0.9156 at
 * 0.8).
 *
 * @example
 * const at = (p: number, r: number): CountedAgreement => ({ precision: p, recall: r, f1: (2 * p * r) / (p + r), accepted: 25_000, judged: 3_950, likely: 10_458 });
 * noiseMargin(at(0.9187, 0.9127), at(0.8754, 0.9374)); // ≈ 0.0079
 */
export function noiseMargin(best: CountedAgreement, before: CountedAgreement): number {
  const noise = 2 * Math.sqrt(f1Variance(best) + f1Variance(before));
  return Math.min(CHOICE_MARGIN, noise);
}

/** The sampling variance of an agreement's F1 (delta method over its precision and recall, see {@link noiseMargin}). */
function f1Variance(a: CountedAgreement): number {
  const share = (p: number, n: number): number => Math.max(p * (1 - p), 1 / Math.max(1, n)) / Math.max(1, n);
  const sum = a.precision + a.recall;
  if (sum === 0) return share(0, a.judged) + share(0, a.likely);
  const dP = (2 * a.recall * a.recall) / (sum * sum);
  const dR = (2 * a.precision * a.precision) / (sum * sum);
  return dP * dP * share(a.precision, a.judged) + dR * dR * share(a.recall, a.likely);
}

/**
 * The configuration with its weighted matchkey's threshold moved to where
 * the run agrees best with the probe ({@link probeThreshold}), with the
 * rationale and diff of the decision; null when the probe holds too few
 * likely matches to say ({@link MIN_LIKELY}), agrees too little anywhere
 * ({@link MIN_AGREEMENT}), or the best threshold is within 0.02 of the
 * current one or does not lead it by {@link CHOICE_MARGIN} of F1 (the lead
 * the model choice asks of a model: less is the probe's own noise) when it
 * is lower, by {@link noiseMargin} when it is higher.
 *
 * Two callers. With no `below`, the scores showed no valley and v0's
 * threshold was a guess: the sweep may move it either way. With `below`,
 * the threshold sits at a valley whose band under its dip the judge calls
 * mostly likely matches ({@link insideMatches}): the valley splits the
 * match hump, the matches it drops lie under it, and only thresholds at
 * least 0.02 under it are swept. Such a move down needs only
 * {@link noiseMargin}: the judge's lean to claiming more is why a move down
 * otherwise needs 0.02, but here its own reading of the band has already
 * placed the lost matches under the valley, and the lean moves where the
 * sweep peaks by a hundredth or two (person stand-ins: the sweep's 0.77–0.79
 * where the truth peaks at 0.78–0.80), not whether the valley is too high.
 *
 * @example
 * thresholdByProbe(config, clusteredAgreement(pairs, uniform.rowCount, [...PROBE_THRESHOLDS, 0.75], limits, probe, judge))?.config.matchkeys[0].threshold; // 0.8
 */
export function thresholdByProbe(
  config: Config,
  agreementAt: (threshold: number) => CountedAgreement,
  below: BelowValley | null = null,
): { config: Config; rationale: string; config_diff: Record<string, { from: unknown; to: unknown }> } | null {
  const mk = config.matchkeys[0];
  if (mk?.type !== 'weighted' || agreementAt(mk.threshold).likely < MIN_LIKELY) return null;
  // Under a valley, a threshold within MIN_MOVE of it is its own floor: left out, so it cannot hide a real move further down.
  const candidates = below === null ? PROBE_THRESHOLDS : PROBE_THRESHOLDS.filter((t) => t <= mk.threshold - MIN_MOVE + 1e-9);
  const best = probeThreshold(agreementAt, mk.threshold, candidates);
  const margin = best.threshold > mk.threshold || below !== null ? noiseMargin(best.agreement, best.before) : CHOICE_MARGIN;
  const lead = best.agreement.f1 - best.before.f1;
  if (best.agreement.f1 < MIN_AGREEMENT || lead <= 0 || lead < margin || Math.abs(best.threshold - mk.threshold) < MIN_MOVE) return null;
  const next = structuredClone(config);
  next.matchkeys[0].threshold = best.threshold;
  const why =
    below === null
      ? 'the pair scores show no valley'
      : `the pair scores dip at ${below.edge}${below.edge === mk.threshold ? '' : ` (the threshold ${mk.threshold} tops its flat floor)`}, but the probe's judge calls ${below.likely} of the ${below.judged} pairs scoring in [${below.band[0]}, ${below.band[1]}) ` +
        `likely matches (${Math.round(below.share * 1000) / 10}%): the dip lies inside the match hump`;
  const rationale =
    `${why}; the clusters agree best with the probe's ${best.agreement.likely} likely matches at ${best.threshold} ` +
    `(F1 ${best.agreement.f1}, precision ${best.agreement.precision}, recall ${best.agreement.recall}; at ${mk.threshold}: F1 ${best.before.f1}): threshold ${mk.threshold} → ${best.threshold}`;
  return { config: next, rationale, config_diff: { 'matchkeys[0].threshold': { from: mk.threshold, to: best.threshold } } };
}
