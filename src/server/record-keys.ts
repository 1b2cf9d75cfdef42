/** The user's own primary key (`--key-column`): key → row of the living table, checked on every change so no two live records share a key. */
import { KindredError } from '../errors/registry.js';
import type { LivingTable } from '../data/living-table.js';

/**
 * A change as the key check sees it: the row it touches (for an add, the
 * row id the table will give it) and its cells, null for a delete.
 *
 * @example
 * const c: KeyedChange = { row: 300, values: ['rec-9', 'Ann'], path: 'records[0]' };
 */
export interface KeyedChange {
  row: number;
  values: ReadonlyArray<string | null> | null;
  path: string;
}

/**
 * Key → live row and row → key. Built from the table once it is complete
 * (after the change log's replay) and kept in step by `apply` after each
 * committed change.
 *
 * @example
 * const keys = RecordKeys.build(table, columns, 'customer_id', 'customers.csv');
 * keys.rowOf('C-1042'); // 17, or undefined
 */
export class RecordKeys {
  private readonly byKey = new Map<string, number>();
  private readonly byRow = new Map<number, string>();

  private constructor(
    readonly column: string,
    private readonly index: number,
  ) {}

  /**
   * The index of a table; a key column that is no column, a live record
   * without a key or two live records with one key is an error naming them.
   */
  static build(table: LivingTable, columns: readonly string[], column: string, file: string): RecordKeys {
    const index = columns.indexOf(column);
    if (index < 0) throw new KindredError('usage', `--key-column ${column}: ${file} has no column "${column}" (the columns are ${columns.join(', ')})`);
    const keys = new RecordKeys(column, index);
    for (let row = 0; row < table.rowCount; row++) {
      if (!table.exists(row)) continue;
      const key = table.values(row)[index];
      const where = (r: number): string => (table.isChanged(r) ? `record ${r} (added or changed after loading)` : `row ${r} (data row ${r + 1} of ${file})`);
      if (key === null) throw new KindredError('csv_invalid', `--key-column ${column}: ${where(row)} has no key`);
      const other = keys.byKey.get(key);
      if (other !== undefined) throw new KindredError('csv_invalid', `--key-column ${column}: key "${key}" is on ${where(other)} and on ${where(row)}; a key must name one record`);
      keys.byKey.set(key, row);
      keys.byRow.set(row, key);
    }
    return keys;
  }

  /** The live row with this key. */
  rowOf(key: string): number | undefined {
    return this.byKey.get(key);
  }

  /** The key of a record's cells (null: none). */
  keyOf(values: ReadonlyArray<string | null>): string | null {
    const v = values[this.index];
    return v === null || v === '' ? null : v;
  }

  /**
   * Throws unless the changes, made in order, leave every live record with
   * a key of its own: a record without a key is a 400, a key another record
   * holds (already, or by an earlier change of the same request) is a 409
   * naming the key, the record holding it and the change.
   */
  check(changes: readonly KeyedChange[]): void {
    // What the request has done so far: key → row holding it (null: released), row → its key now.
    const holderNow = new Map<string, number | null>();
    const keyNow = new Map<number, string | null>();
    for (const c of changes) {
      const old = keyNow.has(c.row) ? (keyNow.get(c.row) ?? null) : (this.byRow.get(c.row) ?? null);
      const key = c.values === null ? null : this.keyOf(c.values);
      if (c.values !== null) {
        const field = c.path === '(body)' ? this.column : `${c.path}.${this.column}`;
        if (key === null) throw new KindredError('invalid_request', `${field}: the key column needs a value (--key-column ${this.column})`, [{ path: field, message: 'missing key' }]);
        const holder = holderNow.has(key) ? holderNow.get(key) : this.byKey.get(key);
        if (holder !== undefined && holder !== null && holder !== c.row) {
          throw new KindredError('conflict', `${field}: key "${key}" is already record ${holder}'s (--key-column ${this.column}); a key names one record`, [{ path: field, message: `duplicate key "${key}"` }]);
        }
      }
      if (old !== null && old !== key) holderNow.set(old, null);
      if (key !== null) holderNow.set(key, c.row);
      keyNow.set(c.row, key);
    }
  }

  /** Follows committed changes (after `check` passed and the table took them). */
  apply(changes: readonly KeyedChange[]): void {
    for (const c of changes) {
      const old = this.byRow.get(c.row);
      if (old !== undefined && this.byKey.get(old) === c.row) this.byKey.delete(old);
      this.byRow.delete(c.row);
      const key = c.values === null ? null : this.keyOf(c.values);
      if (key !== null) {
        this.byKey.set(key, c.row);
        this.byRow.set(c.row, key);
      }
    }
  }
}
