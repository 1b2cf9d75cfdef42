/** A scored-pair graph that changes: the run's compressed graph, with the edges of changed rows replaced by an adjacency overlay. */
import type { PairGraph } from './pair-graph.js';

/**
 * The reading side of a pair graph that clustering and cluster facts need.
 *
 * @example
 * const g: ScoredGraph = new LivingGraph(PairGraph.fromPairs(n, pairs));
 * g.forEachNeighbour(3, (v, s) => console.log(v, s));
 */
export interface ScoredGraph {
  /** The score of the pair (either order), or undefined when it is no edge. */
  score(a: number, b: number): number | undefined;
  /** Calls `visit` for each neighbour of `row` (no order promised). */
  forEachNeighbour(row: number, visit: (neighbour: number, score: number) => void): void;
}

/**
 * One overlay edge: its score, and the run's pair flags (deciding matchkey
 * index, | 0x80 when matched).
 *
 * @example
 * const e: Edge = { score: 0.93, flags: 0x80 };
 */
export interface Edge {
  score: number;
  flags: number;
}

/**
 * The run's {@link PairGraph} plus record changes. A changed row's base
 * edges are void (it was re-scored whole), and every edge touching a
 * changed row lives in `extra`, on both ends. A change to one row costs
 * O(its old and new degree), never a rebuild of the compressed arrays.
 *
 * @example
 * const g = new LivingGraph(PairGraph.fromPairs(3, pairs));
 * g.replaceRow(2, new Map([[0, { score: 0.93, flags: 0x80 }]])); // row 2's edges are now just 0–2
 * g.score(0, 2); // 0.93
 */
export class LivingGraph implements ScoredGraph {
  private readonly replaced = new Set<number>();
  /** Edges touching a replaced row, on both ends: neighbour → score and flags (deciding matchkey | 0x80 when matched). */
  private readonly extra = new Map<number, Map<number, Edge>>();
  private pairs: number;

  constructor(readonly base: PairGraph) {
    this.pairs = base.pairCount;
  }

  /**
   * Pairs in the graph now: the base pairs of rows never replaced plus the
   * overlay's (kept up to date by {@link replaceRow}, so reading it is O(1)).
   *
   * @example
   * g.pairCount; // /stats pairs_kept
   */
  get pairCount(): number {
    return this.pairs;
  }

  /** Whether `row`'s edges come from the overlay. */
  isReplaced(row: number): boolean {
    return this.replaced.has(row);
  }

  /** Rows whose edges were replaced (changed rows). */
  replacedRows(): ReadonlySet<number> {
    return this.replaced;
  }

  score(a: number, b: number): number | undefined {
    if (a === b) return undefined;
    if (this.replaced.has(a) || this.replaced.has(b)) return this.extra.get(a)?.get(b)?.score;
    return this.base.score(a, b);
  }

  forEachNeighbour(row: number, visit: (neighbour: number, score: number) => void): void {
    if (!this.replaced.has(row) && row < this.base.rowCount) {
      const { offsets, neighbours, scores } = this.base;
      const end = offsets[row + 1];
      for (let k = offsets[row]; k < end; k++) if (!this.replaced.has(neighbours[k])) visit(neighbours[k], scores[k]);
    }
    const own = this.extra.get(row);
    if (own !== undefined) for (const [v, e] of own) visit(v, e.score);
  }

  /**
   * Every edge touching a replaced row, once each (a < b), with its flags.
   *
   * @example
   * g.forEachChangedEdge((a, b, e) => console.log(a, b, e.score));
   */
  forEachChangedEdge(visit: (a: number, b: number, edge: Edge) => void): void {
    for (const [a, side] of this.extra) for (const [b, e] of side) if (a < b) visit(a, b, e);
  }

  /**
   * Replaces every edge of `row` by `edges` (neighbour → score); an empty
   * map leaves the row isolated (a deleted record).
   *
   * @example
   * g.replaceRow(7, new Map()); // row 7 has no edges any more
   */
  replaceRow(row: number, edges: ReadonlyMap<number, Edge>): void {
    if (!this.replaced.has(row) && row < this.base.rowCount) {
      // Its base pairs with rows still on the base go void (those with replaced rows went when they were replaced).
      const { offsets, neighbours } = this.base;
      for (let k = offsets[row]; k < offsets[row + 1]; k++) if (!this.replaced.has(neighbours[k])) this.pairs--;
    }
    const old = this.extra.get(row);
    if (old !== undefined) {
      this.pairs -= old.size;
      for (const v of old.keys()) {
        const back = this.extra.get(v);
        back?.delete(row);
        if (back !== undefined && back.size === 0) this.extra.delete(v);
      }
      this.extra.delete(row);
    }
    this.replaced.add(row);
    for (const [v, e] of edges) {
      if (v === row) continue;
      this.side(row).set(v, e);
      this.side(v).set(row, e);
      this.pairs++;
    }
  }

  private side(row: number): Map<number, Edge> {
    let m = this.extra.get(row);
    if (m === undefined) this.extra.set(row, (m = new Map()));
    return m;
  }
}
