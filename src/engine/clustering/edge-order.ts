/** Orders scored pairs strongest first (score descending, ties by pair id) with linear-time radix passes. */
import type { PairList } from './types.js';

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const RADIX = 1 << 16;
/** Up to this many pairs a comparison sort beats the radix passes. */
const SMALL = 2048;

/**
 * Indices of the pairs (those with `keep[i] !== 0`, or all when `keep` is
 * null) ordered by score descending, then pair id ascending (a, then b).
 * This is the one order clustering ranks edges by: Kruskal consumes it
 * front to back, and every "weakest edge" rule picks the edge that comes
 * last in it.
 *
 * It runs in O(pairs + rows): two stable counting sorts put the pairs in
 * pair-id order, then stable 16-bit radix passes over the score's IEEE-754
 * bits (mapped so that unsigned order is numeric order) sort by score,
 * keeping pair-id order among equal scores. A million pairs take a few tens
 * of milliseconds, where a comparator sort takes several hundred. Small
 * inputs (the regions re-clustered after an edit) use a comparison sort:
 * both sorts are stable, so the order is the same either way.
 *
 * @example
 * const order = strongestFirst({ a: Int32Array.of(0, 0, 1), b: Int32Array.of(1, 2, 2), score: Float64Array.of(0.5, 0.9, 0.5), count: 3 }, 3, null);
 * Array.from(order); // [1, 0, 2]
 */
export function strongestFirst(pairs: PairList, rowCount: number, keep: Uint8Array | null): Int32Array {
  const { a, b, score, count } = pairs;
  let m = 0;
  for (let i = 0; i < count; i++) if (keep === null || keep[i] !== 0) m++;
  let order = new Int32Array(m);
  for (let i = 0, j = 0; i < count; i++) if (keep === null || keep[i] !== 0) order[j++] = i;
  if (m < 2) return order;
  if (m <= SMALL) {
    // Radix passes cost 64K counters each; a region of a few pairs (every steward edit) sorts faster by comparison.
    return order.sort((x, y) => score[y] - score[x] || a[x] - a[y] || b[x] - b[y]);
  }

  let spare = new Int32Array(m);
  if (!inPairOrder(a, b, order)) {
    countingSortBy(b, order, spare, rowCount);
    countingSortBy(a, spare, order, rowCount);
  }

  const { hi, lo } = descendingKeys(score, count);
  const counts = new Int32Array(RADIX + 1);
  for (let pass = 0; pass < 4; pass++) {
    const word = pass < 2 ? lo : hi;
    const shift = pass % 2 === 0 ? 0 : 16;
    counts.fill(0);
    for (let j = 0; j < m; j++) counts[((word[order[j]] >>> shift) & 0xffff) + 1]++;
    // A digit every key shares (e.g. the exponent of scores in [0.5, 1)) needs no pass.
    if (counts[((word[order[0]] >>> shift) & 0xffff) + 1] === m) continue;
    for (let d = 0; d < RADIX; d++) counts[d + 1] += counts[d];
    for (let j = 0; j < m; j++) {
      const i = order[j];
      spare[counts[(word[i] >>> shift) & 0xffff]++] = i;
    }
    const t = order;
    order = spare;
    spare = t;
  }
  return order;
}

/** Stable counting sort of the indices in `from` by `key[index]` (0..range-1) into `to`. */
function countingSortBy(key: Int32Array, from: Int32Array, to: Int32Array, range: number): void {
  const starts = new Int32Array(range + 1);
  for (let j = 0; j < from.length; j++) starts[key[from[j]] + 1]++;
  for (let k = 0; k < range; k++) starts[k + 1] += starts[k];
  for (let j = 0; j < from.length; j++) {
    const i = from[j];
    to[starts[key[i]]++] = i;
  }
}

/**
 * Per pair index, a 64-bit key (two 32-bit halves) whose unsigned ascending
 * order is the score's descending order: the usual float-to-ordered-integer
 * map (flip the sign bit of non-negatives, all bits of negatives), inverted.
 */
function descendingKeys(score: Float64Array, count: number): { hi: Uint32Array; lo: Uint32Array } {
  const hi = new Uint32Array(count);
  const lo = new Uint32Array(count);
  const one = new Float64Array(1);
  const bits = new Uint32Array(one.buffer);
  const hiAt = LITTLE_ENDIAN ? 1 : 0;
  const loAt = 1 - hiAt;
  for (let i = 0; i < count; i++) {
    const x = score[i];
    one[0] = x === 0 ? 0 : x; // -0 and +0 are the same score
    let h = bits[hiAt];
    let l = bits[loAt];
    if (h & 0x80000000) {
      h = ~h;
      l = ~l;
    } else {
      h ^= 0x80000000;
    }
    hi[i] = ~h >>> 0;
    lo[i] = ~l >>> 0;
  }
  return { hi, lo };
}

/** True when the indices already list their pairs in pair-id order (workers often emit them so). */
function inPairOrder(a: Int32Array, b: Int32Array, order: Int32Array): boolean {
  for (let j = 1; j < order.length; j++) {
    const p = order[j - 1];
    const q = order[j];
    if (a[p] > a[q] || (a[p] === a[q] && b[p] > b[q])) return false;
  }
  return true;
}
