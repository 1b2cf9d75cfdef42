/** A prepared field: one column after its transforms, dictionary-encoded so scorers compare distinct values by id. */

/**
 * The shareable form of a prepared field (all SharedArrayBuffers).
 *
 * - `ids`: `Int32Array(rowCount)`, the distinct-value id of each row, `-1`
 *   when the transformed value is missing.
 * - `codes`: `Uint32Array`, the Unicode code points of every distinct value,
 *   concatenated in id order.
 * - `offsets`: `Int32Array(count + 1)`; value `v` is `codes[offsets[v] .. offsets[v+1])`.
 * - `counts`: `Int32Array(count)`, how many rows hold value `v`.
 */
export interface FieldHandle {
  /** `column` plus transforms, e.g. `"surname|lowercase|strip"`; unique per prepared field. */
  key: string;
  column: string;
  transforms: string[];
  rowCount: number;
  count: number;
  ids: SharedArrayBuffer;
  codes: SharedArrayBuffer;
  offsets: SharedArrayBuffer;
  counts: SharedArrayBuffer;
}

/** The canonical key of a (column, transforms) pair. */
export function fieldKey(column: string, transforms: readonly string[]): string {
  return [column, ...transforms].join('|');
}

/**
 * A prepared field opened for reading. Decoded strings are cached per thread
 * on demand; the code points stay in shared memory.
 *
 * @example
 * const f = FieldDictionary.fromValues('name', [], ['Jon', 'Ann', 'Jon', null]);
 * f.ids;          // Int32Array [0, 1, 0, -1]
 * f.value(1);     // "Ann"
 */
export class FieldDictionary {
  readonly key: string;
  readonly column: string;
  readonly transforms: string[];
  readonly rowCount: number;
  readonly count: number;
  readonly ids: Int32Array;
  readonly codes: Uint32Array;
  readonly offsets: Int32Array;
  readonly counts: Int32Array;
  readonly handle: FieldHandle;
  private decoded: (string | undefined)[] | null = null;

  constructor(h: FieldHandle) {
    this.handle = h;
    this.key = h.key;
    this.column = h.column;
    this.transforms = h.transforms;
    this.rowCount = h.rowCount;
    this.count = h.count;
    this.ids = new Int32Array(h.ids);
    this.codes = new Uint32Array(h.codes);
    this.offsets = new Int32Array(h.offsets);
    this.counts = new Int32Array(h.counts);
  }

  /** The distinct value with id `id`, as a string (cached). */
  value(id: number): string {
    if (this.decoded === null) this.decoded = new Array(this.count);
    let s = this.decoded[id];
    if (s === undefined) {
      s = codesToString(this.codes, this.offsets[id], this.offsets[id + 1]);
      this.decoded[id] = s;
    }
    return s;
  }

  /** The transformed value of a row, or null when missing. */
  rowValue(row: number): string | null {
    const id = this.ids[row];
    return id < 0 ? null : this.value(id);
  }

  /** Length in code points of value `id`. */
  length(id: number): number {
    return this.offsets[id + 1] - this.offsets[id];
  }

  /**
   * Builds a prepared field from already-transformed values (null = missing).
   * Used by tests and for small inputs; ingest builds large fields in workers.
   */
  static fromValues(column: string, transforms: string[], values: ReadonlyArray<string | null>): FieldDictionary {
    const seen = new FirstSeen();
    const ids = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, values.length)));
    for (let r = 0; r < values.length; r++) {
      const v = values[r];
      ids[r] = v === null || v === '' ? -1 : seen.idOf(v);
    }
    return new FieldDictionary(packDictionary(column, transforms, values.length, ids, seen.distinct));
  }
}

/**
 * Numbers strings in the order they are first seen: a string met before
 * gets its first id again; `distinct` lists them by id.
 *
 * @example
 * const seen = new FirstSeen();
 * [seen.idOf('lee'), seen.idOf('ng'), seen.idOf('lee')]; // [0, 1, 0]
 * seen.distinct; // ['lee', 'ng']
 */
export class FirstSeen {
  readonly distinct: string[] = [];
  private readonly index = new Map<string, number>();

  idOf(value: string): number {
    let id = this.index.get(value);
    if (id === undefined) {
      id = this.distinct.length;
      this.index.set(value, id);
      this.distinct.push(value);
    }
    return id;
  }
}

/** Packs distinct strings and row ids into a shareable {@link FieldHandle}. */
export function packDictionary(
  column: string,
  transforms: string[],
  rowCount: number,
  ids: Int32Array,
  distinct: readonly string[],
): FieldHandle {
  let total = 0;
  const cps: number[][] = distinct.map((s) => {
    const a = Array.from(s, (ch) => ch.codePointAt(0) as number);
    total += a.length;
    return a;
  });
  const codes = new SharedArrayBuffer(4 * Math.max(1, total));
  const offsets = new SharedArrayBuffer(4 * (distinct.length + 1));
  const counts = new SharedArrayBuffer(4 * Math.max(1, distinct.length));
  const c = new Uint32Array(codes);
  const o = new Int32Array(offsets);
  const n = new Int32Array(counts);
  let pos = 0;
  for (let v = 0; v < cps.length; v++) {
    o[v] = pos;
    c.set(cps[v], pos);
    pos += cps[v].length;
  }
  o[cps.length] = pos;
  for (let r = 0; r < rowCount; r++) if (ids[r] >= 0) n[ids[r]]++;
  const idsShared = ids.buffer instanceof SharedArrayBuffer ? ids.buffer : (() => {
    const s = new SharedArrayBuffer(4 * Math.max(1, rowCount));
    new Int32Array(s).set(ids.subarray(0, rowCount));
    return s;
  })();
  return {
    key: fieldKey(column, transforms),
    column,
    transforms,
    rowCount,
    count: distinct.length,
    ids: idsShared,
    codes,
    offsets,
    counts,
  };
}

/** Decodes a run of code points to a string. */
export function codesToString(codes: Uint32Array, start: number, end: number): string {
  let s = '';
  // Chunked to stay within the argument limit of String.fromCodePoint.
  for (let i = start; i < end; i += 4096) {
    s += String.fromCodePoint(...codes.subarray(i, Math.min(end, i + 4096)));
  }
  return s;
}

/**
 * Writes a string's code points into `out` from `at` (a surrogate pair is
 * one code point, a lone surrogate stays as it is) and returns the position
 * after the last one. `out` needs room for `s.length` entries.
 *
 * @example
 * const out = new Uint32Array(8);
 * writeCodePoints('Zoë😀', out, 0); // 4; out[3] === 0x1f600
 */
export function writeCodePoints(s: string, out: Uint32Array, at: number): number {
  let n = at;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        out[n++] = (c - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = c;
  }
  return n;
}

/** A string's code points as a Uint32Array (Python-compatible indexing). */
export function stringToCodes(s: string): Uint32Array {
  const out = new Uint32Array(s.length);
  const n = writeCodePoints(s, out, 0);
  return n === s.length ? out : out.slice(0, n);
}
