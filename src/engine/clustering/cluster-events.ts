/** Turns what a change did to the clusters into the change feed's events: deletions, new clusters, merges, splits and moved records. */
import type { ClusterDiff } from './cluster-state.js';

/**
 * One cluster change for the feed (GET /events), before it is numbered.
 *
 * @example
 * const e: ClusterEvent = { type: 'cluster_merged', data: { cluster_id: 3, from: [3, 9] } };
 */
export interface ClusterEvent {
  type: 'cluster_created' | 'cluster_merged' | 'cluster_split' | 'record_moved' | 'record_deleted';
  data: Record<string, unknown>;
}

/**
 * The events of one change, in a fixed order: `record_deleted` per deleted
 * row (with the cluster it left), `cluster_created` per cluster made only of
 * new rows, `cluster_merged` per cluster with two or more predecessors,
 * `cluster_split` per cluster whose rows went to two or more clusters, and
 * `record_moved` per live row whose cluster id changed (`from` null for a
 * new row), except the members of a created cluster. Within a type, by
 * cluster id then row id.
 *
 * @example
 * clusterEvents({ rows: [3, 9], before: Int32Array.of(3, 9), after: Int32Array.of(3, 3) });
 * // [{ type: 'cluster_merged', data: { cluster_id: 3, from: [3, 9] } }, { type: 'record_moved', data: { row_id: 9, from: 9, to: 3 } }]
 */
export function clusterEvents(diff: ClusterDiff): ClusterEvent[] {
  const { rows, before, after } = diff;
  const preds = new Map<number, Set<number>>();
  const succs = new Map<number, Set<number>>();
  const members = new Map<number, number[]>();
  const deleted: ClusterEvent[] = [];
  for (let i = 0; i < rows.length; i++) {
    const [b, a] = [before[i], after[i]];
    if (a < 0) {
      if (b >= 0) deleted.push({ type: 'record_deleted', data: { row_id: rows[i], cluster_id: b } });
      continue;
    }
    if (!preds.has(a)) preds.set(a, new Set());
    if (!members.has(a)) members.set(a, []);
    members.get(a)?.push(rows[i]);
    if (b >= 0) {
      preds.get(a)?.add(b);
      if (!succs.has(b)) succs.set(b, new Set());
      succs.get(b)?.add(a);
    }
  }
  const asc = (s: Iterable<number>): number[] => [...s].sort((x, y) => x - y);
  const events: ClusterEvent[] = [...deleted];
  const created = new Set<number>();
  for (const id of asc(preds.keys())) {
    if ((preds.get(id) as Set<number>).size === 0) {
      created.add(id);
      events.push({ type: 'cluster_created', data: { cluster_id: id, members: members.get(id) } });
    }
  }
  for (const id of asc(preds.keys())) {
    const from = preds.get(id) as Set<number>;
    if (from.size >= 2) events.push({ type: 'cluster_merged', data: { cluster_id: id, from: asc(from) } });
  }
  for (const id of asc(succs.keys())) {
    const into = succs.get(id) as Set<number>;
    if (into.size >= 2) events.push({ type: 'cluster_split', data: { cluster_id: id, into: asc(into) } });
  }
  for (let i = 0; i < rows.length; i++) {
    const [b, a] = [before[i], after[i]];
    if (a >= 0 && a !== b && !created.has(a)) events.push({ type: 'record_moved', data: { row_id: rows[i], from: b < 0 ? null : b, to: a } });
  }
  return events;
}
