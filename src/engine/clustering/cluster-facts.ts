/** The facts `GET /clusters/<id>` reports about one cluster: link scores, bottleneck pair, confidence. */
import { KindredError } from '../../errors/registry.js';
import type { ScoredGraph } from './living-graph.js';
import { comparePairs, pairId } from './pair-id.js';
import { round6 } from './round6.js';

export { round6 } from './round6.js';

/**
 * One cluster as the API reports it (snake_case: it is serialised as is).
 *
 * @example
 * const f: ClusterFacts = { cluster_id: 12, size: 2, confidence: 0.985, pair_scores: { '12-40': 0.97 }, bottleneck_pair: [12, 40] };
 */
export interface ClusterFacts {
  cluster_id: number;
  size: number;
  confidence: number;
  pair_scores: Record<string, number>;
  bottleneck_pair: [number, number] | null;
}

/**
 * A link the pair graph does not hold, with its score: a must-link on a pair
 * the run never scored (its score was taken when the steward approved it).
 *
 * @example
 * const extra: ScoredPair = { a: 4, b: 90, score: 0.41 };
 */
export interface ScoredPair {
  a: number;
  b: number;
  score: number;
}

/**
 * Facts of the cluster made of `members` (row ids, ascending).
 *
 * `pair_scores` holds the **links** inside the cluster — the pairs that hold
 * it together: matched pairs and must-links (`isLink`), with their scores
 * from `graph` (or `extraLinks` for must-links the graph lacks). Scored pairs
 * below the threshold (the lower review band) are not links and are left
 * out, so a cluster's numbers describe the evidence it was built from.
 *
 * Every score is rounded with `round6` first, and `bottleneck_pair` and the
 * confidence are computed from the rounded scores, so a client can
 * recompute them from the response. Confidence (rounded too):
 * `0.4·min + 0.3·mean + 0.3·(links ÷ possible pairs)`; 1 for a singleton; 0
 * for a cluster of several rows with no links. The bottleneck is the lowest
 * score, ties broken by the smallest pair id.
 *
 * Cost: one walk over the members' neighbour lists with a binary search into
 * `members` per neighbour, never one lookup per possible pair.
 *
 * @example
 * const g = PairGraph.fromPairs(3, { a: Int32Array.of(0, 0, 1), b: Int32Array.of(1, 2, 2), score: Float64Array.of(0.9, 0.8, 0.8), count: 3 });
 * clusterFacts([0, 1, 2], g, () => true);
 * // { cluster_id: 0, size: 3, confidence: 0.87,
 * //   pair_scores: { '0-1': 0.9, '0-2': 0.8, '1-2': 0.8 }, bottleneck_pair: [0, 2] }
 */
export function clusterFacts(
  members: readonly number[],
  graph: ScoredGraph,
  isLink: (a: number, b: number) => boolean,
  extraLinks: readonly ScoredPair[] = [],
): ClusterFacts {
  if (members.length === 0) throw new KindredError('internal', 'a cluster has at least one member');
  const size = members.length;
  const clusterId = members[0];
  if (size === 1) return { cluster_id: clusterId, size, confidence: 1, pair_scores: {}, bottleneck_pair: null };

  const found: ScoredPair[] = [];
  for (const a of members) {
    graph.forEachNeighbour(a, (b, score) => {
      if (b > a && contains(members, b) && isLink(a, b)) found.push({ a, b, score: round6(score) });
    });
  }
  for (const e of extraLinks) {
    const a = Math.min(e.a, e.b);
    const b = Math.max(e.a, e.b);
    if (a !== b && contains(members, a) && contains(members, b) && graph.score(a, b) === undefined) {
      found.push({ a, b, score: round6(e.score) });
    }
  }
  if (found.length === 0) return { cluster_id: clusterId, size, confidence: 0, pair_scores: {}, bottleneck_pair: null };
  found.sort((x, y) => comparePairs(x.a, x.b, y.a, y.b));

  const pairScores: Record<string, number> = {};
  let bottleneck = found[0];
  let sum = 0;
  for (const p of found) {
    if (pairId(p.a, p.b) in pairScores) continue; // an extra link repeated by the caller
    pairScores[pairId(p.a, p.b)] = p.score;
    sum += p.score;
    // Pairs arrive in pair-id order, so a strictly lower score is needed to move the bottleneck.
    if (p.score < bottleneck.score) bottleneck = p;
  }
  const linkCount = Object.keys(pairScores).length;
  const possible = (size * (size - 1)) / 2;
  const confidence = 0.4 * bottleneck.score + 0.3 * (sum / linkCount) + 0.3 * (linkCount / possible);
  return {
    cluster_id: clusterId,
    size,
    confidence: round6(Math.min(1, Math.max(0, confidence))),
    pair_scores: pairScores,
    bottleneck_pair: [bottleneck.a, bottleneck.b],
  };
}

/** Binary search in an ascending list. */
function contains(sorted: readonly number[], x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid];
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
