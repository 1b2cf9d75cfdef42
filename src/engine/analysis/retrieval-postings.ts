/** Worker task: the character 3-gram TF-IDF postings of one text view of a table, built off the event loop into shared memory. */
import { ColumnStore, type TableHandle } from '../../data/column-store.js';
import { GRAM, normaliseText } from './char-ngrams.js';

/**
 * Sparse TF-IDF (tf × smoothed idf, L2-normalised rows) in postings form:
 * gram `grams[g]` occurs in rows `rows[starts[g] .. starts[g+1])` (ascending)
 * with normalised weights `weights[...]`. Every buffer is shared, so handing
 * the postings to the main thread copies nothing.
 *
 * @example
 * const p = buildRetrievalPostings({ table: store.handle, columns: [0, 1] });
 * new Float64Array(p.idf)[0]; // idf of grams[0]
 */
export interface RetrievalPostings {
  rowCount: number;
  /** Gram text by gram id. */
  grams: string[];
  /** Float64Array by gram id. */
  idf: SharedArrayBuffer;
  /** Int32Array of grams.length + 1. */
  starts: SharedArrayBuffer;
  /** Int32Array of row ids. */
  rows: SharedArrayBuffer;
  /** Float64Array, parallel to rows. */
  weights: SharedArrayBuffer;
}

/**
 * The smoothed inverse document frequency of a gram held by `df` of `n` rows.
 *
 * @example
 * smoothIdf(100, 0); // 5.615... (a gram no row holds)
 */
export function smoothIdf(n: number, df: number): number {
  return Math.log((1 + n) / (1 + df)) + 1;
}

/**
 * A gram as a Map key: three UTF-16 code units packed into one exact
 * integer (below 2^48) when every code point is in the BMP, else the gram's
 * text. Numbers hash and compare far faster than three-character strings,
 * which is most of the cost of indexing a million rows.
 */
type GramKey = number | string;

function gramKey(c0: number, c1: number, c2: number): GramKey {
  return c0 <= 0xffff && c1 <= 0xffff && c2 <= 0xffff ? c0 * 4294967296 + c1 * 65536 + c2 : String.fromCodePoint(c0, c1, c2);
}

function gramText(key: GramKey): string {
  if (typeof key === 'string') return key;
  return String.fromCharCode(Math.floor(key / 4294967296), Math.floor(key / 65536) % 65536, key % 65536);
}

/**
 * The grams of one text with their counts, in order of first occurrence:
 * the same grams, counts and order as `charGrams` (lower-cased, whitespace
 * collapsed, padded with one space, sliding over code points).
 */
class RowGrams {
  readonly keys: GramKey[] = [];
  readonly counts: number[] = [];
  private readonly slot = new Map<GramKey, number>();

  read(text: string): void {
    this.keys.length = 0;
    this.counts.length = 0;
    this.slot.clear();
    const norm = normaliseText(text);
    if (norm === '') return;
    const padded = ` ${norm} `;
    // The last GRAM (= 3, which gramKey packs) code points; `seen` counts how many have been read.
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let seen = 0;
    for (let i = 0; i < padded.length; i++) {
      const cp = padded.codePointAt(i) as number;
      if (cp > 0xffff) i++;
      c0 = c1;
      c1 = c2;
      c2 = cp;
      if (++seen < GRAM) continue;
      const key = gramKey(c0, c1, c2);
      const s = this.slot.get(key);
      if (s === undefined) {
        this.slot.set(key, this.keys.length);
        this.keys.push(key);
        this.counts.push(1);
      } else {
        this.counts[s]++;
      }
    }
  }
}

/** An Int32Array that grows by doubling (entries of a million rows are not known in advance). */
class GrowableInts {
  data = new Int32Array(1 << 16);
  length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }
}

/**
 * Indexes the text of `columns` (present values joined by one space) for
 * every row of the table. Runs in a worker (`pool.run('buildRetrievalPostings', …)`);
 * the arithmetic is the same, in the same order, as scoring a row against
 * `charGrams` by hand, so scores are identical to the last bit.
 *
 * @example
 * const postings = await pool.run('buildRetrievalPostings', { table: store.handle, columns: [0, 2] });
 */
export function buildRetrievalPostings(input: { table: TableHandle; columns: number[] }): RetrievalPostings {
  const store = ColumnStore.fromHandle(input.table);
  const n = store.rowCount;
  const vocab = new Map<GramKey, number>();
  const keys: GramKey[] = [];
  const df = new GrowableInts();
  const gramIds = new GrowableInts();
  const tfs = new GrowableInts();
  const rowStart = new Int32Array(n + 1);
  const row = new RowGrams();
  const parts: string[] = [];
  for (let r = 0; r < n; r++) {
    parts.length = 0;
    for (const c of input.columns) {
      const v = store.get(c, r);
      if (v !== null) parts.push(v);
    }
    row.read(parts.join(' '));
    for (let i = 0; i < row.keys.length; i++) {
      const key = row.keys[i];
      let id = vocab.get(key);
      if (id === undefined) {
        id = keys.length;
        vocab.set(key, id);
        keys.push(key);
        df.push(0);
      }
      df.data[id]++;
      gramIds.push(id);
      tfs.push(row.counts[i]);
    }
    rowStart[r + 1] = gramIds.length;
  }
  const V = keys.length;
  const idfBuf = new SharedArrayBuffer(8 * Math.max(1, V));
  const idf = new Float64Array(idfBuf, 0, V);
  for (let g = 0; g < V; g++) idf[g] = smoothIdf(n, df.data[g]);
  // Row norms, then a counting sort of (row, gram) entries into gram-major postings.
  const startsBuf = new SharedArrayBuffer(4 * (V + 1));
  const starts = new Int32Array(startsBuf);
  for (let g = 0; g < V; g++) starts[g + 1] = starts[g] + df.data[g];
  const fill = starts.slice(0, V);
  const E = gramIds.length;
  const rowsBuf = new SharedArrayBuffer(4 * Math.max(1, E));
  const weightsBuf = new SharedArrayBuffer(8 * Math.max(1, E));
  const rows = new Int32Array(rowsBuf);
  const weights = new Float64Array(weightsBuf);
  const ids = gramIds.data;
  const tf = tfs.data;
  for (let r = 0; r < n; r++) {
    let norm = 0;
    for (let e = rowStart[r]; e < rowStart[r + 1]; e++) norm += (tf[e] * idf[ids[e]]) ** 2;
    norm = Math.sqrt(norm);
    for (let e = rowStart[r]; e < rowStart[r + 1]; e++) {
      const g = ids[e];
      const at = fill[g]++;
      rows[at] = r;
      weights[at] = (tf[e] * idf[g]) / norm;
    }
  }
  return { rowCount: n, grams: keys.map(gramText), idf: idfBuf, starts: startsBuf, rows: rowsBuf, weights: weightsBuf };
}
