/** One turn of the event loop between long synchronous steps of the start-up, so the probes waiting on it are answered. */

/**
 * Resolves after the event loop has run its pending I/O callbacks
 * (`setImmediate`): awaiting an already settled promise would not yield to them.
 *
 * @example
 * const results = await MatchResults.create(run, pool);
 * await yieldToLoop(); // /health is answered here
 * reconcileFeed(db, feed, results.clusters.clusterIds());
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
