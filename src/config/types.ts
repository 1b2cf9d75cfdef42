/** The normalised configuration: what the YAML means after validation and defaults. */

/** A column reference with its transform chain. */
export interface FieldRef {
  field: string;
  transforms: string[];
}

/** A compared field of a weighted or probabilistic matchkey. */
export interface ScoredField extends FieldRef {
  scorer: string;
  /** Weight in the weighted mean (weighted matchkeys); ignored by probabilistic ones. */
  weight: number;
  /** Probabilistic only: number of comparison levels (2 or more). */
  levels?: number;
  /** Probabilistic only: similarity at or above which a 2-level field agrees, and a 3-level field partially agrees. */
  partial_threshold?: number;
  /** Probabilistic only: explicit ascending level cut points (overrides levels/partial_threshold). */
  level_thresholds?: number[];
  /** Probabilistic only: term-frequency adjustment on exact agreement. */
  tf_adjustment?: boolean;
}

/** Negative evidence: a disagreeing field subtracts `penalty` from the score. */
export interface NegativeEvidence extends FieldRef {
  scorer: string;
  /** Fires when both values are present and their similarity is strictly below this. */
  threshold: number;
  penalty: number;
}

export interface ExactMatchkey {
  name: string;
  type: 'exact';
  /** All fields equal (after transforms, none missing) ⇒ score 1.0 minus penalties. */
  fields: FieldRef[];
  threshold: number;
  negative_evidence: NegativeEvidence[];
}

export interface WeightedMatchkey {
  name: string;
  type: 'weighted';
  fields: ScoredField[];
  threshold: number;
  /**
   * Least weight the mean is taken over: a pair with less weight present on
   * both sides is scored as if the missing evidence disagreed (0 = the plain
   * mean over present fields).
   */
  min_weight: number;
  /**
   * Count each present field toward `min_weight` by the share of its
   * column's evidence the pair's values carry (the commoner value's bits
   * over the column's average), not at its full weight: agreement on a
   * common town or first name is less evidence than the weight says.
   * Absent: every field counts at its weight.
   */
  min_weight_by_rarity?: true;
  /**
   * Pairs of this matchkey's columns whose values may be transposed between
   * two records of one entity (a first name written as the surname): a
   * pair scores the better of reading them as written and reading them
   * crossed (docs/config.md, "Swapped columns"). Absent when none (then no
   * pair is read crossed).
   */
  swaps?: Array<[string, string]>;
  negative_evidence: NegativeEvidence[];
}

export interface ProbabilisticMatchkey {
  name: string;
  type: 'probabilistic';
  fields: ScoredField[];
  /** Match threshold on the normalised [0, 1] score. */
  threshold: number;
  negative_evidence: NegativeEvidence[];
  /** How a missing value counts: not observed (no evidence) or as disagreement. */
  missing: 'unobserved' | 'disagree';
  em: {
    max_iterations: number;
    convergence: number;
    seed: number;
    /** Blocked pairs sampled for EM. */
    sample_pairs: number;
    /** Random pairs sampled to estimate u. */
    u_pairs: number;
  };
}

export type Matchkey = ExactMatchkey | WeightedMatchkey | ProbabilisticMatchkey;

/** One blocking pass: rows agreeing on every listed (transformed) field share a block. */
export interface BlockingKey {
  fields: FieldRef[];
  /**
   * The secondary key re-blocking this key's oversized blocks (fields with
   * their own transforms; the key's transforms do not apply). Present, in
   * normalised configurations, exactly when `split_oversized` is on and a
   * secondary key exists (written or the default, `secondaryKey`).
   */
  split_by?: FieldRef[];
  /**
   * A two-field key read as an unordered pair: rows share a block when their
   * two values agree as a set (the key is the smaller, then the larger, of
   * the two in code-point order), so a transposed record meets its partner.
   * Present, in normalised configurations, only when true.
   */
  unordered?: boolean;
}

export interface BlockingConfig {
  strategy: 'static' | 'multi_pass' | 'sorted_neighborhood';
  keys: BlockingKey[];
  /** sorted_neighborhood: rows sorted by key are paired when fewer than `window` positions apart. */
  window: number;
  /** Blocks larger than this are oversized: split (with split_oversized), else scored whole or skipped, and reported. */
  max_block_size: number;
  /** Re-block an oversized block of a blocking key by the key extended with its secondary key (`split_by`). */
  split_oversized: boolean;
  /** What to do with an oversized block that is not split, or a sub-block still oversized after splitting. */
  oversized: 'score' | 'skip';
}

export interface Config {
  matchkeys: Matchkey[];
  blocking: BlockingConfig;
  /** Review band; null bounds mean "derived from the deciding matchkey's threshold" (−0.10 / +0.05). */
  review: { lo: number | null; hi: number | null };
  /**
   * Limits on clusters: at most `max_cluster_size` rows; two groups join only when links
   * cover at least `min_link_density` of their record pairs (0 = connected components).
   */
  clustering: { max_cluster_size: number; min_link_density: number };
  /** Linking two sources concatenated in one file. */
  link: { source_column: string; mode: 'link_only' | 'link_and_dedupe' } | null;
  /** Columns never used for matching or profiling (e.g. truth-leaking ids). */
  exclude_columns: string[];
  /**
   * Two files linked: second-file column → the first-file column it is, or
   * null for one that is no first-file column (kept apart); overrides the
   * automatic alignment for the columns named (empty: align automatically).
   */
  columns: Record<string, string | null>;
}
