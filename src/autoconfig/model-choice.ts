/** Weighted or Fellegi–Sunter: both models are run on the uniform sample and judged by how well they agree with the probe's likely matches, which neither of them chose. */
import type { Config, ProbabilisticMatchkey, ScoredField, WeightedMatchkey } from '../config/types.js';
import { CONFIG_DEFAULTS } from '../config/normalize.js';
import type { ColumnStore } from '../data/column-store.js';
import { runMatching, type MatchRun, type PairList } from '../engine/run.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import type { ColumnProfile } from './column-profile.js';
import { keepingFrom, runScoreValley, SIGNAL_FLOOR } from './health-signals.js';
import { probeJudge, type LikelyMatches } from './likely-matches.js';
import { clusterLimits } from '../engine/clustering/cluster-builder.js';
import { clusteredAgreement } from './clustered-agreement.js';
import { eligiblePairs, type CountedAgreement, type ProbeAgreement } from './probe-agreement.js';

/** What the choice measured and chose, as the telemetry reports it. */
export interface ModelChoice {
  chosen: 'weighted' | 'probabilistic';
  criterion: 'probe_agreement_f1';
  /** Accepted pairs the probe could judge (both models), and the probe's likely matches recall is measured on. */
  judged_pairs: number;
  likely_matches: number;
  weighted: (ProbeAgreement & { threshold: number }) | null;
  probabilistic: (ProbeAgreement & { threshold: number; em_converged: boolean }) | null;
  /** Why the models were not both judged (null when they were). */
  skipped: string | null;
  /** Why the chosen model was chosen, in a sentence. */
  rationale: string;
}

/**
 * The Fellegi–Sunter model must beat the weighted one by this much F1: the
 * probe holds a few thousand pairs, so a smaller lead is within its noise
 * (one standard error of an F1 near 0.9 on 1,000 likely matches is about
 * 0.01), and the weighted model is the one whose scores a steward can read.
 */
export const CHOICE_MARGIN = 0.02;
/**
 * Fewer likely matches than this rank nothing: one standard error of a
 * recall measured on 100 is up to 0.05, more than the margin.
 */
export const MIN_LIKELY = 100;
/**
 * The yardstick is trusted only where the model it prefers agrees with it
 * more than it disagrees (F1 ≥ 0.5): product listings whose two sources word
 * a title differently agree with the probe's column-by-column judge on
 * neither model, and a yardstick that fits neither cannot rank them.
 */
export const MIN_AGREEMENT = 0.5;

const CRITERION = 'probe_agreement_f1' as const;

/** Profile kinds whose values are names: common ones (Smith) agree by chance, rare ones single a person out. */
const TF_KINDS: ReadonlySet<ColumnProfile['kind']> = new Set(['name']);

/**
 * The Fellegi–Sunter twin of a weighted matchkey: the same fields, scorers
 * and transforms, each turned into comparison levels (3 for a fuzzy scorer,
 * 2 for exact) whose weights EM learns on the blocked pairs, with
 * term-frequency adjustment on name columns. Negative evidence is dropped:
 * a disagreement level already carries its own (negative) weight.
 *
 * @example
 * probabilisticTwin(weighted, profiles).fields[0].tf_adjustment; // true for a surname column
 */
export function probabilisticTwin(mk: WeightedMatchkey, profiles: readonly ColumnProfile[], threshold: number): ProbabilisticMatchkey {
  const kind = new Map(profiles.map((p) => [p.column, p.kind]));
  const field = (f: ScoredField): ScoredField => {
    const binary = f.scorer === 'exact';
    const k = kind.get(f.field);
    return {
      field: f.field,
      transforms: f.transforms,
      scorer: f.scorer,
      weight: f.weight,
      levels: binary ? CONFIG_DEFAULTS.levels.exact : CONFIG_DEFAULTS.levels.fuzzy,
      partial_threshold: binary ? CONFIG_DEFAULTS.partialThreshold.exact : CONFIG_DEFAULTS.partialThreshold.fuzzy,
      tf_adjustment: k !== undefined && TF_KINDS.has(k),
    };
  };
  return {
    name: mk.name,
    type: 'probabilistic',
    fields: mk.fields.map(field),
    threshold,
    negative_evidence: [],
    missing: 'unobserved',
    em: { ...CONFIG_DEFAULTS.em },
  };
}

/**
 * The configuration with its weighted matchkey replaced by `twin`.
 *
 * @example
 * withMatchkey(config, twin).matchkeys[0].type; // 'probabilistic'
 */
export function withMatchkey(config: Config, twin: ProbabilisticMatchkey): Config {
  return { ...config, matchkeys: config.matchkeys.map((m) => (m.name === twin.name ? twin : m)) };
}

/**
 * The choice when there was no time to make it: the weighted model stays.
 *
 * @example
 * skippedChoice('the time budget was spent').chosen; // 'weighted'
 */
export function skippedChoice(why: string): ModelChoice {
  return { chosen: 'weighted', criterion: CRITERION, judged_pairs: 0, likely_matches: 0, weighted: null, probabilistic: null, skipped: why, rationale: why };
}

/** What {@link chooseModel} needs: the committed weighted configuration and, when it was run on `table`, its kept pairs. */
export interface ChoiceInput {
  /** The rows the probe was found on. */
  table: ColumnStore;
  config: Config;
  /** Kept pairs of `config` on `table` (from its threshold up), when the controller already has them. */
  pairs: PairList | null;
  probe: LikelyMatches;
  profiles: readonly ColumnProfile[];
  pool: WorkerPool;
  signal?: AbortSignal;
}

/** The choice, the configuration it commits, and the Fellegi–Sunter run on `table` when that is the one chosen. */
export interface ChoiceOutcome {
  choice: ModelChoice;
  config: Config;
  run: MatchRun | null;
}

/**
 * Chooses between the committed weighted matchkey and its Fellegi–Sunter
 * twin ({@link probabilisticTwin}, threshold at its own score valley, else
 * the default 0.5). Both are judged on the same probe pairs by
 * {@link clusteredAgreement} (the clusters each commits); the twin is chosen only when EM converged, the
 * probe holds {@link MIN_LIKELY} likely matches, the twin agrees with it at
 * {@link MIN_AGREEMENT} or more and leads by {@link CHOICE_MARGIN} without losing
 * precision ({@link choiceRationale}). The probe scores each column alike and drops a
 * pair's worst column, so it leans to neither model: it is the yardstick
 * the blocking was already chosen by.
 *
 * @example
 * const { choice, config } = await chooseModel({ table: uniform, config, pairs: null, probe, profiles, pool });
 * choice.chosen; // 'weighted'
 */
export async function chooseModel(input: ChoiceInput): Promise<ChoiceOutcome> {
  const { table, config, probe, pool, signal } = input;
  const mk = config.matchkeys[0];
  if (mk === undefined || mk.type !== 'weighted') throw new Error('chooseModel: the committed matchkey is not weighted');
  const pairs = input.pairs ?? (await runMatching(table, keepingFrom(config, mk.threshold), pool, { signal })).pairs;
  const judge = probeJudge(table, probe);
  const eligible = eligiblePairs(table, config);
  // Each model is judged by what it commits, its clusters (every pair they put together), as the threshold probe judges
  // a threshold: a link that clustering drops (a record's weaker partner in a one-to-one linkage) claims nothing.
  const limits = clusterLimits(config.clustering);
  const judged = (run: PairList, threshold: number): CountedAgreement => clusteredAgreement(run, table.rowCount, [threshold], limits, probe, judge, eligible)(threshold);
  const weighted = judged(pairs, mk.threshold);
  const weightedFigures = figures(mk.threshold, weighted);
  if (weighted.likely < MIN_LIKELY) {
    const why = `the probe holds ${weighted.likely} likely matches (fewer than ${MIN_LIKELY}): too few to rank the models`;
    const choice = { chosen: 'weighted' as const, criterion: CRITERION, judged_pairs: weighted.judged, likely_matches: weighted.likely };
    return { choice: { ...choice, weighted: weightedFigures, probabilistic: null, skipped: why, rationale: why }, config, run: null };
  }
  const first = withMatchkey(config, probabilisticTwin(mk, input.profiles, CONFIG_DEFAULTS.threshold.probabilistic));
  // Kept from 0.5 as before: a match probability's non-matches pile up near 0, not just under the dip range, so its histogram is not read lower.
  const fsRun = await runMatching(table, keepingFrom(first, SIGNAL_FLOOR), pool, { signal });
  const threshold = runScoreValley(fsRun) ?? CONFIG_DEFAULTS.threshold.probabilistic;
  const fs = judged(fsRun.pairs, threshold);
  const converged = Object.values(fsRun.training).every((t) => t.converged);
  const probabilistic = { ...figures(threshold, fs), em_converged: converged };
  const rationale = choiceRationale(weighted, fs, converged);
  const chosen = rationale === null ? 'probabilistic' : 'weighted';
  const choice: ModelChoice = {
    chosen,
    criterion: CRITERION,
    judged_pairs: weighted.judged + fs.judged,
    likely_matches: weighted.likely,
    weighted: weightedFigures,
    probabilistic,
    skipped: null,
    rationale: rationale ?? `Fellegi–Sunter agrees with the probe at F1 ${fs.f1}, weighted at ${weighted.f1}: a lead of ${CHOICE_MARGIN} or more, no less precise`,
  };
  if (chosen === 'weighted') return { choice, config, run: null };
  const committed = withMatchkey(config, probabilisticTwin(mk, input.profiles, threshold));
  // Measured at the committed threshold, so the telemetry's health describes what is committed.
  return { choice, config: committed, run: await runMatching(table, keepingFrom(committed, SIGNAL_FLOOR), pool, { signal }) };
}

/**
 * Why the weighted matchkey stays, or null when the twin is chosen: EM
 * converged, the better model agrees with the probe at {@link MIN_AGREEMENT},
 * the twin leads by {@link CHOICE_MARGIN} F1, and it is not less precise
 * than the weighted model by more than two standard errors of the
 * difference. The last because the probe's judge scores columns alike: a
 * namesake agreeing on every name column looks like a match to it, so the
 * precision it measures understates a model's false matches, and a lead
 * bought with precision the judge already sees slipping is a lead it cannot
 * vouch for (a person table with four name columns: the twin led the judge
 * by 0.078 F1 at 0.979 precision against 0.996, and trailed the truth by
 * 0.017 at 0.843 against 0.978).
 *
 * @example
 * choiceRationale({ precision: 0.996, recall: 0.64, f1: 0.78, accepted: 16818, judged: 16000, likely: 10538 },
 *   { precision: 0.979, recall: 0.76, f1: 0.86, accepted: 21131, judged: 20000, likely: 10538 }, true);
 * // 'Fellegi–Sunter is less precise against the probe (0.979 against 0.996) ...'
 */
export function choiceRationale(weighted: CountedAgreement, fs: CountedAgreement, converged: boolean): string | null {
  if (!converged) return 'EM did not converge: the Fellegi–Sunter weights are not trusted';
  if (Math.max(fs.f1, weighted.f1) < MIN_AGREEMENT) {
    return `neither model agrees with the probe (F1 ${weighted.f1} weighted, ${fs.f1} Fellegi–Sunter, below ${MIN_AGREEMENT}): it cannot rank them`;
  }
  if (fs.f1 < weighted.f1 + CHOICE_MARGIN) return `Fellegi–Sunter agrees with the probe at F1 ${fs.f1}, weighted at ${weighted.f1}: no lead of ${CHOICE_MARGIN}`;
  const slack = 2 * Math.sqrt(variance(weighted) + variance(fs));
  if (fs.precision < weighted.precision - slack) {
    return (
      `Fellegi–Sunter is less precise against the probe (${fs.precision} against ${weighted.precision}, beyond two standard errors): ` +
      `its F1 lead (${fs.f1} against ${weighted.f1}) is recall the probe's judge cannot vouch for`
    );
  }
  return null;
}

/** The sampling variance of a precision measured on `judged` pairs. */
function variance(a: CountedAgreement): number {
  return a.judged === 0 ? 0 : (a.precision * (1 - a.precision)) / a.judged;
}

/** A model's figures in the telemetry's key order (a stored copy is compared byte for byte with the served one). */
function figures(threshold: number, a: ProbeAgreement): ProbeAgreement & { threshold: number } {
  return { threshold, precision: a.precision, recall: a.recall, f1: a.f1, accepted: a.accepted };
}
