/** The shape of bench/results.json: what `make bench` measured, with the machine and commit it measured on. */
import type { HealthProbeResult } from './health-probe.js';
import type { LoadResult } from './load-generator.js';
import type { MachineInfo } from './machine.js';
import type { MainThreadMemory } from './server-gc.js';

/** One scorer's throughput (single thread, so also per core). */
export interface ScorerResult {
  scorer: string;
  /** Median over the repetitions. */
  comparisons_per_second: number;
  runs: number[];
}

/** One workload × size × worker count, medians over its repetitions. */
export interface EndToEndResult {
  workload: string;
  rows: number;
  workers: number;
  runs: number;
  errors: string[];
  /** `kindred dedupe` from spawn to exit. */
  wall_ms: number | null;
  wall_runs_ms: number[];
  peak_rss_bytes: number | null;
  /** Per phase, from the log lines on stderr. */
  phases_ms: Record<string, number>;
  candidate_pairs: number | null;
  kept_pairs: number | null;
  records_per_second: number | null;
  /** Candidate pairs ÷ score-phase time. */
  candidate_pairs_per_second: number | null;
  /** From `kindred evaluate` with the rec_id truth (one run per workload and size). */
  evaluate_candidate_pairs: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  bcubed_f1: number | null;
  /** When the runs were measured, if they were kept from an earlier `make bench` (the 10M runs of a run without --10m). */
  measured_at?: string;
}

/**
 * `/match/batch` timings: one request of `records` records, repeated.
 *
 * @example
 * const b: BatchTimings = { records: 1000, runs_ms: [120, 98], median_ms: 109, errors: 0, error_samples: [] };
 */
export interface BatchTimings {
  records: number;
  /** Each timed request from send to the last byte of the answer (a warm-up request before them is not counted). */
  runs_ms: number[];
  median_ms: number | null;
  errors: number;
  error_samples: string[];
}

/**
 * A load run against the server, with the server's own CPU time (all its threads) per request sent.
 *
 * @example
 * results.server && 'health' in results.server && results.server.match_throughput?.server_cpu_ms_per_request;
 */
export type ServerLoadResult = LoadResult & { server_cpu_ms_per_request: number | null };

/**
 * The server under load (bench/server-load.ts): one `kindred serve` child process, measured over HTTP on loopback.
 *
 * @example
 * const s: ServerBenchResult = await runServerBench({ csv, config, workload: 'tight', rows: 1_000_000, log });
 */
export interface ServerBenchResult {
  ran_at: string;
  workload: string;
  rows: number;
  /** 1-minute load average when the server section started. */
  load_average_at_start: number;
  /** Spawn to `listening on …`. */
  startup_ms: number | null;
  /** GET /health probed every few ms from binding until ready: the initial run's effect on the event loop. */
  health: HealthProbeResult;
  /**
   * The same probe on a second server started without `--config`: the
   * controller runs first, then matching with its configuration. Absent in
   * results written before it was measured.
   */
  zero_config_health?: HealthProbeResult | null;
  /** Server resident memory once ready. */
  rss_ready_bytes: number | null;
  /** The query records sent to /match. */
  queries: { distinct: number; mix: string; share_with_a_match: number | null };
  /** /match, closed loop: as many requests as the server answers. */
  match_throughput: ServerLoadResult | null;
  /** /match at a fixed offered rate: latency at the target load. */
  match_latency: ServerLoadResult | null;
  batch: BatchTimings | null;
  /** What went wrong, when the section stopped early. */
  error: string | null;
}

/**
 * What the living-data benchmark was asked to do (bench/living-load.ts `livingPlan`).
 *
 * @example
 * const p: LivingPlanFigures = { change_rate: 200, change_connections: 4, match_rate: 100, match_connections: 4, warmup_ms: 5000, duration_ms: 60_000, batch_records: 10_000, batch_repeats: 3, total_changes: 100_000, shares: { add: 0.4, update: 0.4, delete: 0.2 } };
 */
export interface LivingPlanFigures {
  /** Single-record changes offered per second, over `change_connections`. */
  change_rate: number;
  change_connections: number;
  /** /match requests offered per second at the same time, over `match_connections`. */
  match_rate: number;
  match_connections: number;
  warmup_ms: number;
  duration_ms: number;
  /** Adds per `POST /records {records}` batch, and how many batches were timed. */
  batch_records: number;
  batch_repeats: number;
  /** Changes applied in all before memory is compared. */
  total_changes: number;
  shares: { add: number; update: number; delete: number };
}

/**
 * Memory after many changes against a fresh load of the same final table, both read the same way.
 *
 * @example
 * const m: LivingMemory = { changes: 100_000, adds: 58_000, updates: 28_000, deletes: 14_000, records_expected: 1_044_000, records_reported: 1_044_000, rss_before_gc_bytes: 2.1e9, rss_after_changes_bytes: 2.0e9, fresh_rows: 1_044_000, fresh_initial_run_ms: 23_000, rss_fresh_bytes: 1.9e9, ratio: 1.05 };
 */
export interface LivingMemory {
  changes: number;
  adds: number;
  updates: number;
  deletes: number;
  /** Live records the changes should leave (loaded rows + adds − deletes), and what /stats said. */
  records_expected: number;
  records_reported: number | null;
  /** The changed server's RSS before and after a full GC of its main thread. */
  rss_before_gc_bytes: number | null;
  rss_after_changes_bytes: number | null;
  /** A fresh `kindred serve` on a CSV of the final table: its rows, initial run and RSS (after the same /match warm-up and a GC). */
  fresh_rows: number;
  fresh_initial_run_ms: number | null;
  rss_fresh_bytes: number | null;
  /** rss_after_changes ÷ rss_fresh (the target: ≤ 1.10). */
  ratio: number | null;
  /** Each server's main-thread `process.memoryUsage()` after its GC, to place a difference (absent in older results). */
  main_thread_changed?: MainThreadMemory | null;
  main_thread_fresh?: MainThreadMemory | null;
}

/**
 * The living-data benchmark (bench/living-load.ts): record changes on a `kindred serve` child process.
 *
 * @example
 * const l: LivingBenchResult = await runLivingBench({ csv, config, workload: 'tight', rows: 1_000_000, plan: livingPlan(false), log });
 */
export interface LivingBenchResult {
  ran_at: string;
  workload: string;
  rows: number;
  load_average_at_start: number;
  plan: LivingPlanFigures;
  initial_run_ms: number | null;
  rss_ready_bytes: number | null;
  /**
   * Single-record changes at a fixed rate (`by_kind`: add = `POST /records`, update = `PUT`,
   * delete = `DELETE`); `server_cpu_ms_per_request` is the server's CPU over the phase ÷ changes
   * sent, the concurrent /match load included.
   */
  changes: ServerLoadResult | null;
  /** /match at a modest fixed rate during the changes. */
  match_during_changes: LoadResult | null;
  /** `POST /records {records: [...]}` of `batch_records` adds, each a new batch. */
  batch: BatchTimings | null;
  /** The rest of the changes up to `total_changes`, sent as fast as answered (not judged). */
  bulk: { requests: number; changes: number; ms: number; errors: number; error_samples: string[] } | null;
  memory: LivingMemory | null;
  error: string | null;
}

/**
 * Everything one `make bench` wrote.
 *
 * @example
 * const results = JSON.parse(readFileSync('bench/results.json', 'utf8')) as BenchResults;
 */
/**
 * One timed `kindred autoconfig` on the synthetic people data (truth column excluded).
 *
 * @example
 * const a: AutoconfigBenchResult = { rows: 100_000, wall_ms: 4200, controller_ms: 3900, peak_rss_bytes: 3e8, stop_reason: 'green', health: 'green', decisions: 0, error: null };
 */
export interface AutoconfigBenchResult {
  rows: number;
  /** The process from spawn to exit: loading the file included. */
  wall_ms: number;
  /** The telemetry's `elapsed_ms`: the controller alone. */
  controller_ms: number | null;
  peak_rss_bytes: number | null;
  stop_reason: string | null;
  health: string | null;
  decisions: number | null;
  error: string | null;
}

/** One side of a side-by-side row: medians over the alternating runs. */
export interface SideFigures {
  wall_ms: number | null;
  wall_runs_ms: number[];
  peak_rss_bytes: number | null;
  /** Null when the runs disagree among themselves or all failed. */
  candidate_pairs: number | null;
  match_pairs: number | null;
}

/**
 * One workload and size run by the reference pipeline and by kindred, alternating.
 *
 * @example
 * const row: SideBySideRow = compare('tight', 100_000, refs, ours);
 */
export interface SideBySideRow {
  workload: string;
  rows: number;
  /** Reference-then-kindred pairs run. */
  pairs: number;
  reference: SideFigures;
  kindred: SideFigures;
  /** Reference median wall ÷ kindred median wall; null when a side failed or the candidate pairs differ. */
  ratio: number | null;
  /**
   * kindred's embedded DuckDB engine (`dedupe --engine duckdb`) on the same file, run third in each
   * pair; absent where the plan leaves it out (and in results written before it was measured).
   */
  duckdb?: DuckdbSideFigures;
  /** DuckDB engine median wall ÷ reference median wall (the target: ≤ 1.5); null when a side failed or the candidate pairs differ. */
  duckdb_vs_reference?: number | null;
  errors: string[];
  /**
   * Set on a row kept from an earlier run because this run's plan left its
   * size out (a run without `--10m` keeps the 10M rows): when that row was
   * measured. Absent on the rows this run measured.
   */
  measured_at?: string;
}

/** The DuckDB engine's side of a row. */
export interface DuckdbSideFigures extends SideFigures {
  /** DuckDB's `memory_limit` (`--memory-limit`). */
  memory_limit: string;
  /** Candidate pairs ÷ median wall (load, prepare, block, score, cluster and write included). */
  pairs_per_second: number | null;
  /** Median seconds per phase as its log reports them (prepare, block, score, cluster, write). */
  phases_ms: Record<string, number>;
}

/** The side-by-side part of a bench run, or why it was skipped. */
export type SideBySideResult = { ran_at: string; threads: number; rows: SideBySideRow[]; skipped: string[] } | { skipped: string };

/** One optimisation switched off against all on, on one workload (alternating runs of one build). */
export interface OptimisationRow {
  optimisation: string;
  workload: string;
  rows: number;
  /** Alternating (all on, this one off) pairs run. */
  pairs: number;
  /** Median score-phase seconds with every optimisation on, and with this one off. */
  score_on_ms: number | null;
  score_off_ms: number | null;
  wall_on_ms: number | null;
  wall_off_ms: number | null;
  /** Score-phase time off ÷ on: how much the optimisation saves (above 1 it pays). */
  speedup: number | null;
  /** Kept pairs with it on and off: they must be equal (the optimisation is exact). */
  kept_on: number | null;
  kept_off: number | null;
  /** What the two sides must share: the kept pairs, or (an optimisation that drops the review band) the matched pairs; absent in results from before it existed. */
  compared?: 'kept pairs' | 'matched pairs';
  errors: string[];
}

/** The optimisation A/B part of a bench run, or why it was skipped. */
export type OptimisationsResult = { ran_at: string; workers: number; rows: OptimisationRow[]; skipped: string[] } | { skipped: string };

export interface BenchResults {
  generated_at: string;
  commit: string;
  machine: MachineInfo;
  rss_method: string;
  scorers: { ran_at: string; repeats: number; rows: ScorerResult[] } | { skipped: string };
  end_to_end: { ran_at: string; quick: boolean; runs: EndToEndResult[]; skipped: string[] } | { skipped: string };
  /** Absent in results written before the server benchmark existed. */
  server?: ServerBenchResult | { skipped: string };
  /** Absent in results written before the controller was timed. */
  autoconfig?: { ran_at: string; runs: AutoconfigBenchResult[]; skipped: string[] } | { skipped: string };
  /** Absent in results written before the reference pipeline ran in the same run. */
  side_by_side?: SideBySideResult;
  /** Absent in results written before the optimisations were measured one by one. */
  optimisations?: OptimisationsResult;
  /** Absent in results written before the living-data benchmark existed. */
  living?: LivingBenchResult | { skipped: string };
}
