/** Worker task: dictionary-encodes one column and every transform chain asked of it, reading the shared column bytes in place. */
import { ColumnStore, type TableHandle } from '../../data/column-store.js';
import { compileTransforms } from '../transforms/registry.js';
import { fieldKey, FirstSeen, writeCodePoints, type FieldHandle } from './field-dictionary.js';
import { internColumn, type InternedColumn } from './intern-column.js';
import { deriveSubstring, type DerivedValues } from './derive-substring.js';
import { substringOnly } from '../transforms/substring.js';

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
  const raw = internColumn(col.bytes, col.offsets, col.missing, n);
  const { rawIds, count } = raw;
  let rawValues: string[] | null = null;
  // Strings only where a transform needs them: the raw field is packed from the bytes.
  let buf: Buffer | null = null;
  const decode = (v: number): string => (buf ??= Buffer.from(col.bytes.buffer, col.bytes.byteOffset, col.bytes.byteLength)).toString('utf8', raw.idStart[v], raw.idStart[v] + raw.idLength[v]);
  const values = (): string[] => (rawValues ??= Array.from({ length: count }, (_, v) => decode(v)));
  return task.chains.map((chain) => {
    if (chain.length === 0) return packRaw(col.name, n, col.bytes, raw);
    const transform = compileTransforms(chain);
    const slice = substringOnly(chain);
    const { map, distinct } =
      slice !== null
        ? deriveSubstring(col.bytes, raw.idStart, raw.idLength, count, slice[0], slice[1], transform, (v) => rawValues?.[v] ?? decode(v))
        : deriveByStrings(values(), transform);
    // A transformed value's rows are the rows of the raw values it came from: summed per value, not counted per row.
    const counts = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, distinct.length)));
    for (let v = 0; v < count; v++) if (map[v + 1] >= 0) counts[map[v + 1]] += raw.rawCounts[v];
    // Written straight into shared memory: a private array copied over touched twice the fresh pages.
    const ids = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, n)));
    for (let r = 0; r < n; r++) ids[r] = map[rawIds[r] + 1];
    return pack(col.name, chain, n, ids, distinct, counts);
  });
}

/**
 * Any chain: each distinct raw value's string through the compiled chain,
 * the results numbered in raw-value order (`map[v + 1]`, −1 for none;
 * shifted by one so that the row loop's missing cell, id −1, needs no branch).
 */
function deriveByStrings(rawStrings: readonly string[], transform: (value: string) => string | null): DerivedValues {
  const seen = new FirstSeen();
  const map = new Int32Array(rawStrings.length + 1);
  map[0] = -1;
  for (let v = 0; v < rawStrings.length; v++) {
    const t = transform(rawStrings[v]);
    map[v + 1] = t === null ? -1 : seen.idOf(t);
  }
  return { map, distinct: seen.distinct };
}

/**
 * Packs the raw field straight from the column bytes: an ASCII value's code
 * points are its bytes; any other value is decoded as UTF-8 by Buffer, as the
 * string path would, so both paths give the same code points.
 */
function packRaw(column: string, n: number, bytes: Uint8Array, raw: InternedColumn): FieldHandle {
  const { count, idStart, idLength } = raw;
  let total = 0;
  for (let v = 0; v < count; v++) total += idLength[v];
  // UTF-8 never has fewer bytes than code points, so the byte total bounds the codes.
  const codesBuf = new SharedArrayBuffer(4 * Math.max(1, total));
  const codes = new Uint32Array(codesBuf);
  const offsetsBuf = new SharedArrayBuffer(4 * (count + 1));
  const offsets = new Int32Array(offsetsBuf);
  let pos = 0;
  let buf: Buffer | null = null;
  for (let v = 0; v < count; v++) {
    offsets[v] = pos;
    const s = idStart[v];
    const e = s + idLength[v];
    let ascii = true;
    for (let p = s; p < e; p++) if (bytes[p] >= 0x80) ascii = false;
    if (ascii) {
      for (let p = s; p < e; p++) codes[pos++] = bytes[p];
      continue;
    }
    buf ??= Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    pos = writeCodePoints(buf.toString('utf8', s, e), codes, pos);
  }
  offsets[count] = pos;
  const counts = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, count)));
  counts.set(raw.rawCounts.subarray(0, count));
  return shareField(column, [], n, raw.rawIds, count, codesBuf, offsetsBuf, counts);
}

/** Packs distinct strings into shared buffers (code points, offsets) beside the shared row ids and counts. */
function pack(column: string, transforms: string[], n: number, ids: Int32Array, distinct: readonly string[], counts: Int32Array): FieldHandle {
  let total = 0;
  for (const s of distinct) total += s.length;
  const codes = new Uint32Array(new SharedArrayBuffer(4 * Math.max(1, total)));
  const offsetsBuf = new SharedArrayBuffer(4 * (distinct.length + 1));
  const offsets = new Int32Array(offsetsBuf);
  let pos = 0;
  for (let v = 0; v < distinct.length; v++) {
    offsets[v] = pos;
    pos = writeCodePoints(distinct[v], codes, pos);
  }
  offsets[distinct.length] = pos;
  return shareField(column, transforms, n, ids, distinct.length, codes.buffer as SharedArrayBuffer, offsetsBuf, counts);
}

/** A prepared field's handle from buffers already in shared memory (row ids, code points, offsets, counts). */
function shareField(
  column: string,
  transforms: string[],
  n: number,
  ids: Int32Array,
  count: number,
  codes: SharedArrayBuffer,
  offsets: SharedArrayBuffer,
  counts: Int32Array,
): FieldHandle {
  return {
    key: fieldKey(column, transforms),
    column,
    transforms,
    rowCount: n,
    count,
    ids: ids.buffer as SharedArrayBuffer,
    codes,
    offsets,
    counts: counts.buffer as SharedArrayBuffer,
  };
}
