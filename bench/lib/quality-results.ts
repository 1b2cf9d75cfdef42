/** The shape of bench/quality-results.json: one evaluation per dataset and mode, with what was excluded and how long it took. */
import type { MachineInfo } from './machine.js';

/** One `kindred evaluate` run on one dataset. */
export interface QualityRun {
  dataset: string;
  title: string;
  kind: 'dedupe' | 'link';
  mode: 'hand' | 'zero';
  rows: number;
  /** Configuration file (repository-relative) or "zero-config". */
  config: string;
  /** Columns passed with --exclude. */
  excluded: string[];
  candidate_pairs: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  bcubed_precision: number | null;
  bcubed_recall: number | null;
  bcubed_f1: number | null;
  /** Spawn to exit. */
  wall_ms: number | null;
  error: string | null;
  /** Two files linked: how kindred aligned their columns (`second → first`, …). */
  alignment?: string | null;
}

/** A zero-config run of the robustness suite: one column of a person dataset corrupted on 40% of the rows. */
export interface RobustnessRun extends QualityRun {
  column: string;
  corruption: 'blank' | 'garble';
  /**
   * The dataset's hand-written configuration on the same corrupted file (null
   * when it has none): how much of the drop the corruption costs a tuned
   * configuration too, i.e. what the data no longer holds.
   */
  hand_f1?: number | null;
}

/** A link dataset given as two files, the second file's columns renamed `c1…ck` in reverse order: what alignment has to go on is the values. */
export type RenamedRun = QualityRun;

/**
 * A zero-config run on a synthetic person stand-in (bench/person-standin.ts):
 * a file shaped like person data nobody here has, generated from a seed,
 * for judging rules on data they were not tuned on.
 */
export interface StandinRun extends QualityRun {
  layout: 'standin' | 'four-names';
  seed: number;
}

/**
 * Everything one `make quality` wrote.
 *
 * @example
 * const q = JSON.parse(readFileSync('bench/quality-results.json', 'utf8')) as QualityResults;
 */
export interface QualityResults {
  generated_at: string;
  commit: string;
  machine: MachineInfo;
  runs: QualityRun[];
  skipped: string[];
  robustness?: RobustnessRun[];
  renamed?: RenamedRun[];
  standins?: StandinRun[];
}
