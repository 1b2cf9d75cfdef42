/** The review band after record changes: the run's band without pairs of changed rows, plus the changed rows' pairs in the band, in queue order. */
import type { MatchResults, QueueItem } from './match-results.js';
import { bandDistance } from './served-run-task.js';

/**
 * The queue items of the band now, ordered as the run orders its band
 * (|score − threshold| in millionths, then row a, then row b). O(band +
 * changed pairs); built once per change, on the first read after it.
 *
 * @example
 * const items = liveBand(results); // items[0] is the first pair GET /reviews lists
 */
export function liveBand(results: MatchResults): QueueItem[] {
  const { run, live } = results;
  const thresholds = results.scorer.matchkeys.map((m) => m.threshold);
  const review = run.config.review;
  const items: Array<QueueItem & { dist: number }> = [];
  const push = (a: number, b: number, score: number, flags: number): void => {
    const threshold = thresholds[flags & 0x7f];
    const dist = bandDistance(score, threshold, review);
    if (dist !== null) items.push({ a, b, score, threshold, dist });
  };
  const pairs = run.pairs;
  for (const p of results.runBand) {
    const a = pairs.a[p];
    const b = pairs.b[p];
    if (!live.graph.isReplaced(a) && !live.graph.isReplaced(b)) push(a, b, pairs.score[p], pairs.flags[p]);
  }
  live.graph.forEachChangedEdge(push);
  items.sort((x, y) => x.dist - y.dist || x.a - y.a || x.b - y.b);
  return items.map(({ a, b, score, threshold }) => ({ a, b, score, threshold }));
}
