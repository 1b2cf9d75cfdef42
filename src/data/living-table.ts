/** The loaded table as it changes: records added after it, updated records shadowing it, deleted ones as tombstones; the loaded columns are never copied. */
import type { ColumnStore } from './column-store.js';
import { withRoomFor } from './grow-array.js';
import { RowColumns } from './row-columns.js';
import { StringPool } from './string-pool.js';

/** A record's cells in column order (null: missing). */
export type RowValues = ReadonlyArray<string | null>;

/**
 * The loaded {@link ColumnStore} plus every record change since. A row id
 * is given once and kept for life: added records take the next id after the
 * largest ever given, and a deleted row keeps its id as a tombstone, so no
 * id is ever reused. Live changed rows' cells live in a columnar overlay
 * ({@link RowColumns}: string ids into one {@link StringPool}, which the
 * living state's other per-row values share), deleted ones in a byte map;
 * the loaded columns stay as they are, on shared memory, for the worker
 * pool and every reader that never sees a change. An array of cells per
 * changed row cost some 200 bytes of JS heap each (docs/incremental.md).
 *
 * @example
 * const table = new LivingTable(store);
 * const id = table.add(['Ann Lee', '10001']); // store.rowCount
 * table.update(3, ['Jon Smith', null]);
 * table.delete(id);
 * table.isDeleted(id); // true
 */
export class LivingTable {
  readonly names: string[];
  /**
   * 1 at each loaded row that changed (updated or deleted), on shared
   * memory: worker threads, which hold the loaded columns only, read it to
   * leave such rows' loaded values out. Rows only ever turn to 1, and a
   * worker is handed the view after the change, so plain reads are safe.
   */
  readonly changedMask: Uint8Array;
  /** The one copy of each distinct value the changed rows hold (their cells here, their prepared values in the living state). */
  readonly pool = new StringPool();
  private readonly cells: RowColumns;
  /** 1 at each deleted row; grows by doubling to the largest deleted row. */
  private tombstones = new Uint8Array(0);
  /** Every changed row id, in the order of the changes (a row once per change): derived views catch up from it. */
  private journal = new Int32Array(1024);
  private changes = 0;
  private next: number;
  private deleted = 0;

  constructor(readonly base: ColumnStore) {
    this.names = base.names;
    this.next = base.rowCount;
    this.changedMask = new Uint8Array(new SharedArrayBuffer(Math.max(1, base.rowCount)));
    this.cells = new RowColumns(base.names.length, this.pool);
  }

  /** Row ids given so far (live and deleted): the next added record gets this id. */
  get rowCount(): number {
    return this.next;
  }

  /** Records that exist now. */
  get liveCount(): number {
    return this.next - this.deleted;
  }

  /** Whether anything changed since the load. */
  get changed(): boolean {
    return this.changes > 0;
  }

  /** Whether `row` was added, updated or deleted since the load. */
  isChanged(row: number): boolean {
    return row < this.base.rowCount ? this.changedMask[row] === 1 : row < this.next;
  }

  /** Whether `row` was given and then deleted. */
  isDeleted(row: number): boolean {
    return row < this.tombstones.length && this.tombstones[row] === 1;
  }

  /** Whether `row` is the id of a record that exists now. */
  exists(row: number): boolean {
    return Number.isSafeInteger(row) && row >= 0 && row < this.next && !this.isDeleted(row);
  }

  /**
   * The rows changed by the `changes - since` changes after the first
   * `since` (a row once per change), and the count to ask from next time:
   * a view of the table (a search index, say) catches up from it.
   *
   * @example
   * const { rows, next } = table.changesSince(seen); seen = next;
   */
  changesSince(since: number): { rows: Int32Array; next: number } {
    return { rows: this.journal.slice(since, this.changes), next: this.changes };
  }

  /**
   * One cell of a record as it is now (null: missing, or a deleted record).
   *
   * @example
   * table.get(0, 3); // 'Jon Smith'
   */
  get(column: number, row: number): string | null {
    if (this.cells.has(row)) return this.cells.get(row, column);
    return this.isChanged(row) ? null : this.base.get(column, row);
  }

  /** A live record's cells in column order. */
  values(row: number): RowValues {
    if (this.cells.has(row)) return this.cells.row(row);
    if (this.isChanged(row)) return this.names.map(() => null);
    return this.names.map((_, c) => this.base.get(c, row));
  }

  /**
   * A record as an object of its columns (missing cells are null).
   *
   * @example
   * table.record(3); // { name: 'Jon Smith', zip: null }
   */
  record(row: number): Record<string, string | null> {
    if (this.cells.has(row)) return this.recordOf(this.cells.row(row));
    return this.isChanged(row) ? this.recordOf(null) : this.base.record(row);
  }

  /**
   * Cells in column order as an object of the table's columns.
   *
   * @example
   * table.recordOf(['Ann Lee', null]); // { name: 'Ann Lee', zip: null }
   */
  recordOf(values: RowValues | null): Record<string, string | null> {
    const out: Record<string, string | null> = {};
    for (let c = 0; c < this.names.length; c++) out[this.names[c]] = values === null ? null : values[c];
    return out;
  }

  /** Appends a record; returns its new row id. */
  add(values: RowValues): number {
    const row = this.next++;
    this.cells.set(row, normaliseRow(values));
    this.log(row);
    return row;
  }

  /** Replaces a live record's cells. */
  update(row: number, values: RowValues): void {
    this.cells.set(row, normaliseRow(values));
    if (row < this.base.rowCount) this.changedMask[row] = 1;
    this.log(row);
  }

  /** Deletes a live record (its id stays taken). */
  delete(row: number): void {
    if (this.isDeleted(row)) return;
    this.cells.delete(row);
    this.tombstones = withRoomFor(this.tombstones, row);
    this.tombstones[row] = 1;
    if (row < this.base.rowCount) this.changedMask[row] = 1;
    this.log(row);
    this.deleted++;
  }

  private log(row: number): void {
    this.journal = withRoomFor(this.journal, this.changes);
    this.journal[this.changes++] = row;
  }
}

/**
 * A record's cells as the table keeps them: empty cells are missing, as in
 * a loaded file.
 *
 * @example
 * normaliseRow(['Ann', '']); // ['Ann', null]
 */
export function normaliseRow(values: RowValues): RowValues {
  return Object.freeze(values.map((v) => (v === null || v === '' ? null : v)));
}
