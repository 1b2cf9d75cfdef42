/** Finds the dictionary id of a value (for /match queries) with a hash table over the shared code points, built on first use. */
import type { FieldDictionary } from '../fields/field-dictionary.js';
import { stringToCodes } from '../fields/field-dictionary.js';

function hashCodes(codes: Uint32Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ codes[i], 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * An open-addressing table from value to id: 8 bytes per distinct value
 * instead of a Map of strings, which matters at a million distinct values.
 *
 * @example
 * new ValueIndex(dict).idOf('smith'); // 42, or -1 when no row holds it
 */
export class ValueIndex {
  private readonly dict: FieldDictionary;
  private readonly table: Int32Array;
  private readonly mask: number;

  constructor(dict: FieldDictionary) {
    this.dict = dict;
    let size = 16;
    while (size < dict.count * 2) size <<= 1;
    this.mask = size - 1;
    this.table = new Int32Array(size).fill(-1);
    for (let v = 0; v < dict.count; v++) {
      let slot = hashCodes(dict.codes, dict.offsets[v], dict.offsets[v + 1]) & this.mask;
      while (this.table[slot] !== -1) slot = (slot + 1) & this.mask;
      this.table[slot] = v;
    }
  }

  /** The id of `value`, or −1. */
  idOf(value: string): number {
    const q = stringToCodes(value);
    const { codes, offsets } = this.dict;
    let slot = hashCodes(q, 0, q.length) & this.mask;
    for (;;) {
      const v = this.table[slot];
      if (v === -1) return -1;
      const s = offsets[v];
      if (offsets[v + 1] - s === q.length) {
        let same = true;
        for (let i = 0; i < q.length; i++) {
          if (codes[s + i] !== q[i]) {
            same = false;
            break;
          }
        }
        if (same) return v;
      }
      slot = (slot + 1) & this.mask;
    }
  }
}
