/** Enforces cannot-links on a spanning forest by cutting the weakest tree edge on the path between the two rows. */
import { RootedForest } from './rooted-forest.js';
import type { SpanningForest } from './spanning-forest.js';
import type { PairDecision } from './types.js';

/**
 * For each cannot-link in the given order (seq ascending), when its two rows
 * are still joined by uncut tree edges, marks one edge of that path in `cut`:
 *
 * - the weakest automatic edge on the path (the highest rank: lowest score,
 *   ties by the larger pair id), so only that link breaks;
 * - when the path is made of must-links only, the oldest of them, but only if
 *   it is older than the cannot-link (newer decision wins); when every
 *   must-link on the path is newer, the cannot-link is not enforced.
 *
 * Returns the number of cannot-links that were not enforced for that reason.
 * The forest is hung from its roots only when some cannot-link falls inside
 * one tree, so runs without such constraints pay nothing.
 *
 * @example
 * const cut = new Uint8Array(forest.edges.count);
 * enforceCannotLinks(rowCount, forest, [{ a: 0, b: 3, seq: 5 }], cut);
 */
export function enforceCannotLinks(
  rowCount: number,
  forest: SpanningForest,
  cannotLinks: readonly PairDecision[],
  cut: Uint8Array,
): number {
  const { edges, trees } = forest;
  let rooted: RootedForest | null = null;
  let overruled = 0;
  for (const c of cannotLinks) {
    if (c.a < 0 || c.b < 0 || c.a >= rowCount || c.b >= rowCount || c.a === c.b) continue;
    if (trees.find(c.a) !== trees.find(c.b)) continue;
    rooted ??= RootedForest.build(rowCount, edges);
    const path = rooted.pathEdges(c.a, c.b);
    if (path === null || path.some((e) => cut[e] !== 0)) continue;
    let weakestAutomatic = -1;
    let oldestMust = -1;
    for (const e of path) {
      if (edges.mustLink[e] === 0) {
        if (e > weakestAutomatic) weakestAutomatic = e;
      } else if (e > oldestMust) {
        oldestMust = e;
      }
    }
    if (weakestAutomatic >= 0) cut[weakestAutomatic] = 1;
    else if (oldestMust >= 0 && edges.seq[oldestMust] < c.seq) cut[oldestMust] = 1;
    else overruled++;
  }
  return overruled;
}
