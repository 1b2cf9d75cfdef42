/** A scored-pair graph that changes: the run's compressed graph, with the edges of changed rows replaced by an adjacency overlay. */
import { withRoomFor } from '../../data/grow-array.js';
import { PackedAdjacency } from './packed-adjacency.js';
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
 * changed row lives in a {@link PackedAdjacency} overlay, on both ends. A
 * change to one row costs O(its old and new degree, and its neighbours'),
 * never a rebuild of the compressed arrays. The overlay is typed arrays,
 * not a `Map` per row: at 100,000 changes the maps were most of the heap
 * the changes added (docs/incremental.md).
 *
 * @example
 * const g = new LivingGraph(PairGraph.fromPairs(3, pairs));
 * g.replaceRow(2, new Map([[0, { score: 0.93, flags: 0x80 }]])); // row 2's edges are now just 0–2
 * g.score(0, 2); // 0.93
 */
export class LivingGraph implements ScoredGraph {
  /** 1 at each replaced row; grows by doubling to the largest replaced row. */
  private replaced = new Uint8Array(0);
  /** Edges touching a replaced row, on both ends, with their flags (deciding matchkey | 0x80 when matched). */
  private readonly extra = new PackedAdjacency();
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
    return row < this.replaced.length && this.replaced[row] === 1;
  }

  score(a: number, b: number): number | undefined {
    if (a === b) return undefined;
    if (this.isReplaced(a) || this.isReplaced(b)) return this.extra.score(a, b);
    return this.base.score(a, b);
  }

  forEachNeighbour(row: number, visit: (neighbour: number, score: number) => void): void {
    if (!this.isReplaced(row) && row < this.base.rowCount) {
      const { offsets, neighbours, scores } = this.base;
      const end = offsets[row + 1];
      for (let k = offsets[row]; k < end; k++) if (!this.isReplaced(neighbours[k])) visit(neighbours[k], scores[k]);
    }
    this.extra.forEachNeighbour(row, visit);
  }

  /**
   * Every edge touching a replaced row, once each (a < b), with its score
   * and flags, in no promised order.
   *
   * @example
   * g.forEachChangedEdge((a, b, score, flags) => console.log(a, b, score));
   */
  forEachChangedEdge(visit: (a: number, b: number, score: number, flags: number) => void): void {
    this.extra.forEachEdge(visit);
  }

  /**
   * Replaces every edge of `row` by `edges` (neighbour → score); an empty
   * map leaves the row isolated (a deleted record).
   *
   * @example
   * g.replaceRow(7, new Map()); // row 7 has no edges any more
   */
  replaceRow(row: number, edges: ReadonlyMap<number, Edge>): void {
    if (!this.isReplaced(row) && row < this.base.rowCount) {
      // Its base pairs with rows still on the base go void (those with replaced rows went when they were replaced).
      const { offsets, neighbours } = this.base;
      for (let k = offsets[row]; k < offsets[row + 1]; k++) if (!this.isReplaced(neighbours[k])) this.pairs--;
    }
    this.pairs -= this.extra.unlinkAll(row);
    this.markReplaced(row);
    for (const [v, e] of edges) {
      if (v === row) continue;
      this.extra.link(row, v, e.score, e.flags);
      this.pairs++;
    }
  }

  private markReplaced(row: number): void {
    this.replaced = withRoomFor(this.replaced, row);
    this.replaced[row] = 1;
  }
}
