/** Worker task: the arrays the server derives from a finished run (pair graph, initial clusters and member lists, review band), built off the event loop on shared memory. */
import { matchedLinks, type PairList } from '../engine/run.js';
import { PairGraph, type PairGraphArrays } from '../engine/clustering/pair-graph.js';
import type { ClusterLimits } from '../engine/clustering/cluster-builder.js';
import { seedClusterState, type ClusterSeed } from '../engine/clustering/cluster-state.js';

/**
 * What {@link buildServedRun} needs: the run's kept pairs and the settings that shape clusters and the queue.
 *
 * @example
 * const input: ServedRunInput = { rowCount, pairs: run.pairs, maxClusterSize: 100, thresholds: [0.8], review: { lo: null, hi: null } };
 */
export interface ServedRunInput extends ClusterLimits {
  rowCount: number;
  pairs: PairList;
  /** Threshold of each matchkey, by index (the deciding matchkey is `flags & 0x7f`). */
  thresholds: number[];
  review: { lo: number | null; hi: number | null };
}

/**
 * Everything `MatchResults` would otherwise compute on the main thread, each
 * array on a SharedArrayBuffer so handing it over copies nothing.
 *
 * @example
 * const served: ServedRunArrays = await pool.run('buildServedRun', input);
 * PairGraph.fromArrays(served.graph).score(3, 17);
 */
export interface ServedRunArrays {
  /** Every kept pair as a graph. */
  graph: PairGraphArrays;
  /** The initial clusters of the matched pairs (no edits). */
  seed: ClusterSeed;
  /** Pairs in the review band, queue-ordered (indices into the kept pairs). */
  band: Int32Array;
}

/**
 * A kept pair's place in the review queue: |score − threshold| in
 * millionths when the score lies in its matchkey's band (`[lo, hi]`, by
 * default threshold − 0.1 to threshold + 0.05), else null.
 *
 * @example
 * bandDistance(0.79, 0.8, { lo: null, hi: null }); // 10000
 */
export function bandDistance(score: number, threshold: number, review: { lo: number | null; hi: number | null }): number | null {
  const lo = review.lo ?? threshold - 0.1;
  const hi = review.hi ?? threshold + 0.05;
  return score >= lo - 1e-12 && score <= hi + 1e-12 ? Math.round(Math.abs(score - threshold) * 1e6) : null;
}

/**
 * Indices of kept pairs inside their deciding matchkey's review band
 * (`[lo, hi]`, by default threshold − 0.1 to threshold + 0.05), ordered by
 * |score − threshold| in the millionths scores are reported in (two pairs
 * equally far from the threshold on either side tie exactly, instead of
 * being ordered by floating-point noise), then row a, then row b.
 *
 * @example
 * reviewBand(pairs, [0.8], { lo: null, hi: null }); // Int32Array [4, 0, 9]
 */
export function reviewBand(pairs: PairList, thresholds: readonly number[], review: { lo: number | null; hi: number | null }): Int32Array {
  const idx: number[] = [];
  const dist = new Float64Array(pairs.count);
  for (let i = 0; i < pairs.count; i++) {
    const d = bandDistance(pairs.score[i], thresholds[pairs.flags[i] & 0x7f], review);
    if (d !== null) {
      idx.push(i);
      dist[i] = d;
    }
  }
  idx.sort((x, y) => dist[x] - dist[y] || pairs.a[x] - pairs.a[y] || pairs.b[x] - pairs.b[y]);
  return Int32Array.from(idx);
}

function shared<T extends Int32Array | Float64Array>(a: T): T {
  const copy = (a instanceof Int32Array ? new Int32Array(new SharedArrayBuffer(a.byteLength)) : new Float64Array(new SharedArrayBuffer(a.byteLength))) as T;
  copy.set(a);
  return copy;
}

function sharedGraph(g: PairGraphArrays): PairGraphArrays {
  return { ...g, offsets: shared(g.offsets), neighbours: shared(g.neighbours), scores: shared(g.scores) };
}

/**
 * Builds the served arrays of a run in a worker (`pool.run('buildServedRun', …)`).
 *
 * @example
 * const served = buildServedRun({ rowCount, pairs: run.pairs, maxClusterSize: 100, thresholds: [0.8], review: { lo: null, hi: null } });
 */
export function buildServedRun(input: ServedRunInput): ServedRunArrays {
  const graph = PairGraph.fromPairs(input.rowCount, input.pairs).arrays();
  const seed = seedClusterState(input.rowCount, matchedLinks(input.pairs), input);
  return {
    graph: sharedGraph(graph),
    seed: { linkGraph: sharedGraph(seed.linkGraph), of: shared(seed.of), next: shared(seed.next), sizes: shared(seed.sizes) },
    band: shared(reviewBand(input.pairs, input.thresholds, input.review)),
  };
}
