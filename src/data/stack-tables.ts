/** Stacks two loaded tables into one column store, column by column at the byte level: the first table's rows, then the second's, plus a column naming each row's table. */
import { ColumnStore, type ColumnHandle } from './column-store.js';

/** One output column: its name and the column it takes from each table (-1: missing on that table's rows). */
export interface StackedColumn {
  name: string;
  first: number;
  second: number;
}

/**
 * Stacks `first` then `second` into one store whose columns are `columns`,
 * then a column `source.name` holding `source.values[0]` on the first
 * table's rows and `source.values[1]` on the second's. Bytes, offsets and
 * missing bits are copied as they are (no string is decoded), so stacking
 * costs a copy of the two tables, not a re-parse.
 *
 * @example
 * const both = stackTables(left, right, [{ name: 'title', first: 0, second: 2 }], { name: 'source', values: ['left.csv', 'right.csv'] });
 * both.rowCount === left.rowCount + right.rowCount; // true
 */
export function stackTables(first: ColumnStore, second: ColumnStore, columns: readonly StackedColumn[], source: { name: string; values: readonly [string, string] }): ColumnStore {
  const n1 = first.rowCount;
  const n2 = second.rowCount;
  const out: ColumnHandle[] = columns.map((c) => stackColumn(c.name, [part(first, c.first), part(second, c.second)], n1, n2));
  out.push(stackColumn(source.name, [constant(source.values[0]), constant(source.values[1])], n1, n2));
  return ColumnStore.fromHandle({ rowCount: n1 + n2, columns: out });
}

/** Where one table's rows of an output column come from: a column's byte ranges, one value on every row, or nothing (every row missing). */
type Part = { kind: 'column'; bytes: Uint8Array; offsets: Uint32Array; isMissing(row: number): boolean } | { kind: 'constant'; bytes: Uint8Array } | null;

function part(store: ColumnStore, column: number): Part {
  if (column < 0) return null;
  const c = store.columns[column];
  return { kind: 'column', bytes: c.bytes, offsets: c.offsets, isMissing: (row) => c.isMissing(row) };
}

function constant(value: string): Part {
  return value === '' ? null : { kind: 'constant', bytes: new TextEncoder().encode(value) };
}

function stackColumn(name: string, parts: readonly [Part, Part], n1: number, n2: number): ColumnHandle {
  const sizes = [n1, n2];
  const lengthOf = (p: Part, count: number): number => (p === null ? 0 : p.kind === 'constant' ? p.bytes.length * count : p.offsets[count] - p.offsets[0]);
  const total = lengthOf(parts[0], n1) + lengthOf(parts[1], n2);
  const rows = n1 + n2;
  const bytes = new SharedArrayBuffer(Math.max(total, 1));
  const offsets = new SharedArrayBuffer(4 * (rows + 1));
  const missing = new SharedArrayBuffer(Math.max(1, (rows + 7) >> 3));
  const b = new Uint8Array(bytes);
  const o = new Uint32Array(offsets);
  const m = new Uint8Array(missing);
  let pos = 0;
  let row = 0;
  parts.forEach((p, k) => {
    const count = sizes[k];
    if (p !== null && p.kind === 'column') {
      // One copy of the used byte range, then every offset shifted by where it landed.
      const start = p.offsets[0];
      const end = p.offsets[count];
      b.set(p.bytes.subarray(start, end), pos);
      for (let r = 0; r < count; r++, row++) {
        o[row] = pos + (p.offsets[r] - start);
        if (p.isMissing(r)) m[row >> 3] |= 1 << (row & 7);
      }
      pos += end - start;
      return;
    }
    for (let r = 0; r < count; r++, row++) {
      o[row] = pos;
      if (p === null) {
        m[row >> 3] |= 1 << (row & 7);
        continue;
      }
      b.set(p.bytes, pos);
      pos += p.bytes.length;
    }
  });
  o[rows] = pos;
  return { name, bytes, offsets, missing };
}
