/** The scored-pair graph in compressed sparse rows: per row its neighbours ascending, with the pair's score. */
import { KindredError } from '../../errors/registry.js';
import type { PairList } from './types.js';

/**
 * The arrays of a {@link PairGraph}, structured-cloneable, so a worker can
 * build a graph and hand it to the main thread.
 *
 * @example
 * const arrays: PairGraphArrays = PairGraph.fromPairs(n, pairs).arrays();
 */
export interface PairGraphArrays {
  rowCount: number;
  pairCount: number;
  offsets: Int32Array;
  neighbours: Int32Array;
  scores: Float64Array;
}

/**
 * Every kept scored pair of a run (matches and the sub-threshold pairs of the
 * review band) as an undirected graph. Row `r`'s neighbours are
 * `neighbours[offsets[r] .. offsets[r+1])`, ascending, with `scores` in the
 * same slots, so a pair lookup is a binary search and a neighbour walk is a
 * plain loop over typed arrays.
 *
 * @example
 * const g = PairGraph.fromPairs(3, { a: Int32Array.of(0, 1), b: Int32Array.of(2, 2), score: Float64Array.of(0.9, 0.7), count: 2 });
 * g.score(2, 0);   // 0.9
 * g.score(0, 1);   // undefined
 * g.degree(2);     // 2
 */
export class PairGraph {
  private constructor(
    readonly rowCount: number,
    readonly pairCount: number,
    /** `rowCount + 1` entries; row r's slots are `offsets[r] .. offsets[r+1]`. */
    readonly offsets: Int32Array,
    readonly neighbours: Int32Array,
    readonly scores: Float64Array,
  ) {}

  /**
   * Builds the graph in O(rows + pairs) without sorting: the pairs are first
   * bucketed by row in input order, then re-bucketed by visiting rows in
   * ascending order, which leaves every row's list ascending. Throws
   * `internal` for a pair that is out of range, not `a < b`, has a score that
   * is not a finite number, or appears twice (the scoring stage owes us
   * unique pairs; silently keeping one would hide a bug there).
   *
   * @example
   * const g = PairGraph.fromPairs(2, { a: Int32Array.of(0), b: Int32Array.of(1), score: Float64Array.of(1), count: 1 });
   */
  static fromPairs(rowCount: number, pairs: PairList): PairGraph {
    const { a, b, score, count } = pairs;
    const offsets = new Int32Array(rowCount + 1);
    for (let i = 0; i < count; i++) {
      const x = a[i];
      const y = b[i];
      if (!(x >= 0 && x < y && y < rowCount)) {
        throw new KindredError('internal', `pair ${i} (${x}, ${y}) is not a pair of row ids a < b below ${rowCount}`);
      }
      if (!Number.isFinite(score[i])) {
        throw new KindredError('internal', `pair ${x}-${y} has a score that is not a finite number`);
      }
      offsets[x + 1]++;
      offsets[y + 1]++;
    }
    for (let r = 0; r < rowCount; r++) offsets[r + 1] += offsets[r];

    const slots = offsets[rowCount];
    const looseN = new Int32Array(slots);
    const looseS = new Float64Array(slots);
    const cursor = offsets.slice(0, rowCount);
    for (let i = 0; i < count; i++) {
      const x = a[i];
      const y = b[i];
      let k = cursor[x]++;
      looseN[k] = y;
      looseS[k] = score[i];
      k = cursor[y]++;
      looseN[k] = x;
      looseS[k] = score[i];
    }

    const neighbours = new Int32Array(slots);
    const scores = new Float64Array(slots);
    cursor.set(offsets.subarray(0, rowCount));
    for (let u = 0; u < rowCount; u++) {
      const end = offsets[u + 1];
      for (let k = offsets[u]; k < end; k++) {
        const v = looseN[k];
        const at = cursor[v]++;
        if (at > offsets[v] && neighbours[at - 1] === u) {
          throw new KindredError('internal', `pair ${Math.min(u, v)}-${Math.max(u, v)} appears more than once`);
        }
        neighbours[at] = u;
        scores[at] = looseS[k];
      }
    }
    return new PairGraph(rowCount, count, offsets, neighbours, scores);
  }

  /**
   * Reopens the arrays of a graph built by {@link fromPairs} (typically in a
   * worker, on shared memory); they are used as they are, not checked again.
   *
   * @example
   * const g = PairGraph.fromArrays(await pool.run('buildServedRun', input).then((r) => r.graph));
   */
  static fromArrays(a: PairGraphArrays): PairGraph {
    return new PairGraph(a.rowCount, a.pairCount, a.offsets, a.neighbours, a.scores);
  }

  /**
   * The graph's arrays (the same memory, not a copy).
   *
   * @example
   * PairGraph.fromArrays(g.arrays()).score(0, 2) === g.score(0, 2); // true
   */
  arrays(): PairGraphArrays {
    return { rowCount: this.rowCount, pairCount: this.pairCount, offsets: this.offsets, neighbours: this.neighbours, scores: this.scores };
  }

  /**
   * Number of scored pairs that involve `row`.
   *
   * @example
   * g.degree(0); // 1
   */
  degree(row: number): number {
    return this.offsets[row + 1] - this.offsets[row];
  }

  /**
   * Slot of `b` in `a`'s neighbour list, or -1 (binary search, O(log d)).
   *
   * @example
   * const k = g.slotOf(0, 2);
   * if (k >= 0) g.scores[k];
   */
  slotOf(a: number, b: number): number {
    if (a < 0 || b < 0 || a >= this.rowCount || b >= this.rowCount || a === b) return -1;
    // Search the shorter list; both hold the pair.
    if (this.degree(b) < this.degree(a)) {
      const t = a;
      a = b;
      b = t;
    }
    let lo = this.offsets[a];
    let hi = this.offsets[a + 1] - 1;
    const list = this.neighbours;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = list[mid];
      if (v === b) return mid;
      if (v < b) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * The score of the pair (either order), or undefined when it was not scored
   * (or not kept) by the run.
   *
   * @example
   * g.score(2, 0); // 0.9
   */
  score(a: number, b: number): number | undefined {
    const k = this.slotOf(a, b);
    return k < 0 ? undefined : this.scores[k];
  }

  /**
   * Calls `visit` for each neighbour of `row`, ascending. Hot loops should
   * read `offsets`/`neighbours`/`scores` directly instead.
   *
   * @example
   * g.forEachNeighbour(2, (n, s) => console.log(n, s)); // 0 0.9, then 1 0.7
   */
  forEachNeighbour(row: number, visit: (neighbour: number, score: number) => void): void {
    const end = this.offsets[row + 1];
    for (let k = this.offsets[row]; k < end; k++) visit(this.neighbours[k], this.scores[k]);
  }
}
