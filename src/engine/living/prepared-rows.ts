/** The prepared queries of changed live rows, columnar: one slot of pooled string ids per row instead of a Map per row. */
import { RowColumns } from '../../data/row-columns.js';
import type { StringPool } from '../../data/string-pool.js';
import type { PreparedQuery } from '../scoring/pair-scorer.js';

/**
 * Each changed live row's prepared query (what its row's prepared ids
 * would hold), kept as the table keeps the changed rows' cells: a slot of
 * {@link StringPool} ids per row, one column per query key. A `Map` per row
 * cost some 400 bytes of JS heap; here a row costs 4 bytes a key, and a
 * prepared value equal to a cell (a field without transforms) is the
 * cell's pooled string. {@link get} builds the query on each call, a
 * short-lived `Map` of the keys.
 *
 * @example
 * const prepared = new PreparedRows(scorer.queryKeys(), table.pool);
 * prepared.set(1000, scorer.prepareQuery(record));
 * prepared.get(1000)?.get('surname'); // 'lee'
 */
export class PreparedRows {
  private readonly columns: RowColumns;
  private readonly cells: Array<string | null>;

  constructor(
    private readonly keys: readonly string[],
    pool: StringPool,
  ) {
    this.columns = new RowColumns(keys.length, pool);
    this.cells = new Array<string | null>(keys.length).fill(null);
  }

  /** Rows with a prepared query. */
  get size(): number {
    return this.columns.size;
  }

  /**
   * Whether `row` has a prepared query.
   *
   * @example
   * prepared.has(1000); // true
   */
  has(row: number): boolean {
    return this.columns.has(row);
  }

  /**
   * `row`'s prepared query (a new Map), or undefined when it has none.
   *
   * @example
   * scorer.scorePair(3, prepared.get(1000) ?? 1000);
   */
  get(row: number): PreparedQuery | undefined {
    if (!this.columns.has(row)) return undefined;
    const q: PreparedQuery = new Map();
    for (let k = 0; k < this.keys.length; k++) q.set(this.keys[k], this.columns.get(row, k));
    return q;
  }

  /**
   * Sets `row`'s prepared query (its values of this scorer's keys; a key it lacks is missing).
   *
   * @example
   * prepared.set(1000, scorer.prepareQuery(record));
   */
  set(row: number, query: PreparedQuery): void {
    for (let k = 0; k < this.keys.length; k++) this.cells[k] = query.get(this.keys[k]) ?? null;
    this.columns.set(row, this.cells);
  }

  /**
   * Drops `row`'s prepared query (a deleted record).
   *
   * @example
   * prepared.delete(1000);
   */
  delete(row: number): void {
    this.columns.delete(row);
  }
}
