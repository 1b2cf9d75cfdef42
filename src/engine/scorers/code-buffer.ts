/** Reusable code-point buffers, so string comparisons need no allocation per call. */

/**
 * A growable scratch buffer holding one string's code points. Scorers keep a
 * couple at module level and reuse them on every call (comparisons are
 * synchronous, so a buffer is never needed by two calls at once).
 *
 * @example
 * const buf = new CodeBuffer();
 * const n = buf.load('Zoë😀'); // 4
 * buf.codes[3];               // 0x1f600
 */
export class CodeBuffer {
  codes: Uint32Array<ArrayBuffer> = new Uint32Array(64);

  /** Loads `s`'s code points at the start of `codes`; returns how many there are. */
  load(s: string): number {
    if (s.length > this.codes.length) this.codes = new Uint32Array(Math.max(s.length, this.codes.length * 2));
    const codes = this.codes;
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const lo = s.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          codes[n++] = (c - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
          i++;
          continue;
        }
      }
      codes[n++] = c;
    }
    return n;
  }
}

/**
 * Grows a scratch typed array to at least `size` elements (contents are not kept).
 *
 * @example
 * row = ensureInt32(row, n + 1);
 */
export function ensureInt32(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  return array.length >= size ? array : new Int32Array(Math.max(size, array.length * 2));
}

/**
 * Grows a scratch Uint32Array to at least `size` elements (contents are not kept).
 *
 * @example
 * tmp = ensureUint32(tmp, n);
 */
export function ensureUint32(array: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  return array.length >= size ? array : new Uint32Array(Math.max(size, array.length * 2));
}
