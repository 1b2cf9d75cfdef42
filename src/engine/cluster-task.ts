/** Worker task: clusters a run's matched pairs (union-find over a maximum spanning forest, size-capped). */
import { buildClusters, type ClusterLimits } from './clustering/cluster-builder.js';
import { matchedLinks, type PairList } from './run.js';

/**
 * Picks the matched pairs out of the kept ones and builds the initial
 * clusters, both off the event loop: with tens of millions of kept pairs the
 * selection alone held it for a second. `pairs` should be on shared memory
 * (see `sharedPairList`) so handing it over copies nothing.
 *
 * @example
 * const { clusterOf, links } = await pool.run('clusterLinks', { rowCount, pairs: run.pairs, maxClusterSize: 100 });
 */
export function clusterLinks(input: { rowCount: number; pairs: PairList } & ClusterLimits): { clusterOf: Int32Array; links: number } {
  const links = matchedLinks(input.pairs);
  return { clusterOf: buildClusters({ ...input, links }), links: links.count };
}
