/** The retrieval index: character 3-gram TF-IDF vectors of one text view of the data, as postings lists built on the worker pool, queried on the main thread. */
import type { ColumnStore } from '../../data/column-store.js';
import { charGrams } from '../../engine/analysis/char-ngrams.js';
import { smoothIdf, type RetrievalPostings } from '../../engine/analysis/retrieval-postings.js';
import type { WorkerPool } from '../../engine/worker-pool.js';

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
 * postings form: gram `g` occurs `tfs[...]` times in rows
 * `rows[starts[g] .. starts[g+1])`; see `RetrievalPostings`.
 *
 * @example
 * const index = await RetrievalIndex.build(store, [store.columnIndex('name')], pool);
 * index.query('jon smith'); // [{ row: 17, score: 0.93 }, ...]
 */
export class RetrievalIndex {
  readonly rowCount: number;
  private readonly vocab: Map<string, number>;
  private readonly idf: Float64Array;
  private readonly starts: Int32Array;
  private readonly rows: Int32Array;
  private readonly tfs: Uint16Array | Int32Array;
  private readonly norms: Float64Array;

  private constructor(p: RetrievalPostings) {
    const V = p.grams.length;
    this.rowCount = p.rowCount;
    this.vocab = new Map(p.grams.map((g, i) => [g, i]));
    this.idf = new Float64Array(p.idf, 0, V);
    this.starts = new Int32Array(p.starts, 0, V + 1);
    const entries = this.starts[V];
    this.rows = new Int32Array(p.rows, 0, entries);
    this.tfs = p.wideTfs ? new Int32Array(p.tfs, 0, entries) : new Uint16Array(p.tfs, 0, entries);
    this.norms = new Float64Array(p.norms, 0, p.rowCount);
  }

  /**
   * Indexes the text of `columns` (present values joined by one space) for
   * every row, in a worker: at a million rows the build is seconds of CPU
   * and a gigabyte of intermediate arrays, which on the main thread stalled
   * every request, `/health` included, for as long.
   */
  static async build(store: ColumnStore, columns: readonly number[], pool: WorkerPool): Promise<RetrievalIndex> {
    return RetrievalIndex.fromPostings(await pool.run('buildRetrievalPostings', { table: store.handle, columns: [...columns] }));
  }

  /** Opens postings built by `buildRetrievalPostings` (shared memory, no copy; the vocabulary becomes a Map). */
  static fromPostings(p: RetrievalPostings): RetrievalIndex {
    return new RetrievalIndex(p);
  }

  /**
   * The weight of each gram of a query or record text (tf × idf, idf as the
   * loaded data gives it; a gram the data never holds gets the idf of a
   * gram of no row) and the vector's L2 norm.
   *
   * @example
   * index.weigh('jon smith').norm; // > 0 for any non-empty text
   */
  weigh(text: string): { terms: Array<{ gram: string; id: number | undefined; weight: number }>; norm: number } {
    let norm = 0;
    const terms: Array<{ gram: string; id: number | undefined; weight: number }> = [];
    for (const [gram, tf] of charGrams(text)) {
      const id = this.vocab.get(gram);
      const weight = tf * (id === undefined ? smoothIdf(this.rowCount, 0) : this.idf[id]);
      norm += weight * weight;
      terms.push({ gram, id, weight });
    }
    return { terms, norm: Math.sqrt(norm) };
  }

  /**
   * Cosine similarity of `text` against every indexed row sharing a gram with
   * it (rows sharing none score 0 and are not returned), unsorted. Grams the
   * data never holds still count in the query's norm, so a query full of
   * unseen grams scores low.
   */
  query(text: string): RetrievalHit[] {
    const { terms, norm: qnorm } = this.weigh(text);
    if (qnorm === 0) return [];
    const acc = new Map<number, number>();
    for (const { id: g, weight: w } of terms) {
      if (g === undefined) continue;
      const q = w / qnorm;
      const idf = this.idf[g];
      for (let e = this.starts[g]; e < this.starts[g + 1]; e++) {
        const r = this.rows[e];
        // The row's normalised weight, computed exactly as the build would have stored it.
        acc.set(r, (acc.get(r) ?? 0) + q * ((this.tfs[e] * idf) / this.norms[r]));
      }
    }
    const out: RetrievalHit[] = [];
    for (const [row, s] of acc) out.push({ row, score: Math.min(1, s) });
    return out;
  }
}
