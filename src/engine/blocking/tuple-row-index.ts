/** A multimap from a fixed-width tuple of non-negative ints to rows, open-addressed in typed arrays: the changed rows' block keys (as pooled string ids) of one pass. */

import { mix32, movesBack } from '../../data/linear-probing.js';

/** An empty entry's row. */
const EMPTY = -1;
/** Entries in a fresh table (a power of two); it doubles past half full. */
const INITIAL_ENTRIES = 256;

/**
 * (tuple, row) entries, any number of rows per tuple, in one linear-probing
 * hash table of Int32Arrays (tuple values, row). It stands where a
 * `Map<string, row | Set<row>>` keyed by the JSON of the key was: a key
 * string, its map entry and a Set for a shared key cost some 80 bytes of JS
 * heap per changed row and pass; an entry here costs 4 bytes per tuple
 * value plus 4 for the row, at most half full, off the JS heap. Removal
 * shifts the run back, so no tombstones build up as rows change again.
 *
 * @example
 * const index = new TupleRowIndex(2);
 * index.add([7, 3], 1000);
 * index.add([7, 3], 1004);
 * index.forEachRow([7, 3], (row) => console.log(row)); // 1000, 1004 (no order promised)
 * index.remove([7, 3], 1000);
 */
export class TupleRowIndex {
  private values: Int32Array;
  private rows: Int32Array;
  private mask = INITIAL_ENTRIES - 1;
  private count = 0;

  constructor(readonly width: number) {
    this.values = new Int32Array(INITIAL_ENTRIES * width);
    this.rows = new Int32Array(INITIAL_ENTRIES).fill(EMPTY);
  }

  /** Entries held (a row holding a tuple once). */
  get size(): number {
    return this.count;
  }

  /**
   * Adds the entry (tuple, row); the caller adds a pair at most once.
   *
   * @example
   * index.add([7, 3], 1000);
   */
  add(tuple: ArrayLike<number>, row: number): void {
    if ((this.count + 1) * 2 > this.rows.length) this.grow();
    this.place(tuple, 0, row);
    this.count++;
  }

  /**
   * Removes the entry (tuple, row) if it is there.
   *
   * @example
   * index.remove([7, 3], 1000);
   */
  remove(tuple: ArrayLike<number>, row: number): void {
    const { rows, mask } = this;
    for (let i = this.home(tuple, 0); rows[i] !== EMPTY; i = (i + 1) & mask) {
      if (rows[i] === row && this.holds(i, tuple, 0)) {
        this.shiftBack(i);
        this.count--;
        return;
      }
    }
  }

  /**
   * Calls `visit` for each row holding `tuple` (no order promised).
   *
   * @example
   * index.forEachRow([7, 3], (row) => found.add(row));
   */
  forEachRow(tuple: ArrayLike<number>, visit: (row: number) => void): void {
    const { rows, mask } = this;
    for (let i = this.home(tuple, 0); rows[i] !== EMPTY; i = (i + 1) & mask) if (this.holds(i, tuple, 0)) visit(rows[i]);
  }

  /** Empties entry `i` and moves later entries of its run back, so every entry stays reachable from its home without tombstones. */
  private shiftBack(i: number): void {
    const { rows, values, mask, width } = this;
    let hole = i;
    for (let j = (i + 1) & mask; rows[j] !== EMPTY; j = (j + 1) & mask) {
      if (!movesBack(hole, j, this.home(values, j * width))) continue;
      rows[hole] = rows[j];
      values.copyWithin(hole * width, j * width, (j + 1) * width);
      hole = j;
    }
    rows[hole] = EMPTY;
  }

  private holds(i: number, tuple: ArrayLike<number>, from: number): boolean {
    const at = i * this.width;
    for (let k = 0; k < this.width; k++) if (this.values[at + k] !== tuple[from + k]) return false;
    return true;
  }

  /** Inserts (tuple at `from`, row) at the first empty entry of its run. */
  private place(tuple: ArrayLike<number>, from: number, row: number): void {
    let i = this.home(tuple, from);
    while (this.rows[i] !== EMPTY) i = (i + 1) & this.mask;
    this.rows[i] = row;
    for (let k = 0; k < this.width; k++) this.values[i * this.width + k] = tuple[from + k];
  }

  /** The tuple's first entry: a multiplicative hash of its values, finalised. */
  private home(tuple: ArrayLike<number>, from: number): number {
    let h = 0x9747b28c;
    for (let k = 0; k < this.width; k++) {
      h = Math.imul(h ^ tuple[from + k], 0x5bd1e995);
      h ^= h >>> 15;
    }
    return mix32(h) & this.mask;
  }

  private grow(): void {
    const { values, rows, width } = this;
    const size = rows.length * 2;
    this.values = new Int32Array(size * width);
    this.rows = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
    for (let i = 0; i < rows.length; i++) if (rows[i] !== EMPTY) this.place(values, i * width, rows[i]);
  }
}
