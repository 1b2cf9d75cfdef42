/** Remembers recent comparisons of two distinct values by id, so a pair of values that repeats across candidate pairs is compared once. */
import type { BoundScorer } from '../scorers/types.js';

/**
 * Slots of the cache: 2^12 value pairs, 64 KiB per cached field and worker
 * (it stays in the core's L2). Measured on the broad 1M workload (docs/benchmarks.md, "Comparison
 * cache"): 2^10 to 2^14 slots ran alike, 2^16 and 2^18 slower (their misses reach memory).
 */
export const SLOT_BITS = 12;

/**
 * Wraps a scorer's `ids` with a direct-mapped cache of its results keyed by
 * the ordered pair of value ids. Blocks repeat the same values (a block on a
 * surname prefix holds the same few given names many times), so the same two
 * ids meet again and again within a task; a hit costs a hash and one slot
 * read instead of a string comparison. A slot holds one pair and is
 * overwritten on collision, so memory stays fixed and a hit is exact: the key
 * is checked, and the stored number is the scorer's own result, bit for bit.
 * `values` and `codesId` pass through unchanged. `slotBits` is for tests,
 * which make collisions frequent with a tiny table.
 *
 * @example
 * const cached = cacheComparisons(createScorer('jaro_winkler', dict));
 * cached.ids(3, 17) === cached.ids(3, 17); // second call is a lookup
 */
export function cacheComparisons(scorer: BoundScorer, slotBits = SLOT_BITS): BoundScorer {
  const size = 1 << slotBits;
  const mask = size - 1;
  // -1 never occurs as a value id (missing values are handled by callers), so it marks an empty slot.
  const left = new Int32Array(size).fill(-1);
  const right = new Int32Array(size);
  const result = new Float64Array(size);
  const inner = scorer.ids.bind(scorer);
  const cached: BoundScorer = {
    ids(a: number, b: number): number {
      let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77);
      h = (h ^ (h >>> 15)) & mask;
      if (left[h] === a && right[h] === b) return result[h];
      const s = inner(a, b);
      left[h] = a;
      right[h] = b;
      result[h] = s;
      return s;
    },
    values: scorer.values.bind(scorer),
  };
  if (scorer.codesId !== undefined) cached.codesId = scorer.codesId.bind(scorer);
  return cached;
}
