/** GET /health and GET /stats: readiness (never needs a token) and cluster statistics. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import { round6 } from '../../engine/scoring/round-score.js';

/** Oversized blocks listed by `/stats` (all are counted); the CLI and `/suggest` report them too. */
const MAX_LISTED_OVERSIZED = 20;

/** Registers `/health` and `/stats`. */
export function registerHealth(app: Hono<ServerEnv>, state: ServerState): void {
  app.get('/health', (c) => {
    if (state.status === 'ok') return safeJson(c, { status: 'ok', ready: true, service: 'kindred' });
    if (state.status === 'failed') {
      return safeJson(c, { status: 'failed', ready: false, service: 'kindred', error: state.error ?? 'initial run failed' }, 503);
    }
    return safeJson(c, { status: 'initializing', ready: false, service: 'kindred' }, 503);
  });
  app.get('/stats', (c) => {
    const r = state.current;
    const s = r.clusters.stats();
    return safeJson(c, {
      total_records: s.total_records,
      total_clusters: s.total_clusters,
      singleton_count: s.singleton_count,
      match_rate: round6(s.match_rate),
      avg_cluster_size: round6(s.avg_cluster_size),
      max_cluster_size: s.max_cluster_size,
      // Null when the pairs came from an edges file: the engine that wrote it counted its candidates, not kindred.
      pairs_scored: r.run.candidatePairs,
      engine: r.run.engine,
      // The kept pairs now: the run's, less those of changed records, plus the changed records' pairs.
      pairs_kept: r.graph.pairCount,
      review_band_pairs: r.bandLength,
      run_ms: Math.round(r.run.ms),
      matchkeys: r.run.config.matchkeys.map((m) => m.name),
      // The user columns, so a client (the workbench's search form) can offer one input per column.
      columns: r.columns,
      // Never dropped silently: every block over max_block_size, with its key, size and what was done with it.
      oversized_block_count: r.run.index.oversized.length,
      oversized_blocks: r.run.index.oversized.slice(0, MAX_LISTED_OVERSIZED),
      // The change feed's last seq these numbers and /clusters reflect: a reader copies the clusters, then follows GET /events?since= it.
      last_event_seq: state.store.changes.lastEventSeq(),
    });
  });
}
