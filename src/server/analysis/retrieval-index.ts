/** The retrieval index: character 3-gram TF-IDF vectors of one text view of the data, as postings lists, built in chunks so the event loop keeps answering. */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { ColumnStore } from '../../data/column-store.js';
import { charGrams } from '../../engine/analysis/char-ngrams.js';

/** Rows indexed between two yields to the event loop. */
const ROWS_PER_CHUNK = 2_000;

/**
 * One scored row of a query.
 *
 * @example
 * const hit: RetrievalHit = { row: 17, score: 0.91 };
 */
export interface RetrievalHit {
  row: number;
  score: number;
}

/**
 * Sparse TF-IDF (tf × smoothed idf, L2-normalised rows) in compressed
 * postings form: gram `g` occurs in rows `rows[starts[g] .. starts[g+1])`
 * with normalised weights `weights[...]`.
 *
 * @example
 * const index = await RetrievalIndex.build(store, [store.columnIndex('name')]);
 * index.query('jon smith'); // [{ row: 17, score: 0.93 }, ...]
 */
export class RetrievalIndex {
  readonly rowCount: number;
  private readonly vocab: Map<string, number>;
  private readonly idf: Float64Array;
  private readonly starts: Int32Array;
  private readonly rows: Int32Array;
  private readonly weights: Float64Array;

  private constructor(rowCount: number, vocab: Map<string, number>, idf: Float64Array, starts: Int32Array, rows: Int32Array, weights: Float64Array) {
    this.rowCount = rowCount;
    this.vocab = vocab;
    this.idf = idf;
    this.starts = starts;
    this.rows = rows;
    this.weights = weights;
  }

  /**
   * Indexes the text of `columns` (present values joined by one space) for
   * every row, yielding to the event loop between chunks of rows.
   */
  static async build(store: ColumnStore, columns: readonly number[]): Promise<RetrievalIndex> {
    const n = store.rowCount;
    const vocab = new Map<string, number>();
    const rowStart = new Int32Array(n + 1);
    let gramIds: number[] = [];
    let tfs: number[] = [];
    const df: number[] = [];
    for (let r = 0; r < n; r++) {
      if (r > 0 && r % ROWS_PER_CHUNK === 0) await yieldToLoop();
      const parts: string[] = [];
      for (const c of columns) {
        const v = store.get(c, r);
        if (v !== null) parts.push(v);
      }
      for (const [g, tf] of charGrams(parts.join(' '))) {
        let id = vocab.get(g);
        if (id === undefined) {
          id = vocab.size;
          vocab.set(g, id);
          df.push(0);
        }
        df[id]++;
        gramIds.push(id);
        tfs.push(tf);
      }
      rowStart[r + 1] = gramIds.length;
    }
    const V = vocab.size;
    const idf = new Float64Array(V);
    for (let g = 0; g < V; g++) idf[g] = smoothIdf(n, df[g]);
    // Row norms, then a counting sort of (row, gram) entries into gram-major postings.
    const starts = new Int32Array(V + 1);
    for (let g = 0; g < V; g++) starts[g + 1] = starts[g] + df[g];
    const fill = starts.slice(0, V);
    const rows = new Int32Array(gramIds.length);
    const weights = new Float64Array(gramIds.length);
    for (let r = 0; r < n; r++) {
      if (r > 0 && r % (ROWS_PER_CHUNK * 4) === 0) await yieldToLoop();
      let norm = 0;
      for (let e = rowStart[r]; e < rowStart[r + 1]; e++) norm += (tfs[e] * idf[gramIds[e]]) ** 2;
      norm = Math.sqrt(norm);
      for (let e = rowStart[r]; e < rowStart[r + 1]; e++) {
        const g = gramIds[e];
        const at = fill[g]++;
        rows[at] = r;
        weights[at] = (tfs[e] * idf[g]) / norm;
      }
    }
    gramIds = [];
    tfs = [];
    return new RetrievalIndex(n, vocab, idf, starts, rows, weights);
  }

  /**
   * Cosine similarity of `text` against every indexed row sharing a gram with
   * it (rows sharing none score 0 and are not returned), unsorted. Grams the
   * data never holds still count in the query's norm, so a query full of
   * unseen grams scores low.
   */
  query(text: string): RetrievalHit[] {
    const grams = charGrams(text);
    let qnorm = 0;
    const terms: Array<[number, number]> = [];
    for (const [g, tf] of grams) {
      const id = this.vocab.get(g);
      const w = tf * (id === undefined ? smoothIdf(this.rowCount, 0) : this.idf[id]);
      qnorm += w * w;
      if (id !== undefined) terms.push([id, w]);
    }
    if (qnorm === 0) return [];
    qnorm = Math.sqrt(qnorm);
    const acc = new Map<number, number>();
    for (const [g, w] of terms) {
      const q = w / qnorm;
      for (let e = this.starts[g]; e < this.starts[g + 1]; e++) {
        const r = this.rows[e];
        acc.set(r, (acc.get(r) ?? 0) + q * this.weights[e]);
      }
    }
    const out: RetrievalHit[] = [];
    for (const [row, s] of acc) out.push({ row, score: Math.min(1, s) });
    return out;
  }
}

function smoothIdf(n: number, df: number): number {
  return Math.log((1 + n) / (1 + df)) + 1;
}
