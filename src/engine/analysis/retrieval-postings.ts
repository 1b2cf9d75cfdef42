/** Worker task: the character 3-gram TF-IDF postings of one text view of a table, built off the event loop into shared memory. */
import { ColumnStore, type TableHandle } from '../../data/column-store.js';
import { GRAM, normaliseText } from './char-ngrams.js';

/**
 * Sparse TF-IDF (tf × smoothed idf, L2-normalised rows) in postings form:
 * gram `grams[g]` occurs in rows `rows[starts[g] .. starts[g+1])` (ascending)
 * `tfs[...]` times. The normalised weight of an entry is
 * `tf × idf[g] ÷ norms[row]`, computed when a query reads it rather than
 * stored: at a million rows that saves 6 of every 12 bytes per entry. Every
 * buffer is shared, so handing the postings to the main thread copies nothing.
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
  /** Term frequencies parallel to rows: a Uint16Array, or an Int32Array when `wideTfs` (some count above 65,535). */
  tfs: SharedArrayBuffer;
  wideTfs: boolean;
  /** Float64Array by row: the L2 norm of the row's tf × idf vector (0 for a row without text). */
  norms: SharedArrayBuffer;
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

/** Grams of three ASCII code units are looked up in a table indexed by their 21 bits, with no hashing. */
const ASCII_GRAMS = 1 << 21;

/**
 * Gram text → gram id, assigning ids in order of first sight. Grams of
 * three ASCII characters (nearly all of them in typical data) are found by
 * direct indexing; the rest go through a Map of their text. Three-letter
 * strings in a Map were most of the cost of indexing a million rows.
 */
class GramVocabulary {
  readonly grams: string[] = [];
  private readonly ascii = new Int32Array(ASCII_GRAMS).fill(-1);
  private readonly other = new Map<string, number>();

  idOf(c0: number, c1: number, c2: number): number {
    if ((c0 | c1 | c2) < 0x80) {
      const k = (c0 << 14) | (c1 << 7) | c2;
      let id = this.ascii[k];
      if (id < 0) {
        id = this.ascii[k] = this.grams.length;
        this.grams.push(String.fromCharCode(c0, c1, c2));
      }
      return id;
    }
    const text = String.fromCodePoint(c0, c1, c2);
    let id = this.other.get(text);
    if (id === undefined) {
      id = this.grams.length;
      this.other.set(text, id);
      this.grams.push(text);
    }
    return id;
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
 * every row of the table. Runs in a worker (`pool.run('buildRetrievalPostings', …)`).
 * Each row's grams are those of `charGrams` (lower-cased, whitespace
 * collapsed, padded with one space, sliding over code points), counted in
 * order of first occurrence, and the arithmetic is the same, in the same
 * order, as weighting a row's `charGrams` by hand, so scores are identical
 * to the last bit.
 *
 * @example
 * const postings = await pool.run('buildRetrievalPostings', { table: store.handle, columns: [0, 2] });
 */
export function buildRetrievalPostings(input: { table: TableHandle; columns: number[] }): RetrievalPostings {
  const store = ColumnStore.fromHandle(input.table);
  const n = store.rowCount;
  const vocab = new GramVocabulary();
  const df = new GrowableInts();
  const gramIds = new GrowableInts();
  const tfs = new GrowableInts();
  const rowStart = new Int32Array(n + 1);
  // Per gram id: the last row it was seen in and its slot in that row's list (first-occurrence order).
  const seenIn = new GrowableInts();
  const slotIn = new GrowableInts();
  const parts: string[] = [];
  for (let r = 0; r < n; r++) {
    parts.length = 0;
    for (const c of input.columns) {
      const v = store.get(c, r);
      if (v !== null) parts.push(v);
    }
    const norm = normaliseText(parts.join(' '));
    if (norm !== '') {
      const padded = ` ${norm} `;
      // The last GRAM (= 3) code points; `seen` counts how many have been read.
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
        const id = vocab.idOf(c0, c1, c2);
        if (id === df.length) {
          df.push(0);
          seenIn.push(-1);
          slotIn.push(0);
        }
        if (seenIn.data[id] === r) {
          tfs.data[slotIn.data[id]]++;
        } else {
          seenIn.data[id] = r;
          slotIn.data[id] = gramIds.length;
          df.data[id]++;
          gramIds.push(id);
          tfs.push(1);
        }
      }
    }
    rowStart[r + 1] = gramIds.length;
  }
  const V = vocab.grams.length;
  const idfBuf = new SharedArrayBuffer(8 * Math.max(1, V));
  const idf = new Float64Array(idfBuf, 0, V);
  for (let g = 0; g < V; g++) idf[g] = smoothIdf(n, df.data[g]);
  // Row norms, and a counting sort of (row, gram) entries into gram-major postings.
  const startsBuf = new SharedArrayBuffer(4 * (V + 1));
  const starts = new Int32Array(startsBuf);
  for (let g = 0; g < V; g++) starts[g + 1] = starts[g] + df.data[g];
  const fill = starts.slice(0, V);
  const E = gramIds.length;
  const ids = gramIds.data;
  const tf = tfs.data;
  let maxTf = 0;
  for (let e = 0; e < E; e++) if (tf[e] > maxTf) maxTf = tf[e];
  const wideTfs = maxTf > 0xffff;
  const rowsBuf = new SharedArrayBuffer(4 * Math.max(1, E));
  const tfsBuf = new SharedArrayBuffer((wideTfs ? 4 : 2) * Math.max(1, E));
  const normsBuf = new SharedArrayBuffer(8 * Math.max(1, n));
  const rows = new Int32Array(rowsBuf);
  const outTfs = wideTfs ? new Int32Array(tfsBuf) : new Uint16Array(tfsBuf);
  const norms = new Float64Array(normsBuf);
  for (let r = 0; r < n; r++) {
    let norm = 0;
    for (let e = rowStart[r]; e < rowStart[r + 1]; e++) norm += (tf[e] * idf[ids[e]]) ** 2;
    norms[r] = Math.sqrt(norm);
    for (let e = rowStart[r]; e < rowStart[r + 1]; e++) {
      const at = fill[ids[e]]++;
      rows[at] = r;
      outTfs[at] = tf[e];
    }
  }
  return { rowCount: n, grams: vocab.grams, idf: idfBuf, starts: startsBuf, rows: rowsBuf, tfs: tfsBuf, wideTfs, norms: normsBuf };
}
