/** Test helper: what a server serves about its run (stats, every cluster with its members, the review queue), to compare two servers that should serve the same. */
import { arr, call, clusterDetails, obj } from './server-harness.js';

/** Stats keys that may differ between two runs of the same matching (timing, which engine, what it counted). */
const RUN_KEYS = ['run_ms', 'engine', 'pairs_scored'];

/**
 * The served state of a server, without the keys that name the run rather than its outcome.
 *
 * @example
 * assert.deepEqual(await servedSnapshot(duckdb.url), await servedSnapshot(pool.url));
 */
export async function servedSnapshot(url: string): Promise<{ stats: Record<string, unknown>; clusters: Record<string, unknown>[]; reviews: unknown[] }> {
  const stats = obj((await call(url, 'GET', '/stats')).body);
  for (const k of RUN_KEYS) delete stats[k];
  const reviews = await call(url, 'GET', '/reviews?limit=1000');
  if (reviews.status !== 200) throw new Error(`GET /reviews answered ${reviews.status}: ${reviews.text}`);
  const body = obj(reviews.body);
  return { stats, clusters: await clusterDetails(url, 2), reviews: arr(body.queue) };
}
