/** Remembers recent comparisons of two distinct values by id, so a pair of values that repeats across candidate pairs is compared once. */
import type { BoundScorer } from '../scorers/types.js';

/**
 * Slots of the cache: 2^12 value pairs, 64 KiB per cached field and worker
 * (it stays in the core's L2). Measured on the broad 1M workload (docs/benchmarks.md, "Comparison
 * cache"): 2^10 to 2^14 slots ran alike, 2^16 and 2^18 slower (their misses reach memory).
 *
 * @example
 * cacheComparisons(scorer, SLOT_BITS); // the default size, spelt out
 */
export const SLOT_BITS = 12;

/** Calls per window over which the hit rate is judged. */
const WINDOW = 1 << 14;
/**
 * Below this share of hits a window turns the cache off: a hit saves a
 * string comparison (about 100 ns for Jaro–Winkler on names), a miss costs a
 * hash and a slot read and write in L2 (a few ns), so below about one hit in
 * ten the lookups cost more than they save.
 */
const MIN_HIT_RATE = 0.1;
/** Windows the cache stays off before it tries again (values may start repeating in the next blocks). */
const IDLE_WINDOWS = 16;

/**
 * Wraps a scorer's `ids` with a direct-mapped cache of its results keyed by
 * the ordered pair of value ids. Blocks repeat the same values (a block on a
 * surname prefix holds the same few given names many times), so the same two
 * ids meet again and again within a task; a hit costs a hash and one slot
 * read instead of a string comparison. A slot holds one pair and is
 * overwritten on collision, so memory stays fixed and a hit is exact: the key
 * is checked, and the stored number is the scorer's own result, bit for bit.
 * `values` and `codesId` pass through unchanged (crossed comparisons of swapped columns call the scorer itself: their pairs of ids span two dictionaries). When too few calls hit
 * (see `MIN_HIT_RATE`) it calls the scorer directly for a while, which
 * changes the time, never the result. `slotBits` is for tests,
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
  // Where values rarely repeat (small blocks of distinct rows) a lookup that
  // misses is pure cost, so the cache watches its hit rate per window of
  // calls and steps aside while it is below break-even, trying again now and then.
  let calls = 0;
  let hits = 0;
  let caching = true;
  let idleWindows = 0;
  const endWindow = (): void => {
    if (caching) {
      caching = hits >= WINDOW * MIN_HIT_RATE;
      if (!caching) idleWindows = IDLE_WINDOWS;
    } else if (--idleWindows === 0) caching = true;
    calls = 0;
    hits = 0;
  };
  const cached: BoundScorer = {
    ids(a: number, b: number): number {
      if (++calls === WINDOW) endWindow();
      if (!caching) return inner(a, b);
      let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77);
      h = (h ^ (h >>> 15)) & mask;
      if (left[h] === a && right[h] === b) {
        hits++;
        return result[h];
      }
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
