/** Worker task: clusters a run's matched pairs (union-find over a maximum spanning forest, size-capped). */
import { buildClusters, type ClusterLimits } from './clustering/cluster-builder.js';

/**
 * Builds the initial clusters off the event loop.
 *
 * @example
 * const clusterOf = await pool.run('clusterLinks', { rowCount, links, maxClusterSize: 100 });
 */
export function clusterLinks(
  input: { rowCount: number; links: { a: Int32Array; b: Int32Array; score: Float64Array; count: number } } & ClusterLimits,
): Int32Array {
  return buildClusters(input);
}
