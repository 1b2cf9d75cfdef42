/** Kruskal's maximum spanning forest over edges already in strength order. */
import { LinkDensityGate } from './link-density-gate.js';
import { UnionFind } from './union-find.js';

/**
 * Edges as parallel arrays in strength order (strongest first). `mustLink[i]`
 * is 1 for a steward's must-link, 0 for an automatic match; `seq[i]` is the
 * must-link's edit seq (unused for automatic edges). In a forest the index of
 * an edge is its **rank**: a higher rank is a weaker edge.
 *
 * @example
 * const edges: RankedEdges = { a: Int32Array.of(0), b: Int32Array.of(1), mustLink: Uint8Array.of(0), seq: Float64Array.of(0), count: 1 };
 */
export interface RankedEdges {
  a: Int32Array;
  b: Int32Array;
  mustLink: Uint8Array;
  seq: Float64Array;
  count: number;
}

/**
 * A maximum spanning forest: its tree edges in rank order, the union-find of
 * its trees, and the size of its largest tree (so callers can skip the size
 * split when nothing is over the limit).
 *
 * @example
 * const f = maximumSpanningForest(3, edges);
 * f.edges.count; // tree edges, at most rowCount - 1
 */
export interface SpanningForest {
  edges: RankedEdges;
  trees: UnionFind;
  largestTree: number;
}

/**
 * Kruskal: walks the edges strongest first and keeps each one that joins two
 * different trees (and, with `minLinkDensity` > 0, passes the
 * {@link LinkDensityGate}). Because the input order is total (score, then pair id; or
 * must-link seq), the forest is unique — the same data always yields the same
 * trees. An edge that closes a cycle is the weakest on that cycle, which is
 * what lets later steps reason about "the weakest link on a path" from the
 * tree alone.
 *
 * @example
 * const f = maximumSpanningForest(3, {
 *   a: Int32Array.of(0, 1, 0), b: Int32Array.of(1, 2, 2),
 *   mustLink: new Uint8Array(3), seq: new Float64Array(3), count: 3,
 * });
 * f.edges.count;      // 2 (0-2 closes a cycle)
 * f.largestTree;      // 3
 */
export function maximumSpanningForest(rowCount: number, edges: RankedEdges, minLinkDensity = 0): SpanningForest {
  const trees = new UnionFind(rowCount);
  const gate = minLinkDensity > 0 ? new LinkDensityGate(rowCount, edges, minLinkDensity) : null;
  const cap = Math.min(edges.count, Math.max(rowCount - 1, 0));
  const a = new Int32Array(cap);
  const b = new Int32Array(cap);
  const mustLink = new Uint8Array(cap);
  const seq = new Float64Array(cap);
  let count = 0;
  let largestTree = rowCount > 0 ? 1 : 0;
  for (let i = 0; i < edges.count && count < cap; i++) {
    const x = edges.a[i];
    const y = edges.b[i];
    const rootX = trees.find(x);
    const rootY = trees.find(y);
    if (rootX === rootY) continue;
    // A refused edge is dropped like one closing a cycle; must-links are never refused.
    if (gate !== null && edges.mustLink[i] === 0 && !gate.allows(trees, rootX, rootY)) continue;
    trees.union(x, y);
    gate?.joined(trees, rootX, rootY);
    a[count] = x;
    b[count] = y;
    mustLink[count] = edges.mustLink[i];
    seq[count] = edges.seq[i];
    count++;
    const size = trees.sizeOf(x);
    if (size > largestTree) largestTree = size;
  }
  return { edges: { a, b, mustLink, seq, count }, trees, largestTree };
}
