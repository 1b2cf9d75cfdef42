/** Cluster edits: POST /shatter (every member becomes a singleton) and POST /unmerge (one record leaves its cluster), both durable and both on the change feed. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import { parseRequest, ShatterSchema, UnmergeSchema } from '../request-schemas.js';
import { KindredError } from '../../errors/registry.js';
import { rowFingerprint } from '../edit-log.js';
import { recordEvents } from '../change-feed.js';

/** Registers `/shatter` and `/unmerge`. */
export function registerEdits(app: Hono<ServerEnv>, state: ServerState): void {
  app.post('/shatter', (c) => {
    const { cluster_id: id } = parseRequest(ShatterSchema, c.var.body ?? null);
    // Edits take their turn with record changes: none is applied while a change batch is being scored.
    return state.writes.run(() => {
      const results = state.current;
      if (!(id >= 0 && id < results.rowCount) || results.clusters.clusterOf(id) !== id) throw new KindredError('not_found', `cluster ${id} does not exist`);
      const members = results.clusters.members(id);
      const fingerprints: Record<number, string> = {};
      for (const m of members) fingerprints[m] = rowFingerprint(results, m);
      const row = state.store.recordShatter({ clusterId: id, members, fingerprints });
      const { diff } = results.clusters.apply({ kind: 'shatter', seq: row.seq, members });
      recordEvents(state.store, state.feed, { kind: 'edit', seq: row.seq }, diff);
      return safeJson(c, { status: 'shattered', cluster_id: id, records_freed: members.length, cluster_ids: members.map((m) => results.clusters.clusterOf(m)) });
    });
  });

  app.post('/unmerge', (c) => {
    const body = parseRequest(UnmergeSchema, c.var.body ?? null);
    const row = 'row_id' in body ? body.row_id : body.record_id;
    // Edits take their turn with record changes: none is applied while a change batch is being scored.
    return state.writes.run(() => {
      const results = state.current;
      results.requireRow(row);
      const old = results.clusters.clusterOf(row);
      const members = results.clusters.members(old);
      if (members.length === 1) return safeJson(c, { status: 'unchanged', row_id: row, cluster_id: row, remaining_cluster_ids: [] });
      const saved = state.store.recordUnmerge({ rowId: row, fp: rowFingerprint(results, row) });
      const { diff } = results.clusters.apply({ kind: 'unmerge', seq: saved.seq, row });
      recordEvents(state.store, state.feed, { kind: 'edit', seq: saved.seq }, diff);
      const remaining = [...new Set(members.filter((m) => m !== row).map((m) => results.clusters.clusterOf(m)))].sort((x, y) => x - y);
      return safeJson(c, { status: 'unmerged', row_id: row, cluster_id: results.clusters.clusterOf(row), remaining_cluster_ids: remaining });
    });
  });
}
