/** Worker task: dictionary-encodes one column and every transform chain asked of it, reading the shared column bytes in place. */
import { ColumnStore, type TableHandle } from '../../data/column-store.js';
import { compileTransforms } from '../transforms/registry.js';
import { fieldKey, type FieldHandle } from './field-dictionary.js';

/** Input of {@link prepareColumn}. */
export interface PrepareColumnTask {
  table: TableHandle;
  column: number;
  /** Transform chains; `[]` means the raw values. */
  chains: string[][];
}

/**
 * Interns the raw cells by hashing their bytes (no strings are built per
 * row), then derives each transformed field from the distinct raw values
 * only, so a transform runs once per distinct value, not once per row.
 *
 * @example
 * const [raw, lower] = prepareColumn({ table, column: 2, chains: [[], ['lowercase']] });
 */
export function prepareColumn(task: PrepareColumnTask): FieldHandle[] {
  const store = ColumnStore.fromHandle(task.table);
  const col = store.columns[task.column];
  const n = store.rowCount;
  const { rawIds, firstRow, count } = internRaw(col.bytes, col.offsets, col.missing, n);
  const buf = Buffer.from(task.table.columns[task.column].bytes);
  const rawValues = new Array<string>(count);
  for (let v = 0; v < count; v++) {
    const r = firstRow[v];
    rawValues[v] = buf.toString('utf8', col.offsets[r], col.offsets[r + 1]);
  }
  return task.chains.map((chain) => {
    if (chain.length === 0) return pack(col.name, chain, n, rawIds, rawValues);
    const transform = compileTransforms(chain);
    const index = new Map<string, number>();
    const distinct: string[] = [];
    const map = new Int32Array(count);
    for (let v = 0; v < count; v++) {
      const t = transform(rawValues[v]);
      if (t === null) {
        map[v] = -1;
        continue;
      }
      let id = index.get(t);
      if (id === undefined) {
        id = distinct.length;
        index.set(t, id);
        distinct.push(t);
      }
      map[v] = id;
    }
    const ids = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      const raw = rawIds[r];
      ids[r] = raw < 0 ? -1 : map[raw];
    }
    return pack(col.name, chain, n, ids, distinct);
  });
}

/** Byte-level interning with open addressing over FNV-1a hashes. */
function internRaw(
  bytes: Uint8Array,
  offsets: Uint32Array,
  missing: Uint8Array,
  n: number,
): { rawIds: Int32Array; firstRow: Int32Array; count: number } {
  let size = 16;
  while (size < n * 2) size <<= 1;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  const rawIds = new Int32Array(n);
  let firstRow = new Int32Array(Math.max(16, Math.min(n, 1 << 16)));
  let count = 0;
  for (let r = 0; r < n; r++) {
    if ((missing[r >> 3] & (1 << (r & 7))) !== 0) {
      rawIds[r] = -1;
      continue;
    }
    const s = offsets[r];
    const e = offsets[r + 1];
    let h = 0x811c9dc5;
    for (let p = s; p < e; p++) h = Math.imul(h ^ bytes[p], 0x01000193);
    let slot = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const id = table[slot];
      if (id === -1) {
        if (count === firstRow.length) {
          const grown = new Int32Array(firstRow.length * 2);
          grown.set(firstRow);
          firstRow = grown;
        }
        firstRow[count] = r;
        table[slot] = count;
        rawIds[r] = count++;
        break;
      }
      const q = firstRow[id];
      const qs = offsets[q];
      if (offsets[q + 1] - qs === e - s) {
        let same = true;
        for (let i = 0; i < e - s; i++) {
          if (bytes[qs + i] !== bytes[s + i]) {
            same = false;
            break;
          }
        }
        if (same) {
          rawIds[r] = id;
          break;
        }
      }
      slot = (slot + 1) & mask;
    }
  }
  return { rawIds, firstRow, count };
}

/** Packs row ids and distinct strings into shared buffers (code points, offsets, counts). */
function pack(column: string, transforms: string[], n: number, ids: Int32Array, distinct: readonly string[]): FieldHandle {
  let total = 0;
  for (const s of distinct) total += s.length;
  const codes = new Uint32Array(new SharedArrayBuffer(4 * Math.max(1, total)));
  const offsetsBuf = new SharedArrayBuffer(4 * (distinct.length + 1));
  const offsets = new Int32Array(offsetsBuf);
  let pos = 0;
  for (let v = 0; v < distinct.length; v++) {
    offsets[v] = pos;
    const s = distinct[v];
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          codes[pos++] = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
          i++;
          continue;
        }
      }
      codes[pos++] = c;
    }
  }
  offsets[distinct.length] = pos;
  const countsBuf = new SharedArrayBuffer(4 * Math.max(1, distinct.length));
  const counts = new Int32Array(countsBuf);
  const idsBuf = new SharedArrayBuffer(4 * Math.max(1, n));
  const sharedIds = new Int32Array(idsBuf);
  sharedIds.set(ids.subarray(0, n));
  for (let r = 0; r < n; r++) if (ids[r] >= 0) counts[ids[r]]++;
  return {
    key: fieldKey(column, transforms),
    column,
    transforms,
    rowCount: n,
    count: distinct.length,
    ids: idsBuf,
    codes: codes.buffer as SharedArrayBuffer,
    offsets: offsetsBuf,
    counts: countsBuf,
  };
}
