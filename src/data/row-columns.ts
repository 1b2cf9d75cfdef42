/** Cells of a sparse set of rows, columnar: per row a slot of `width` string ids into a shared pool, in one growing Int32Array. */
import { withRoomFor } from './grow-array.js';
import type { StringPool } from './string-pool.js';

/** The code of a missing cell. */
const MISSING = -1;
/** slotOf's value for a row without cells here. */
const NO_SLOT = -1;

/**
 * `width` cells (string or null) for each of a sparse set of row ids. A row
 * holds a slot of `width` codes in one Int32Array (a code is a
 * {@link StringPool} id, or −1 for a missing cell); a dense Int32Array maps
 * row → slot, and freed slots are reused. It replaces an array of cells (or
 * a `Map`) per row: per row it costs 4 bytes of row map and 4 bytes a cell,
 * off the JS heap, and each distinct value is held once, by the pool.
 *
 * @example
 * const cols = new RowColumns(2, new StringPool());
 * cols.set(1000, ['Ann Lee', null]);
 * cols.get(1000, 0); // 'Ann Lee'
 * cols.row(1000);    // ['Ann Lee', null]
 * cols.delete(1000);
 */
export class RowColumns {
  private slotOf = new Int32Array(0);
  private codes: Int32Array;
  private slots = 0;
  private readonly freeSlots: number[] = [];
  private held = 0;

  constructor(
    readonly width: number,
    private readonly pool: StringPool,
  ) {
    this.codes = new Int32Array(Math.max(1, width) * 64).fill(MISSING);
  }

  /** Rows with cells here. */
  get size(): number {
    return this.held;
  }

  /**
   * Whether `row` has cells here.
   *
   * @example
   * cols.has(1000); // true
   */
  has(row: number): boolean {
    return row < this.slotOf.length && this.slotOf[row] !== NO_SLOT;
  }

  /**
   * Sets `row`'s cells (`cells[c]` for column c < width; null: missing),
   * replacing any it had.
   *
   * @example
   * cols.set(3, ['Jon', '10001']);
   */
  set(row: number, cells: ArrayLike<string | null>): void {
    let slot = row < this.slotOf.length ? this.slotOf[row] : NO_SLOT;
    if (slot === NO_SLOT) {
      slot = this.freeSlots.pop() ?? this.slots++;
      this.ensure(row, slot);
      this.slotOf[row] = slot;
      this.held++;
    } else this.releaseSlot(slot);
    const at = slot * this.width;
    for (let c = 0; c < this.width; c++) {
      const v = cells[c];
      this.codes[at + c] = v === null || v === undefined ? MISSING : this.pool.acquire(v);
    }
  }

  /**
   * One cell of a row held here (null: missing).
   *
   * @example
   * cols.get(3, 1); // '10001'
   */
  get(row: number, column: number): string | null {
    const code = this.codes[this.slotOf[row] * this.width + column];
    return code === MISSING ? null : this.pool.at(code);
  }

  /**
   * One cell of a row held here as its pool id (−1: missing), for callers
   * that compare or index values by id.
   *
   * @example
   * pool.at(cols.code(3, 1)); // '10001'
   */
  code(row: number, column: number): number {
    return this.codes[this.slotOf[row] * this.width + column];
  }

  /**
   * A held row's cells in column order (a new array).
   *
   * @example
   * cols.row(3); // ['Jon', '10001']
   */
  row(row: number): Array<string | null> {
    const at = this.slotOf[row] * this.width;
    const out = new Array<string | null>(this.width);
    for (let c = 0; c < this.width; c++) {
      const code = this.codes[at + c];
      out[c] = code === MISSING ? null : this.pool.at(code);
    }
    return out;
  }

  /**
   * Drops `row`'s cells (its values leave the pool with their last holder).
   *
   * @example
   * cols.delete(3);
   */
  delete(row: number): void {
    if (!this.has(row)) return;
    const slot = this.slotOf[row];
    this.releaseSlot(slot);
    this.slotOf[row] = NO_SLOT;
    this.freeSlots.push(slot);
    this.held--;
  }

  private releaseSlot(slot: number): void {
    const at = slot * this.width;
    for (let c = 0; c < this.width; c++) {
      const code = this.codes[at + c];
      if (code !== MISSING) this.pool.release(code);
      this.codes[at + c] = MISSING;
    }
  }

  /** Room for `row` in the row map and for `slot` in the codes, by doubling. */
  private ensure(row: number, slot: number): void {
    this.slotOf = withRoomFor(this.slotOf, row, NO_SLOT);
    this.codes = withRoomFor(this.codes, (slot + 1) * this.width - 1, MISSING);
  }
}
