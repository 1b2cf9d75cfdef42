/** Shapes shared by the Fellegi–Sunter modules: prepared fields with their scorer, and pair lists. */
import type { FieldDictionary } from '../fields/field-dictionary.js';
import type { BoundScorer } from '../scorers/types.js';
import type { LevelSpec } from './levels.js';

/**
 * The per-field settings a probabilistic matchkey uses (a subset of `ScoredField`).
 *
 * @example
 * const spec: ProbabilisticFieldSpec = { levels: 2, tf_adjustment: true };
 */
export interface ProbabilisticFieldSpec extends LevelSpec {
  /** Add a term-frequency adjustment on exact top-level agreement. */
  tf_adjustment?: boolean;
}

/**
 * One compared field of a probabilistic matchkey, ready to score: its
 * prepared column, its bound scorer and its level settings.
 *
 * @example
 * const field: ProbabilisticField = { dict, scorer, spec: { levels: 3, tf_adjustment: true } };
 */
export interface ProbabilisticField {
  dict: FieldDictionary;
  scorer: BoundScorer;
  spec: ProbabilisticFieldSpec;
}

/**
 * A list of row pairs in two parallel arrays; only the first `count` entries
 * are meaningful (buffers may be over-allocated).
 *
 * @example
 * const pairs: PairList = { a: Int32Array.of(0, 0), b: Int32Array.of(1, 2), count: 2 };
 */
export interface PairList {
  a: Int32Array;
  b: Int32Array;
  count: number;
}
