/** Bit masks of where each character occurs in a short pattern, for the bit-parallel string kernels. */

/**
 * Code points below this index the mask table directly; rarer ones (CJK,
 * emoji...) are looked up by scanning the pattern, which is at most 32 long.
 */
const TABLE_SIZE = 0x3000;

/**
 * The occurrence masks of one pattern of at most 32 code points: bit `i` of
 * `mask(c)` is set when `pattern[i] === c`. One instance is reused for every
 * call (load, query, then clear), so no allocation happens per comparison.
 *
 * @example
 * const pm = new PatternMasks();
 * pm.load(codes, 0, 3);   // pattern "aba"
 * pm.mask(0x61);          // 0b101
 * pm.clear();
 */
export class PatternMasks {
  private readonly table = new Int32Array(TABLE_SIZE);
  private codes: Uint32Array = new Uint32Array(0);
  private start = 0;
  private length = 0;

  /** Records the pattern `codes[start..start+length)`; `length` must be ≤ 32. */
  load(codes: Uint32Array, start: number, length: number): void {
    this.codes = codes;
    this.start = start;
    this.length = length;
    const table = this.table;
    for (let i = 0; i < length; i++) {
      const c = codes[start + i];
      if (c < TABLE_SIZE) table[c] |= 1 << i;
    }
  }

  /** The positions of `code` in the pattern, as a bit mask. */
  mask(code: number): number {
    if (code < TABLE_SIZE) return this.table[code];
    let m = 0;
    const codes = this.codes;
    for (let i = 0; i < this.length; i++) if (codes[this.start + i] === code) m |= 1 << i;
    return m;
  }

  /** Resets the entries the last `load` set. */
  clear(): void {
    const table = this.table;
    const codes = this.codes;
    for (let i = 0; i < this.length; i++) {
      const c = codes[this.start + i];
      if (c < TABLE_SIZE) table[c] = 0;
    }
    this.length = 0;
  }
}
