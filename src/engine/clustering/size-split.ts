/** Splits trees over the size limit by cutting their weakest automatic edges. */
import type { SpanningForest } from './spanning-forest.js';
import { UnionFind } from './union-find.js';

/**
 * Marks in `cut` the automatic tree edges that the rule "while a piece is
 * over `maxSize` rows, cut its weakest edge" removes, in one pass.
 *
 * Why one pass is enough: rebuilding the (already cut) forest strongest edge
 * first gives each edge the piece it closes; the weakest edge of any piece is
 * the one that closed it last. Cutting top-down therefore removes exactly
 * the automatic edges whose closed piece is larger than `maxSize` — pieces
 * below such an edge are smaller and may survive, pieces above it are larger
 * and are cut too. Must-links are never cut here: a piece held together only
 * by must-links stays over the limit (the steward asked for it).
 *
 * Returns the number of edges cut.
 *
 * @example
 * const cut = new Uint8Array(forest.edges.count);
 * splitOversized(rowCount, forest, 100, cut);
 */
export function splitOversized(rowCount: number, forest: SpanningForest, maxSize: number, cut: Uint8Array): number {
  const { edges } = forest;
  const pieces = new UnionFind(rowCount);
  let cuts = 0;
  for (let e = 0; e < edges.count; e++) {
    if (cut[e] !== 0) continue;
    pieces.union(edges.a[e], edges.b[e]);
    if (edges.mustLink[e] === 0 && pieces.sizeOf(edges.a[e]) > maxSize) {
      cut[e] = 1;
      cuts++;
    }
  }
  return cuts;
}
