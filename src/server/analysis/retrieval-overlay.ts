/** The /retrieve view of records changed since the load: their gram vectors, weighted with the loaded index's idf, kept in step with the living table's journal of changes. */
import type { LivingTable } from '../../data/living-table.js';
import type { RetrievalHit, RetrievalIndex } from './retrieval-index.js';

/**
 * Postings of the changed live records of one text view (a column, or the
 * matching columns joined), beside the loaded {@link RetrievalIndex} (never
 * rebuilt). A record's text and weights are made exactly as the index's
 * (present values joined by one space, tf × idf, L2-normalised), with the
 * idf of the loaded data: corpus statistics stay as loaded until a restart,
 * as the matching run's do. Before each query the overlay takes the changes
 * made since the last one, so a query costs what those changes cost, plus
 * the postings of its grams.
 *
 * @example
 * const overlay = new RetrievalOverlay(index, [0, 2]);
 * overlay.catchUp(table);
 * overlay.query(index.weigh('jon smith')); // changed records sharing a gram with the query
 */
export class RetrievalOverlay {
  private seen = 0;
  /** Gram → changed live row → its normalised weight. */
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly gramsOf = new Map<number, string[]>();

  constructor(
    private readonly index: RetrievalIndex,
    private readonly columns: readonly number[],
  ) {}

  /** Takes the table's changes since the last call. */
  catchUp(table: LivingTable): void {
    const { rows, next } = table.changesSince(this.seen);
    this.seen = next;
    for (const row of new Set(rows)) {
      for (const gram of this.gramsOf.get(row) ?? []) {
        const holders = this.postings.get(gram);
        holders?.delete(row);
        if (holders !== undefined && holders.size === 0) this.postings.delete(gram);
      }
      this.gramsOf.delete(row);
      if (!table.exists(row)) continue;
      const cells = table.values(row);
      const parts: string[] = [];
      for (const c of this.columns) {
        const v = cells[c];
        if (v !== null) parts.push(v);
      }
      const { terms, norm } = this.index.weigh(parts.join(' '));
      if (norm === 0) continue;
      for (const { gram, weight } of terms) {
        let holders = this.postings.get(gram);
        if (holders === undefined) this.postings.set(gram, (holders = new Map()));
        holders.set(row, weight / norm);
      }
      this.gramsOf.set(row, terms.map((t) => t.gram));
    }
  }

  /**
   * Cosine similarity of a weighed query against every changed live record
   * sharing a gram with it (a gram the loaded data never held counts too),
   * unsorted.
   *
   * @example
   * overlay.query(index.weigh('jon')); // [{ row: 1004, score: 0.71 }]
   */
  query(q: ReturnType<RetrievalIndex['weigh']>): RetrievalHit[] {
    if (q.norm === 0) return [];
    const acc = new Map<number, number>();
    for (const { gram, weight } of q.terms) {
      const holders = this.postings.get(gram);
      if (holders === undefined) continue;
      for (const [row, w] of holders) acc.set(row, (acc.get(row) ?? 0) + (weight / q.norm) * w);
    }
    return Array.from(acc, ([row, s]) => ({ row, score: Math.min(1, s) }));
  }
}
