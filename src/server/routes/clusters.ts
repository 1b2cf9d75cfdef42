/** GET /clusters (paged, size desc then id, or weakest confidence first) and GET /clusters/:id (members, pair scores, bottleneck, confidence). */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import type { RequestLimits } from '../request-limits.js';
import { choiceParam, intParam } from '../query-params.js';
import { KindredError } from '../../errors/registry.js';
import type { MatchResults } from '../match-results.js';

/** The detail of one cluster, as `/clusters/:id` and decision responses give it. */
export function clusterDetail(results: MatchResults, clusterId: number): Record<string, unknown> {
  const members = results.clusters.members(clusterId);
  const facts = results.clusters.facts(clusterId);
  return {
    cluster_id: facts.cluster_id,
    size: facts.size,
    confidence: facts.confidence,
    members: members.map((row) => {
      const rec = results.record(row);
      return 'row_id' in rec ? { row_id: row, record: rec } : { row_id: row, ...rec };
    }),
    pair_scores: facts.pair_scores,
    bottleneck_pair: facts.bottleneck_pair,
  };
}

/** Registers `/clusters` and `/clusters/:id`. */
export function registerClusters(app: Hono<ServerEnv>, state: ServerState, limits: RequestLimits): void {
  app.get('/clusters', (c) => {
    const minSize = intParam(c.req.query('min_size'), 'min_size', { def: 2, min: 1, max: Number.MAX_SAFE_INTEGER });
    const limit = intParam(c.req.query('limit'), 'limit', { def: Math.min(100, limits.maxLimit), min: 1, max: limits.maxLimit });
    const offset = intParam(c.req.query('offset'), 'offset', { def: 0, min: 0, max: Number.MAX_SAFE_INTEGER });
    // An extension of the contract (docs/api.md): weakest first is where a steward's work is.
    const sort = choiceParam(c.req.queries('sort'), 'sort', ['size', 'confidence'] as const, 'size');
    const page = state.current.clusters.clusters({ minSize, limit, offset, sort });
    return safeJson(c, { clusters: page.clusters, total: page.total, offset, limit });
  });
  app.get('/clusters/:id', (c) => {
    const raw = c.req.param('id');
    // API.md: a non-integer is a bad request; any integer that names no current cluster (negative ones too) is 404.
    if (!/^-?\d+$/.test(raw)) {
      throw new KindredError('invalid_request', `cluster id must be an integer, got "${raw}"`, [{ path: 'id', message: 'expected an integer' }]);
    }
    const id = Number(raw);
    const results = state.current;
    if (!(id >= 0 && id < results.rowCount) || results.clusters.clusterOf(id) !== id) {
      throw new KindredError('not_found', `cluster ${raw} does not exist`);
    }
    return safeJson(c, clusterDetail(results, id));
  });
}
