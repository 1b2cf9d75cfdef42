/** Estimates the Fellegi–Sunter u probabilities (level frequencies among non-matches) from random row pairs. */
import { compareLevels, type ComparedField } from './comparison.js';
import { levelCount, type MissingPolicy } from './levels.js';
import { SeededRandom } from './seeded-random.js';
import type { PairList } from './types.js';

/**
 * Additive smoothing so no level has probability 0 (a 0 would make a weight infinite).
 *
 * @example
 * // a level never seen among 5,000 observed random pairs of a 2-level field:
 * U_SMOOTHING / (5000 + 2 * U_SMOOTHING); // ≈ 2e-10
 */
export const U_SMOOTHING = 1e-6;

/**
 * The u estimate and how much evidence it rests on.
 *
 * @example
 * const { u, pairs, observed } = estimateU(fields, rowCount, 5000, 42, 'unobserved');
 */
export interface UEstimate {
  /** `u[f][k]`: probability that a random pair is at level k on field f. */
  u: number[][];
  /** Random pairs compared. */
  pairs: number;
  /** Per field, how many of those pairs had a level (were observed). */
  observed: number[];
}

/**
 * Draws `maxPairs` uniform random pairs of distinct rows with a seeded
 * generator (or takes every pair when there are no more than that), and
 * estimates `u_f[k] = (count_k + 1e-6) / (observed_f + levels_f · 1e-6)`.
 * Random pairs are overwhelmingly non-matches, so their level frequencies
 * stand in for the non-match distribution. A field never observed gets a
 * uniform u.
 *
 * @example
 * const { u } = estimateU(fields, 10_000, 5_000, 42, 'unobserved');
 * u[0]; // e.g. [0.9987, 0.0013] for a surname compared exactly
 */
export function estimateU(
  fields: readonly ComparedField[],
  rowCount: number,
  maxPairs: number,
  seed: number,
  missing: MissingPolicy,
): UEstimate {
  const pairs = randomPairs(rowCount, maxPairs, seed);
  const levels = compareLevels(pairs, fields, missing);
  const nFields = fields.length;
  const u: number[][] = [];
  const observed: number[] = [];
  for (let f = 0; f < nFields; f++) {
    const n = levelCount(fields[f].spec);
    const counts = new Float64Array(n);
    let seen = 0;
    for (let i = 0; i < pairs.count; i++) {
      const level = levels[i * nFields + f];
      if (level < 0) continue;
      counts[level]++;
      seen++;
    }
    observed.push(seen);
    u.push(Array.from(counts, (c) => (c + U_SMOOTHING) / (seen + n * U_SMOOTHING)));
  }
  return { u, pairs: pairs.count, observed };
}

/**
 * Up to `maxPairs` pairs of distinct rows: every pair `(i < j)` when the table
 * has no more than `maxPairs` of them, else `maxPairs` uniform draws (with
 * replacement) from a generator seeded with `seed`.
 *
 * @example
 * randomPairs(3, 100, 42).count; // 3: all pairs of a 3-row table
 */
export function randomPairs(rowCount: number, maxPairs: number, seed: number): PairList {
  const limit = Math.max(0, Math.floor(maxPairs));
  if (rowCount < 2 || limit === 0) return { a: new Int32Array(0), b: new Int32Array(0), count: 0 };
  const allPairs = (rowCount * (rowCount - 1)) / 2;
  if (allPairs <= limit) {
    const a = new Int32Array(allPairs);
    const b = new Int32Array(allPairs);
    let k = 0;
    for (let i = 0; i < rowCount; i++) {
      for (let j = i + 1; j < rowCount; j++) {
        a[k] = i;
        b[k] = j;
        k++;
      }
    }
    return { a, b, count: allPairs };
  }
  const rng = new SeededRandom(seed);
  const a = new Int32Array(limit);
  const b = new Int32Array(limit);
  for (let k = 0; k < limit; k++) {
    const x = rng.nextInt(rowCount);
    // Drawing from n−1 and skipping x gives a uniform partner other than x.
    let y = rng.nextInt(rowCount - 1);
    if (y >= x) y++;
    a[k] = Math.min(x, y);
    b[k] = Math.max(x, y);
  }
  return { a, b, count: limit };
}
