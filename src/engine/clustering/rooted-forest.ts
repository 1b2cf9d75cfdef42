/** A spanning forest hung from roots (parent pointers and depths) to list the tree path between two rows. */
import type { RankedEdges } from './spanning-forest.js';

/**
 * Parent pointers over a forest's tree edges, so the path between two rows
 * of one tree costs O(path length) instead of a search of the whole tree.
 * Roots are the smallest row of each tree (found by scanning rows in order),
 * which keeps the structure deterministic.
 *
 * @example
 * const rooted = RootedForest.build(rowCount, forest.edges);
 * rooted.pathEdges(3, 9); // ranks of the tree edges between rows 3 and 9, or null
 */
export class RootedForest {
  private constructor(
    private readonly parent: Int32Array,
    private readonly parentEdge: Int32Array,
    private readonly depth: Int32Array,
  ) {}

  /**
   * Hangs every tree of `edges` (a forest: no cycles) from its smallest row by
   * breadth-first search over a compressed adjacency of the tree edges.
   *
   * @example
   * const rooted = RootedForest.build(4, { a: Int32Array.of(0, 1), b: Int32Array.of(1, 2), mustLink: new Uint8Array(2), seq: new Float64Array(2), count: 2 });
   */
  static build(rowCount: number, edges: RankedEdges): RootedForest {
    const offsets = new Int32Array(rowCount + 1);
    for (let e = 0; e < edges.count; e++) {
      offsets[edges.a[e] + 1]++;
      offsets[edges.b[e] + 1]++;
    }
    for (let r = 0; r < rowCount; r++) offsets[r + 1] += offsets[r];
    const incident = new Int32Array(offsets[rowCount]);
    const cursor = offsets.slice(0, rowCount);
    for (let e = 0; e < edges.count; e++) {
      incident[cursor[edges.a[e]]++] = e;
      incident[cursor[edges.b[e]]++] = e;
    }

    const parent = new Int32Array(rowCount).fill(-1);
    const parentEdge = new Int32Array(rowCount).fill(-1);
    const depth = new Int32Array(rowCount).fill(-1);
    const queue = new Int32Array(rowCount);
    for (let root = 0; root < rowCount; root++) {
      if (depth[root] >= 0) continue;
      depth[root] = 0;
      let head = 0;
      let tail = 0;
      queue[tail++] = root;
      while (head < tail) {
        const u = queue[head++];
        const end = offsets[u + 1];
        for (let k = offsets[u]; k < end; k++) {
          const e = incident[k];
          const v = edges.a[e] === u ? edges.b[e] : edges.a[e];
          if (depth[v] >= 0) continue;
          depth[v] = depth[u] + 1;
          parent[v] = u;
          parentEdge[v] = e;
          queue[tail++] = v;
        }
      }
    }
    return new RootedForest(parent, parentEdge, depth);
  }

  /**
   * Ranks of the tree edges on the path between `u` and `v`; null when they
   * are in different trees; empty when `u === v`.
   *
   * @example
   * rooted.pathEdges(0, 2); // [0, 1] for the chain 0-1-2
   */
  pathEdges(u: number, v: number): number[] | null {
    const { parent, parentEdge, depth } = this;
    const path: number[] = [];
    while (depth[u] > depth[v]) {
      path.push(parentEdge[u]);
      u = parent[u];
    }
    while (depth[v] > depth[u]) {
      path.push(parentEdge[v]);
      v = parent[v];
    }
    while (u !== v) {
      if (parent[u] < 0) return null; // two different roots
      path.push(parentEdge[u], parentEdge[v]);
      u = parent[u];
      v = parent[v];
    }
    return path;
  }
}
