/** The difference between two row → cluster tables as a {@link ClusterDiff}: what a re-run (a new configuration) did to the clusters, for the change feed. */
import type { ClusterDiff } from './cluster-state.js';

/**
 * The rows whose cluster differs between `before` and `after` (each row's
 * cluster id, −1 or beyond the end: no live row), together with every other
 * row of the clusters they left or joined, so that
 * `clusterEvents(mappingDiff(before, after))` names every merge and split.
 * The rows of clusters nothing touched are left out.
 *
 * @example
 * mappingDiff(Int32Array.of(0, 1, 2), Int32Array.of(0, 0, 2)); // { rows: [0, 1], before: [0, 1], after: [0, 0] }
 */
export function mappingDiff(before: Int32Array, after: Int32Array): ClusterDiff {
  const n = Math.max(before.length, after.length);
  const was = (r: number): number => (r < before.length ? before[r] : -1);
  const now = (r: number): number => (r < after.length ? after[r] : -1);
  const leftIds = new Set<number>();
  const joinedIds = new Set<number>();
  for (let r = 0; r < n; r++) {
    if (was(r) === now(r)) continue;
    if (was(r) >= 0) leftIds.add(was(r));
    if (now(r) >= 0) joinedIds.add(now(r));
  }
  const rows: number[] = [];
  if (leftIds.size > 0 || joinedIds.size > 0) {
    for (let r = 0; r < n; r++) if (was(r) !== now(r) || leftIds.has(was(r)) || joinedIds.has(now(r))) rows.push(r);
  }
  return { rows, before: Int32Array.from(rows, was), after: Int32Array.from(rows, now) };
}
