/** The two rules kindred's open-addressed tables share (the living state's, the column interner's): the hash finaliser, and which entry may move back into a hole when one is emptied. */

/**
 * Murmur3's 32-bit finaliser: spreads every input bit over the low bits a
 * table mask keeps (raw FNV or multiplicative hashes of short, similar keys
 * cluster there).
 *
 * @example
 * mix32(12345) & 1023; // an entry of a 1024-entry table
 */
export function mix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Backward-shift deletion for linear probing: whether the entry at `at`,
 * whose hash puts it first at `home`, may move back into the emptied entry
 * `hole` (earlier in the same run). It may unless `home` lies cyclically in
 * (hole, at]: then moving it would put it before its home, out of reach.
 * Shifting instead of leaving tombstones keeps runs as short as the entries
 * held now, however often rows change.
 *
 * @example
 * movesBack(3, 5, 2); // true: its run starts at 2, so entry 3 is still on its way
 * movesBack(3, 5, 4); // false
 */
export function movesBack(hole: number, at: number, home: number): boolean {
  return hole <= at ? home <= hole || home > at : home <= hole && home > at;
}
