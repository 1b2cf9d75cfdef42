/** The shape of bench/results.json: what `make bench` measured, with the machine and commit it measured on. */
import type { MachineInfo } from './machine.js';
import type { ReferenceFigure } from './reference-figures.js';

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
}

/**
 * Everything one `make bench` wrote.
 *
 * @example
 * const results = JSON.parse(readFileSync('bench/results.json', 'utf8')) as BenchResults;
 */
export interface BenchResults {
  generated_at: string;
  commit: string;
  machine: MachineInfo;
  rss_method: string;
  scorers: { ran_at: string; repeats: number; rows: ScorerResult[] } | { skipped: string };
  end_to_end: { ran_at: string; quick: boolean; runs: EndToEndResult[]; skipped: string[] } | { skipped: string };
  reference: ReferenceFigure[];
}
