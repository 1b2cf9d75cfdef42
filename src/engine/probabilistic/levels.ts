/** Maps a field similarity to a discrete Fellegi–Sunter comparison level. */
import { KindredError } from '../../errors/registry.js';

/**
 * Level defaults: 2 levels; a 2-level field agrees (and a 3-level field
 * partially agrees) at similarity 0.8; a 3-level field is at its top level
 * from 0.95. At most 100 levels: comparison vectors are Int8, and no useful
 * field needs more.
 *
 * @example
 * LEVEL_DEFAULTS.partialThreshold; // 0.8
 */
export const LEVEL_DEFAULTS = { levels: 2, partialThreshold: 0.8, threeLevelTop: 0.95, maxLevels: 100 } as const;

/**
 * The level settings of one probabilistic field (a subset of `ScoredField`).
 *
 * @example
 * const spec: LevelSpec = { levels: 3, partial_threshold: 0.85 };
 */
export interface LevelSpec {
  levels?: number;
  partial_threshold?: number;
  level_thresholds?: number[];
}

/**
 * How a missing value is counted.
 *
 * @example
 * const policy: MissingPolicy = 'unobserved';
 */
export type MissingPolicy = 'unobserved' | 'disagree';

/**
 * Number of levels a field has: explicit thresholds give `thresholds + 1`,
 * otherwise `levels` (default 2). Throws `config_invalid` outside 2..100.
 *
 * @example
 * levelCount({});                                // 2
 * levelCount({ level_thresholds: [0.5, 0.9] });  // 3
 */
export function levelCount(spec: LevelSpec): number {
  const n = spec.level_thresholds && spec.level_thresholds.length > 0
    ? spec.level_thresholds.length + 1
    : (spec.levels ?? LEVEL_DEFAULTS.levels);
  if (!Number.isInteger(n) || n < 2 || n > LEVEL_DEFAULTS.maxLevels) {
    throw new KindredError('config_invalid', 'invalid probabilistic field levels', [
      { path: 'levels', message: `expected an integer from 2 to ${LEVEL_DEFAULTS.maxLevels}, got ${n}` },
    ]);
  }
  return n;
}

/**
 * The comparison level of a similarity `s` in [0, 1]: 0 = disagree, the top
 * level (`levelCount − 1`) = full agreement.
 * - explicit `level_thresholds`: how many thresholds are ≤ s;
 * - 2 levels: 1 if s ≥ partial_threshold (0.8);
 * - 3 levels: 2 if s ≥ 0.95, 1 if s ≥ partial_threshold, else 0;
 * - N > 3 levels: how many cut points k/N (k = 1..N−1) s reaches.
 *
 * @example
 * levelOf(0.85, { levels: 3 });                      // 1
 * levelOf(0.97, { levels: 3 });                      // 2
 * levelOf(0.6,  { level_thresholds: [0.5, 0.9] });   // 1
 */
export function levelOf(similarity: number, spec: LevelSpec): number {
  return levelFunction(spec)(similarity);
}

/**
 * A precompiled {@link levelOf} for one field, for hot loops (no per-call
 * branching on the spec shape).
 *
 * @example
 * const toLevel = levelFunction({ levels: 4 });
 * toLevel(0.5); // 2 (cut points 0.25 and 0.5 are met)
 */
export function levelFunction(spec: LevelSpec): (similarity: number) => number {
  const n = levelCount(spec);
  const thresholds = spec.level_thresholds;
  if (thresholds && thresholds.length > 0) {
    const cuts = Float64Array.from(thresholds);
    return (s) => {
      let level = 0;
      for (let i = 0; i < cuts.length; i++) if (cuts[i] <= s) level++;
      return level;
    };
  }
  const partial = spec.partial_threshold ?? LEVEL_DEFAULTS.partialThreshold;
  if (n === 2) return (s) => (s >= partial ? 1 : 0);
  if (n === 3) return (s) => (s >= LEVEL_DEFAULTS.threeLevelTop ? 2 : s >= partial ? 1 : 0);
  const cuts = new Float64Array(n - 1);
  for (let k = 1; k < n; k++) cuts[k - 1] = k / n;
  return (s) => {
    let level = 0;
    for (let i = 0; i < cuts.length; i++) if (s >= cuts[i]) level++;
    return level;
  };
}

/**
 * The level given to a pair where either value is missing: −1 (unobserved,
 * no evidence either way) or 0 (counted as disagreement).
 *
 * @example
 * missingLevel('unobserved'); // -1
 * missingLevel('disagree');   // 0
 */
export function missingLevel(missing: MissingPolicy): -1 | 0 {
  return missing === 'disagree' ? 0 : -1;
}
