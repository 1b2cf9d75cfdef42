/** Where a weighted threshold agrees best with the probe's likely matches: the measurement that replaces v0's guessed threshold when the scores show no valley. */
import type { Config } from '../config/types.js';
import { CHOICE_MARGIN, MIN_AGREEMENT, MIN_LIKELY } from './model-choice.js';
import type { CountedAgreement } from './probe-agreement.js';
import { VALLEY_BIN, VALLEY_RANGE } from './score-valley.js';

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
 * The threshold of {@link PROBE_THRESHOLDS} at which the run agrees best
 * with the probe (F1 of `agreementAt`; ties go to the higher threshold, the
 * one that claims less), beside the agreement at `current`.
 *
 * @example
 * const at = clusteredAgreement(run.pairs, uniform.rowCount, [...PROBE_THRESHOLDS, 0.75], limits, probe, judge);
 * probeThreshold(at, 0.75).threshold; // 0.8
 */
export function probeThreshold(agreementAt: (threshold: number) => CountedAgreement, current: number): ProbeThreshold {
  let best: { threshold: number; agreement: CountedAgreement } | null = null;
  for (let k = PROBE_THRESHOLDS.length - 1; k >= 0; k--) {
    const agreement = agreementAt(PROBE_THRESHOLDS[k]);
    if (best === null || agreement.f1 > best.agreement.f1) best = { threshold: PROBE_THRESHOLDS[k], agreement };
  }
  const top = best as { threshold: number; agreement: CountedAgreement };
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
 * The configuration with its weighted matchkey's threshold moved to where
 * the run agrees best with the probe ({@link probeThreshold}), with the
 * rationale and diff of the decision; null when the probe holds too few
 * likely matches to say ({@link MIN_LIKELY}), agrees too little anywhere
 * ({@link MIN_AGREEMENT}), or the best threshold is within 0.02 of the
 * current one or does not lead it by {@link CHOICE_MARGIN} of F1 (the lead
 * the model choice asks of a model: less is the probe's own noise).
 *
 * @example
 * thresholdByProbe(config, clusteredAgreement(pairs, uniform.rowCount, [...PROBE_THRESHOLDS, 0.75], limits, probe, judge))?.config.matchkeys[0].threshold; // 0.8
 */
export function thresholdByProbe(
  config: Config,
  agreementAt: (threshold: number) => CountedAgreement,
): { config: Config; rationale: string; config_diff: Record<string, { from: unknown; to: unknown }> } | null {
  const mk = config.matchkeys[0];
  if (mk?.type !== 'weighted' || agreementAt(mk.threshold).likely < MIN_LIKELY) return null;
  const best = probeThreshold(agreementAt, mk.threshold);
  if (best.agreement.f1 < MIN_AGREEMENT || best.agreement.f1 < best.before.f1 + CHOICE_MARGIN || Math.abs(best.threshold - mk.threshold) < MIN_MOVE) return null;
  const next = structuredClone(config);
  next.matchkeys[0].threshold = best.threshold;
  const rationale =
    `the pair scores show no valley; the clusters agree best with the probe's ${best.agreement.likely} likely matches at ${best.threshold} ` +
    `(F1 ${best.agreement.f1}, precision ${best.agreement.precision}, recall ${best.agreement.recall}; at ${mk.threshold}: F1 ${best.before.f1}): threshold ${mk.threshold} → ${best.threshold}`;
  return { config: next, rationale, config_diff: { 'matchkeys[0].threshold': { from: mk.threshold, to: best.threshold } } };
}
