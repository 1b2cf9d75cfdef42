/** Reusable code-point buffers, so string comparisons need no allocation per call. */
import { writeCodePoints } from '../fields/field-dictionary.js';

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
    return writeCodePoints(s, this.codes, 0);
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
