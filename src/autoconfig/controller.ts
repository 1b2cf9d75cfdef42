/** The auto-configuration controller: v0 from the profile, then run on a sample, measure health, apply named rules until healthy, converged, stuck or out of budget. */
import type { AnchoredWeight } from './anchor-weights.js';
import type { SwapEvidence } from './swapped-columns.js';
import type { Config } from '../config/types.js';
import { ColumnStore } from '../data/column-store.js';
import { KindredError } from '../errors/registry.js';
import { runMatching, type MatchRun } from '../engine/run.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import { healthVerdict, keepingFrom, KEEP_FLOOR, l1Distance, measureRun, signalVector, type HealthSignals, type HealthVerdict } from './health-signals.js';
import { RULES, describeKey, oneToOne } from './rules.js';
import { blockingRecallReport, type BlockingRecallReport } from './blocking-recall-report.js';
import type { Containment } from './column-redundancy.js';
import { V0_THRESHOLD } from './initial-config.js';
import { probeJudge } from './likely-matches.js';
import { chooseModel, skippedChoice, type ModelChoice } from './model-choice.js';
import { eligiblePairs } from './probe-agreement.js';
import { clusteredAgreement } from './clustered-agreement.js';
import { clusterLimits } from '../engine/clustering/cluster-builder.js';
import { PROBE_THRESHOLD_RULE, PROBE_THRESHOLDS, thresholdByProbe } from './probe-threshold.js';
import { insideMatches, judgedBelow } from './valley-below.js';
import { sitsAtValley } from './score-valley.js';
import type { Decision, Health, StopReason, Telemetry } from './telemetry-schema.js';

/**
 * The decisions entry's rule name of the last step: the committed weighted
 * matchkey's floor counted by the rarity of the pair's values.
 *
 * @example
 * decisions.some((d) => d.rule_name === RARITY_FLOOR_RULE);
 */
export const RARITY_FLOOR_RULE = 'rarity_floor';

/** Options of one controller run. */
export interface ControllerOptions {
  /** Telemetry `source` (`rest_autoconfig`, `cli_autoconfig`, ...). */
  source: string;
  /** Columns never profiled nor used (truth-leaking ids). */
  exclude?: readonly string[];
  /** Rows the sample holds; the whole table when it is not larger. */
  sampleSize?: number;
  /** Runs on the sample, the first included. */
  maxIterations?: number;
  /**
   * Wall-time cap, a guard for pathological inputs: a run after the first is
   * not started past it, and is cancelled when it would overrun it. The work
   * itself is bounded without it (`maxIterations` runs on a sample of
   * `sampleSize` rows, each within the blocking pair budget), so on a
   * machine that finishes in time the result does not depend on its speed.
   */
  maxMs?: number;
  /** Cancels the whole controller (the server shutting down): the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Runs finished of at most `maxIterations` (for a progress bar); the last call says all are done. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Record pairs across two linked tables found by their words alone, v0's weights measured on them: two files'
   * (`LoadedTables.anchors`; empty for none). Absent or null: found between the tables of a stacked file, if it is one.
   */
  anchors?: Int32Array | null;
}

/** The committed configuration and the telemetry describing how it was reached. */
export interface ControllerResult {
  config: Config;
  telemetry: Telemetry;
}

/**
 * Defaults: a sample of 30,000 rows (every row of most hand-checked tables,
 * so duplicate pairs stay whole), four runs, and a 5-minute cap. The cap was
 * 30 s, and then bound on a busy machine: the same table got a different
 * configuration under load (Walmart-Amazon committed a red run, F1 0.52 →
 * 0.36). A configuration must be a function of the data; the unloaded runs
 * take 2–17 s on the shared datasets and 10 s at a million rows.
 */
export const CONTROLLER_DEFAULTS = { sampleSize: 30_000, maxIterations: 4, maxMs: 300_000 } as const;
/** Two runs whose signal vectors are closer than this (L1) mean the last rule changed nothing that matters. */
const CONVERGE_EPSILON = 0.05;
/** Why the model choice was skipped when the budget ran out first. */
const SPENT = 'the time budget was spent before both models were judged';

interface Entry {
  iteration: number;
  config: Config;
  signals: HealthSignals;
  verdict: HealthVerdict;
  /** Kept pairs of the configuration on the probe's rows (the uniform sample), from the signal floor up, when known: the run's own when the sample is the uniform one. */
  pairs: MatchRun['pairs'] | null;
}

const HEALTH_RANK: Record<Health, number> = { green: 0, yellow: 1, red: 2 };

/**
 * Runs the controller. Sampling, profiling, v0 and matching run on the worker
 * pool; only signal measurement and the rules (linear in the sample) run on
 * the calling thread.
 * Deterministic: the same table and options give the same configuration and
 * telemetry except `elapsed_ms` and `wall_clock_ms`.
 *
 * @example
 * const { config, telemetry } = await runController(store, pool, { source: 'cli_autoconfig', exclude: ['rec_id'] });
 * telemetry.stop_reason; // 'green'
 */
export async function runController(store: ColumnStore, pool: WorkerPool, options: ControllerOptions): Promise<ControllerResult> {
  const t0 = performance.now();
  const exclude = [...(options.exclude ?? [])];
  const maxIterations = Math.max(1, options.maxIterations ?? CONTROLLER_DEFAULTS.maxIterations);
  const maxMs = options.maxMs ?? CONTROLLER_DEFAULTS.maxMs;
  const sampleSize = Math.max(2, options.sampleSize ?? CONTROLLER_DEFAULTS.sampleSize);
  if (Math.min(store.rowCount, sampleSize) < 2) throw new KindredError('invalid_request', `autoconfig needs at least 2 records, got ${store.rowCount}`);
  if (store.names.every((n) => exclude.includes(n))) throw new KindredError('invalid_request', 'autoconfig needs at least one column that is not excluded');
  // Sampling, profiling and v0 read the whole table once: a worker does it (seconds at a million rows), not the event loop.
  options.onProgress?.(0, maxIterations);
  const setup = await pool.run('controllerSetup', { table: store.handle, exclude, sampleSize, anchors: options.anchors ?? null });
  const uniform = ColumnStore.fromHandle(setup.uniform);
  const sample = setup.sample === setup.uniform ? uniform : ColumnStore.fromHandle(setup.sample);
  const { profiles: userProfiles, priors, source, probe, contained, swaps, anchored } = setup;
  let config = setup.config;

  const entries: Entry[] = [];
  const decisions: Decision[] = [];
  const tried = new Set<string>([JSON.stringify(config)]);
  let stop: StopReason = 'budget_iterations';
  for (let iteration = 0; ; iteration++) {
    if (iteration > 0 && performance.now() - t0 > maxMs) {
      stop = 'budget_time';
      break;
    }
    const tIter = performance.now();
    // The run keeps every pair from 0.4 up (whatever the review band), so the score distribution around any threshold is visible;
    // while stacked tables may still be deduplicated, every pair, so a record's best partner in another table is known however weak.
    const keepFrom = config.link?.mode === 'link_and_dedupe' ? 0 : KEEP_FLOOR;
    // The first run always completes (there must be something to commit); a later one that would overrun the budget is
    // cancelled and its half-scored result never judged.
    const deadline = iteration > 0 ? AbortSignal.timeout(Math.max(0, Math.ceil(maxMs - (performance.now() - t0)))) : undefined;
    const signal = deadline && options.signal ? AbortSignal.any([deadline, options.signal]) : (deadline ?? options.signal);
    let run: MatchRun;
    try {
      run = await runMatching(sample, keepingFrom(config, keepFrom), pool, { signal });
    } catch (e) {
      if (deadline?.aborted !== true || options.signal?.aborted === true) throw e;
      stop = 'budget_time';
      break;
    }
    options.onProgress?.(iteration + 1, maxIterations);
    const signals = measureRun(run);
    const verdict = healthVerdict(signals);
    entries.push({ iteration, config, signals, verdict, pairs: sample === uniform ? run.pairs : null });
    const healthy = verdict.health === 'green';
    const prev = entries.at(-2);
    // A red run keeps asking the rules: only a usable configuration may settle.
    const converged =
      !healthy && prev !== undefined && verdict.health !== 'red' && prev.verdict.health === verdict.health && l1Distance(signalVector(prev.signals), signalVector(signals)) < CONVERGE_EPSILON;
    const settled: StopReason | null = healthy ? 'green' : converged ? 'converged' : null;
    if (iteration + 1 >= maxIterations) {
      stop = settled ?? 'budget_iterations';
      break;
    }
    let fired = false;
    // A healthy or converged run still gets the structural rules: they fix what the data is, not a symptom.
    for (const rule of settled !== null ? RULES.filter((r) => r.structural === true) : RULES) {
      const proposal = rule.apply({ config, signals, previous: prev?.signals ?? null, verdict, profiles: userProfiles, priors, source, sample, uniform, tableRows: store.rowCount, probe, anchored });
      if (!proposal) continue;
      const key = JSON.stringify(proposal.config);
      if (tried.has(key)) continue;
      tried.add(key);
      decisions.push({
        iteration,
        rule_name: rule.name,
        rationale: proposal.rationale,
        config_diff: proposal.config_diff as Record<string, { from: unknown; to: unknown }>,
        wall_clock_ms: Math.round(performance.now() - tIter),
      });
      config = proposal.config;
      fired = true;
      break;
    }
    if (!fired) {
      stop = settled ?? (verdict.degenerateBlocking ? 'degenerate_blocking' : 'no_progress');
      break;
    }
  }

  let best = commitChoice(entries);
  const eligible = eligiblePairs(uniform, best.config);
  // v0's threshold is a guess: when no rule moved it and the scores show no valley to set it by, the probe sets it. A
  // threshold at a valley is the data's, unless the judge finds the dip inside the match hump: then the probe may lower it.
  const mk0 = best.config.matchkeys[0];
  const guessed = mk0?.type === 'weighted' && mk0.threshold === V0_THRESHOLD && best.signals.score_valley === null;
  const edge = best.signals.score_valley_edge;
  const atValley = mk0?.type === 'weighted' && edge !== null && sitsAtValley(mk0.threshold, best.signals.score_valley) && !oneToOne(best.config, source);
  if ((guessed || atValley) && maxMs - (performance.now() - t0) > 0) {
    const signal = budgetSignal(maxMs - (performance.now() - t0), options.signal);
    try {
      const pairs = best.pairs ?? (await runMatching(uniform, keepingFrom(best.config, KEEP_FLOOR), pool, { signal })).pairs;
      // Kept whatever the step decides: the model choice would otherwise run the uniform sample again.
      best = { ...best, pairs };
      const judge = probeJudge(uniform, probe);
      const below = atValley && edge !== null ? judgedBelow(pairs, edge, probe, judge, eligible) : null;
      const tuned =
        below === null || insideMatches(below)
          ? thresholdByProbe(best.config, clusteredAgreement(pairs, uniform.rowCount, [...PROBE_THRESHOLDS, mk0.threshold], clusterLimits(best.config.clustering), probe, judge, eligible), below)
          : null;
      if (tuned !== null) {
        const tIter = performance.now();
        const run = await runMatching(sample, keepingFrom(tuned.config, KEEP_FLOOR), pool, { signal });
        const signals = measureRun(run);
        decisions.push({ iteration: entries.length, rule_name: PROBE_THRESHOLD_RULE, rationale: tuned.rationale, config_diff: tuned.config_diff, wall_clock_ms: Math.round(performance.now() - tIter) });
        // Only the threshold moved, so the uniform sample's kept scores (from the floor up) still hold: the model choice need not run it again.
        best = { iteration: entries.length, config: tuned.config, signals, verdict: healthVerdict(signals), pairs };
      }
    } catch (e) {
      // Out of time: the committed threshold stays as it was, as it would have without this step.
      if (options.signal?.aborted === true || signal.aborted !== true) throw e;
    }
  }
  let modelChoice: ModelChoice | null = null;
  const left = maxMs - (performance.now() - t0);
  if (best.config.matchkeys[0]?.type === 'weighted' && left <= 0) modelChoice = skippedChoice(SPENT);
  else if (best.config.matchkeys[0]?.type === 'weighted') {
    const signal = budgetSignal(left, options.signal);
    try {
      const outcome = await chooseModel({ table: uniform, config: best.config, pairs: best.pairs, probe, profiles: userProfiles, pool, signal });
      modelChoice = outcome.choice;
      if (outcome.run !== null) {
        const signals = measureRun(outcome.run);
        best = { ...best, config: outcome.config, signals, verdict: healthVerdict(signals), pairs: null };
      }
    } catch (e) {
      if (options.signal?.aborted === true || signal.aborted !== true) throw e;
      modelChoice = skippedChoice(SPENT);
    }
  }
  // The floor counted by the rarity of the values comes last: it lowers only the scores of pairs resting on common values,
  // which would otherwise reshape the distribution the structure, the valley and the probe's threshold are read from.
  const mkFinal = best.config.matchkeys[0];
  if (mkFinal?.type === 'weighted' && mkFinal.min_weight > 0 && mkFinal.min_weight_by_rarity !== true && maxMs - (performance.now() - t0) > 0) {
    const signal = budgetSignal(maxMs - (performance.now() - t0), options.signal);
    try {
      const tIter = performance.now();
      const next = structuredClone(best.config);
      next.matchkeys[0] = { ...mkFinal, min_weight_by_rarity: true };
      const run = await runMatching(sample, keepingFrom(next, KEEP_FLOOR), pool, { signal });
      const signals = measureRun(run);
      decisions.push({
        iteration: entries.length,
        rule_name: RARITY_FLOOR_RULE,
        rationale: `the evidence floor (min_weight ${mkFinal.min_weight}) counts each field by the rarity of the pair's values: agreement on a common value is less evidence than the column's weight says`,
        config_diff: { 'matchkeys[0].min_weight_by_rarity': { from: false, to: true } },
        wall_clock_ms: Math.round(performance.now() - tIter),
      });
      best = { ...best, config: next, signals, verdict: healthVerdict(signals), pairs: null };
    } catch (e) {
      // Out of time: committed without it, as before this step.
      if (options.signal?.aborted === true || signal.aborted !== true) throw e;
    }
  }
  options.onProgress?.(maxIterations, maxIterations);
  const across = best.config.link?.mode === 'link_only' ? best.config.link.source_column : undefined;
  const recall = blockingRecallReport(uniform, probe, best.config.blocking.keys, across);
  const telemetry = buildTelemetry(options.source, best, stop, decisions, priors, recall, { contained, swaps, anchored }, modelChoice, performance.now() - t0);
  return { config: best.config, telemetry };
}

/** A signal that aborts after `ms` or with the caller's. */
function budgetSignal(ms: number, caller: AbortSignal | undefined): AbortSignal {
  const deadline = AbortSignal.timeout(Math.max(0, Math.ceil(ms)));
  return caller ? AbortSignal.any([deadline, caller]) : deadline;
}

/**
 * The committed run: the latest that is not red and matched something. Rules
 * only move towards health, except the structural ones, which may turn a
 * green run yellow (a lower one-to-one threshold widens the borderline band)
 * and are right to: they follow what the data is. When every run is red (or
 * matched nothing), the healthiest, then the latest among equals.
 */
function commitChoice(entries: readonly Entry[]): Entry {
  const usable = entries.filter((e) => e.verdict.health !== 'red' && e.signals.n_matched > 0);
  if (usable.length > 0) return usable[usable.length - 1];
  const rank = (e: Entry): number => HEALTH_RANK[e.verdict.health] * 2 + (e.signals.n_matched === 0 ? 1 : 0);
  let best = entries[0];
  for (const e of entries) {
    if (rank(e) <= rank(best)) best = e;
  }
  return best;
}

function buildTelemetry(
  source: string,
  best: Entry,
  stop: StopReason,
  decisions: Decision[],
  priors: Telemetry['column_priors'],
  recall: BlockingRecallReport,
  evidence: { contained: Containment[]; swaps: SwapEvidence[]; anchored: AnchoredWeight[] | null },
  modelChoice: ModelChoice | null,
  elapsed: number,
): Telemetry {
  const s = best.signals;
  const c = best.config;
  return {
    available: true,
    source,
    stop_reason: stop,
    health: best.verdict.health,
    elapsed_ms: Math.round(elapsed),
    scoring: { n_pairs_scored: s.n_pairs_scored, mass_above_threshold: s.mass_above_threshold, mass_in_borderline: s.mass_in_borderline },
    blocking: {
      n_blocks: s.n_blocks,
      reduction_ratio: s.reduction_ratio,
      block_size_max: s.block_size_max,
      block_size_p99: s.block_size_p99,
      keys_used: c.blocking.keys.map(describeKey),
      estimated_recall: recall.estimated_recall,
      likely_matches: recall.likely_matches,
      passes: recall.passes,
    },
    cluster: { n_clusters: s.n_clusters, transitivity_rate: s.transitivity_rate, cluster_size_max: s.cluster_size_max },
    column_priors: priors,
    contained_columns: evidence.contained,
    swapped_columns: evidence.swaps,
    anchored_weights: evidence.anchored,
    decisions,
    model_choice: modelChoice,
    committed_matchkeys: c.matchkeys.map((m) => ({
      name: m.name,
      type: m.type,
      threshold: m.threshold,
      min_weight: m.type === 'weighted' ? m.min_weight : null,
      fields: m.fields.map((f) => ('scorer' in f ? { column: f.field, scorer: f.scorer, weight: f.weight } : { column: f.field, scorer: 'exact', weight: 1 })),
      has_negative_evidence: m.negative_evidence.length > 0,
      swaps: m.type === 'weighted' ? (m.swaps ?? []) : [],
    })),
    negative_evidence: c.matchkeys.flatMap((m) =>
      m.negative_evidence.map((n) => ({ matchkey_name: m.name, field: n.field, scorer: n.scorer, threshold: n.threshold, penalty: n.penalty })),
    ),
  };
}
