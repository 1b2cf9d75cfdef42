/** The facts of one cluster as the API reports them: link pair scores, bottleneck pair and confidence. */
import { round6 } from '../scoring/round-score.js';
import type { PairGraph } from './pair-graph.js';

/** One cluster as `/clusters/<id>` describes it (members are listed by the caller). */
export interface ClusterFacts {
  cluster_id: number;
  size: number;
  confidence: number;
  pair_scores: Record<string, number>;
  bottleneck_pair: [number, number] | null;
}

/**
 * Facts of a cluster from its sorted members: `pair_scores` holds the links
 * inside it (matched pairs and must-links: the edges that hold it together),
 * the bottleneck is the lowest-scoring one (ties: smallest pair id), and
 * confidence = 0.4·min + 0.3·mean + 0.3·(scored pairs ÷ possible pairs);
 * 1.0 for a singleton, 0 for several members without scores.
 *
 * @example
 * clusterFacts([12, 40], graph, isLink, scoreOf); // { cluster_id: 12, size: 2, confidence: 0.97, ... }
 */
export function clusterFacts(
  members: readonly number[],
  graph: PairGraph,
  isLink: (a: number, b: number) => boolean,
  scoreOf: (a: number, b: number) => number = (a, b) => graph.score(a, b) ?? 0,
): ClusterFacts {
  const size = members.length;
  if (size <= 1) return { cluster_id: members[0] ?? -1, size, confidence: 1, pair_scores: {}, bottleneck_pair: null };
  const inside = new Set(members);
  const pairScores: Record<string, number> = {};
  let min = Infinity;
  let sum = 0;
  let n = 0;
  let bottleneck: [number, number] | null = null;
  for (const a of members) {
    const candidates = new Set<number>();
    graph.forEachNeighbour(a, (b) => {
      if (b > a && inside.has(b)) candidates.add(b);
    });
    for (const b of members) if (b > a && !candidates.has(b) && isLink(a, b)) candidates.add(b);
    for (const b of [...candidates].sort((x, y) => x - y)) {
      if (!isLink(a, b)) continue;
      const s = round6(scoreOf(a, b));
      pairScores[`${a}-${b}`] = s;
      sum += s;
      n++;
      if (s < min) {
        min = s;
        bottleneck = [a, b];
      }
    }
  }
  if (n === 0) return { cluster_id: members[0], size, confidence: 0, pair_scores: {}, bottleneck_pair: null };
  const possible = (size * (size - 1)) / 2;
  const confidence = round6(Math.min(1, Math.max(0, 0.4 * min + 0.3 * (sum / n) + 0.3 * (n / possible))));
  return { cluster_id: members[0], size, confidence, pair_scores: pairScores, bottleneck_pair: bottleneck };
}
