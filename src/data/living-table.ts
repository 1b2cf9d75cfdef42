/** The loaded table as it changes: records added after it, updated records shadowing it, deleted ones as tombstones; the loaded columns are never copied. */
import type { ColumnStore } from './column-store.js';

/** A record's cells in column order (null: missing). */
export type RowValues = ReadonlyArray<string | null>;

/**
 * The loaded {@link ColumnStore} plus every record change since. A row id
 * is given once and kept for life: added records take the next id after the
 * largest ever given, and a deleted row keeps its id as a tombstone, so no
 * id is ever reused. Changed rows (added, updated, deleted) live in one
 * overlay map; the loaded columns stay as they are, on shared memory, for
 * the worker pool and every reader that never sees a change.
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
  private readonly overlay = new Map<number, RowValues | null>();
  /** Every changed row id, in the order of the changes (a row once per change): derived views catch up from it. */
  private readonly journal: number[] = [];
  private next: number;
  private deleted = 0;

  constructor(readonly base: ColumnStore) {
    this.names = base.names;
    this.next = base.rowCount;
    this.changedMask = new Uint8Array(new SharedArrayBuffer(Math.max(1, base.rowCount)));
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
    return this.overlay.size > 0;
  }

  /** Whether `row` was added, updated or deleted since the load. */
  isChanged(row: number): boolean {
    return row < this.base.rowCount ? this.changedMask[row] === 1 : this.overlay.has(row);
  }

  /** Whether `row` was given and then deleted. */
  isDeleted(row: number): boolean {
    return this.overlay.get(row) === null;
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
  changesSince(since: number): { rows: readonly number[]; next: number } {
    return { rows: this.journal.slice(since), next: this.journal.length };
  }

  /** Rows changed since the load, ascending. */
  changedRows(): number[] {
    return [...this.overlay.keys()].sort((a, b) => a - b);
  }

  /**
   * One cell of a record as it is now (null: missing, or a deleted record).
   *
   * @example
   * table.get(0, 3); // 'Jon Smith'
   */
  get(column: number, row: number): string | null {
    const v = this.overlay.get(row);
    if (v === undefined) return this.base.get(column, row);
    return v === null ? null : v[column];
  }

  /** A live record's cells in column order. */
  values(row: number): RowValues {
    const v = this.overlay.get(row);
    if (v !== undefined) return v ?? this.names.map(() => null);
    return this.names.map((_, c) => this.base.get(c, row));
  }

  /**
   * A record as an object of its columns (missing cells are null).
   *
   * @example
   * table.record(3); // { name: 'Jon Smith', zip: null }
   */
  record(row: number): Record<string, string | null> {
    const v = this.overlay.get(row);
    if (v === undefined) return this.base.record(row);
    return this.recordOf(v);
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
    this.overlay.set(row, normaliseRow(values));
    this.journal.push(row);
    return row;
  }

  /** Replaces a live record's cells. */
  update(row: number, values: RowValues): void {
    this.overlay.set(row, normaliseRow(values));
    if (row < this.base.rowCount) this.changedMask[row] = 1;
    this.journal.push(row);
  }

  /** Deletes a live record (its id stays taken). */
  delete(row: number): void {
    if (this.isDeleted(row)) return;
    this.overlay.set(row, null);
    if (row < this.base.rowCount) this.changedMask[row] = 1;
    this.journal.push(row);
    this.deleted++;
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
