/** A row → cluster table kept from the change feed's events alone, as a downstream reader of GET /events keeps it. */
import { KindredError } from '../../errors/registry.js';
import type { ClusterEvent } from './cluster-events.js';

/**
 * The row → cluster table (`table[row]` = cluster id, −1: no live row)
 * after `events`, in seq order, applied to a copy of `table` (rows past
 * its end are added as needed). `cluster_created` places its members, `record_moved`
 * sets a row's cluster, `record_deleted` removes the row; `cluster_merged`
 * and `cluster_split` only say why (their rows' moves follow them).
 * Throws `internal` on an event whose fields are not what the feed writes.
 *
 * @example
 * followEvents(Int32Array.of(0, 1), [{ type: 'record_moved', data: { row_id: 1, from: 1, to: 0 } }]); // Int32Array [0, 0]
 */
export function followEvents(table: Int32Array, events: Iterable<ClusterEvent>): Int32Array {
  let out = table.slice();
  const set = (row: unknown, cluster: unknown): void => {
    if (!Number.isSafeInteger(row) || (row as number) < 0 || !Number.isSafeInteger(cluster)) throw new KindredError('internal', `a feed event names row ${String(row)} and cluster ${String(cluster)}`);
    const r = row as number;
    if (r >= out.length) {
      const grown = new Int32Array(Math.max(r + 1, out.length * 2)).fill(-1);
      grown.set(out);
      out = grown;
    }
    out[r] = cluster as number;
  };
  let rows = table.length;
  for (const e of events) {
    if (e.type === 'cluster_created') {
      const members = e.data.members;
      if (!Array.isArray(members)) throw new KindredError('internal', 'a cluster_created event without members');
      for (const m of members) {
        set(m, e.data.cluster_id);
        rows = Math.max(rows, (m as number) + 1);
      }
    } else if (e.type === 'record_moved' || e.type === 'record_deleted') {
      set(e.data.row_id, e.type === 'record_moved' ? e.data.to : -1);
      rows = Math.max(rows, (e.data.row_id as number) + 1);
    }
  }
  return out.length === rows ? out : out.slice(0, rows);
}
