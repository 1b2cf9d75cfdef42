/** Finds the dictionary id of a value (for /match queries) with a hash table over the shared code points, built on first use. */
import type { FieldDictionary } from '../fields/field-dictionary.js';

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

  /**
   * The ids of several values, each in its own table (`values[i]` in
   * `tables[i]`; null gives −1). The same answers as {@link idOf} one by
   * one, but the first table slot, then the value it holds, of every lookup
   * are read before any is compared: at a million values each read misses
   * the cache (and, in a VM, the TLB), and misses that do not wait on one
   * another overlap instead of queueing.
   *
   * @example
   * ValueIndex.idsOf([surnames, postcodes], ['smith', '2000']); // Int32Array [42, 7]
   */
  static idsOf(tables: readonly ValueIndex[], values: ReadonlyArray<string | null>): Int32Array {
    const n = tables.length;
    const slots = new Int32Array(n);
    let touched = 0;
    for (let i = 0; i < n; i++) {
      const value = values[i];
      slots[i] = value === null ? -1 : tables[i].slotOf(value);
      if (slots[i] >= 0) touched ^= tables[i].table[slots[i]];
    }
    for (let i = 0; i < n; i++) {
      const v = slots[i] < 0 ? -1 : tables[i].table[slots[i]];
      if (v >= 0) touched ^= tables[i].dict.offsets[v];
    }
    for (let i = 0; i < n; i++) {
      const v = slots[i] < 0 ? -1 : tables[i].table[slots[i]];
      if (v >= 0) touched ^= tables[i].dict.codes[tables[i].dict.offsets[v]];
    }
    const ids = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const value = values[i];
      ids[i] = value === null ? -1 : tables[i].probeFrom(value, slots[i]);
    }
    warmed.sum = touched;
    return ids;
  }

  /** The first slot probed for `value`. */
  private slotOf(value: string): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < value.length; i++) {
      const c = value.codePointAt(i) as number;
      if (c > 0xffff) i++;
      h = Math.imul(h ^ c, 0x01000193);
    }
    return ((h ^ (h >>> 15)) >>> 0) & this.mask;
  }

  /** The id of `value`, or −1. Reads the string's code points in place: no array per query value. */
  idOf(value: string): number {
    return this.probeFrom(value, this.slotOf(value));
  }

  /** The id of `value`, probing from its first slot `slot` (already hashed by the caller). */
  private probeFrom(value: string, slot: number): number {
    const { codes, offsets } = this.dict;
    let length = 0;
    for (let i = 0; i < value.length; i++) {
      if ((value.codePointAt(i) as number) > 0xffff) i++;
      length++;
    }
    for (;;) {
      const v = this.table[slot];
      if (v === -1) return -1;
      const s = offsets[v];
      if (offsets[v + 1] - s === length && sameCodes(codes, s, value)) return v;
      slot = (slot + 1) & this.mask;
    }
  }
}

/** Whether `codes` from `start` holds the code points of `value` (the length is already known to agree). */
function sameCodes(codes: Uint32Array, start: number, value: string): boolean {
  let k = start;
  for (let i = 0; i < value.length; i++) {
    const c = value.codePointAt(i) as number;
    if (c > 0xffff) i++;
    if (codes[k++] !== c) return false;
  }
  return true;
}

/** A checksum of the warming reads of `ValueIndex.idsOf`, kept so the optimiser cannot drop them as unused. */
const warmed = { sum: 0 };

/** This thread's tables, one per prepared field, dropped with it (a re-run's fields replace the old ones). */
const tables = new WeakMap<FieldDictionary, ValueIndex>();

/**
 * The value table of a prepared field, built on first use in this thread
 * and then shared by everything that looks values up in it (the blocking
 * index, the scorer's exact fields, and the term-frequency and rarity
 * lookups of query values).
 *
 * @example
 * valueIndexOf(postcode).idOf('2000'); // the id of "2000", or −1
 */
export function valueIndexOf(dict: FieldDictionary): ValueIndex {
  let table = tables.get(dict);
  if (table === undefined) tables.set(dict, (table = new ValueIndex(dict)));
  return table;
}
