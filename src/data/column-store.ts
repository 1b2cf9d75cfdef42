/** The in-memory table: one SharedArrayBuffer-backed column per CSV column, readable from any thread without copying. */

/**
 * The shareable description of one column. Every buffer is a
 * SharedArrayBuffer, so posting a handle to a worker shares memory instead of
 * copying it.
 *
 * - `bytes`: the UTF-8 bytes of every cell, concatenated in row order.
 * - `offsets`: `Uint32Array` of `rowCount + 1`; cell `r` is
 *   `bytes[offsets[r] .. offsets[r + 1])`.
 * - `missing`: a bitmap, bit `r` set when cell `r` is empty (missing).
 */
export interface ColumnHandle {
  name: string;
  bytes: SharedArrayBuffer;
  offsets: SharedArrayBuffer;
  missing: SharedArrayBuffer;
}

/**
 * The shareable description of a whole table (structured-cloneable).
 *
 * @example
 * const store = ColumnStore.fromHandle(handle); // in a worker
 */
export interface TableHandle {
  rowCount: number;
  columns: ColumnHandle[];
}

/** One column opened for reading. */
export class Column {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly offsets: Uint32Array;
  readonly missing: Uint8Array;
  private readonly buf: Buffer;

  constructor(h: ColumnHandle) {
    this.name = h.name;
    this.bytes = new Uint8Array(h.bytes);
    this.offsets = new Uint32Array(h.offsets);
    this.missing = new Uint8Array(h.missing);
    // A Buffer view over the shared bytes decodes UTF-8 without copying the column.
    this.buf = Buffer.from(h.bytes);
  }

  /** True when the cell is empty. */
  isMissing(row: number): boolean {
    return (this.missing[row >> 3] & (1 << (row & 7))) !== 0;
  }

  /**
   * The cell's value exactly as written, or null when missing.
   *
   * @example
   * column.get(0); // "02134"
   */
  get(row: number): string | null {
    if (this.isMissing(row)) return null;
    return this.buf.toString('utf8', this.offsets[row], this.offsets[row + 1]);
  }
}

/**
 * A read-only table of string cells. Built once by ingest; never mutated.
 *
 * @example
 * const store = ColumnStore.fromHandle(handle);
 * store.get(store.columnIndex('name'), 17); // "Jon Smith" or null
 */
export class ColumnStore {
  readonly rowCount: number;
  readonly columns: Column[];
  readonly names: string[];
  readonly handle: TableHandle;
  private readonly index: Map<string, number>;

  private constructor(handle: TableHandle) {
    this.handle = handle;
    this.rowCount = handle.rowCount;
    this.columns = handle.columns.map((c) => new Column(c));
    this.names = this.columns.map((c) => c.name);
    this.index = new Map(this.names.map((n, i) => [n, i]));
  }

  /** Opens a table from its shareable handle (same memory, no copy). */
  static fromHandle(handle: TableHandle): ColumnStore {
    return new ColumnStore(handle);
  }

  /**
   * Builds a table from plain rows (tests, small inputs, `records` bodies).
   * Empty strings and nulls become missing cells.
   *
   * @example
   * const store = ColumnStore.fromRows(['name', 'zip'], [['Jon', '10001'], ['Ann', null]]);
   */
  static fromRows(names: string[], rows: ReadonlyArray<ReadonlyArray<string | null>>): ColumnStore {
    const enc = new TextEncoder();
    const n = rows.length;
    const columns: ColumnHandle[] = names.map((name, c) => {
      const encoded = rows.map((r) => {
        const v = r[c];
        return v === null || v === undefined || v === '' ? null : enc.encode(v);
      });
      const total = encoded.reduce((s, e) => s + (e ? e.length : 0), 0);
      const bytes = new SharedArrayBuffer(Math.max(total, 1));
      const offsets = new SharedArrayBuffer(4 * (n + 1));
      const missing = new SharedArrayBuffer(Math.max(1, (n + 7) >> 3));
      const b = new Uint8Array(bytes);
      const o = new Uint32Array(offsets);
      const m = new Uint8Array(missing);
      let pos = 0;
      for (let r = 0; r < n; r++) {
        o[r] = pos;
        const e = encoded[r];
        if (e === null) m[r >> 3] |= 1 << (r & 7);
        else {
          b.set(e, pos);
          pos += e.length;
        }
      }
      o[n] = pos;
      return { name, bytes, offsets, missing };
    });
    return new ColumnStore({ rowCount: n, columns });
  }

  /** Index of a column by name, or -1. */
  columnIndex(name: string): number {
    return this.index.get(name) ?? -1;
  }

  /** A cell by column index and row id; null when missing. */
  get(column: number, row: number): string | null {
    return this.columns[column].get(row);
  }

  /**
   * Reads each column's cell bounds and first byte of every row in `rows`
   * before their records are decoded. Rows a query matched are scattered
   * over the table, so each read misses the cache; here the misses are
   * independent and overlap, where decoding pays them one after another.
   * Returns a checksum only so the reads cannot be optimised away.
   *
   * @example
   * store.touchRows([17, 4012]); // then store.record(17), store.record(4012)
   */
  touchRows(rows: readonly number[]): number {
    let sum = 0;
    for (const column of this.columns) {
      const { offsets, missing, bytes } = column;
      for (const row of rows) {
        const start = offsets[row];
        // An empty last cell starts at the end of the bytes: no byte to read.
        sum ^= missing[row >> 3] ^ offsets[row + 1] ^ (start < bytes.length ? bytes[start] : 0);
      }
    }
    return sum;
  }

  /**
   * One record as a plain object of its columns (missing cells are null).
   *
   * @example
   * store.record(17); // { name: 'Jon Smith', zip: '10001' }
   */
  record(row: number): Record<string, string | null> {
    const out: Record<string, string | null> = {};
    for (let c = 0; c < this.columns.length; c++) out[this.names[c]] = this.columns[c].get(row);
    return out;
  }
}
