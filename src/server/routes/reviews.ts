/** The review queue and steward decisions: GET /reviews, POST /reviews/decide, GET /reviews/decisions, DELETE /reviews/decisions/:pair_id. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import type { RequestLimits } from '../request-limits.js';
import { intParam } from '../query-params.js';
import { parsePairId } from '../../store/edit-validation.js';
import { DecideSchema, parseRequest } from '../request-schemas.js';
import { KindredError } from '../../errors/registry.js';
import { pairId } from '../../engine/clustering/pair-id.js';
import { round6 } from '../../engine/scoring/round-score.js';
import { rowFingerprint } from '../edit-log.js';
import { recordEvents } from '../change-feed.js';

/** Registers the review routes. */
export function registerReviews(app: Hono<ServerEnv>, state: ServerState, limits: RequestLimits): void {
  app.get('/reviews', (c) => {
    const limit = intParam(c.req.query('limit'), 'limit', { def: 50, min: 1, max: 1000 });
    const offset = intParam(c.req.query('offset'), 'offset', { def: 0, min: 0, max: Number.MAX_SAFE_INTEGER });
    const results = state.current;
    // O(decisions + offset + limit), not O(band): the band can hold a whole run's borderline pairs.
    const decided = state.store.decidedPairIds();
    let decidedInBand = 0;
    for (const id of decided) {
      const [a, b] = id.split('-').map(Number);
      if (results.inBand(a, b)) decidedInBand++;
    }
    const total = results.bandLength - decidedInBand;
    const queue: unknown[] = [];
    let skipped = 0;
    for (let i = 0; i < results.bandLength && queue.length < limit && offset < total; i++) {
      const item = results.bandItem(i);
      const id = pairId(item.a, item.b);
      if (decided.has(id)) continue;
      if (skipped < offset) {
        skipped++;
        continue;
      }
      queue.push({
        id,
        id_a: item.a,
        id_b: item.b,
        score: round6(item.score),
        threshold: round6(item.threshold),
        record_a: results.record(item.a),
        record_b: results.record(item.b),
      });
    }
    return safeJson(c, { queue, count: queue.length, total });
  });

  app.post('/reviews/decide', (c) => {
    const body = parseRequest(DecideSchema, c.var.body ?? null);
    const [a, b] = parsePairId(body.pair_id);
    // Edits take their turn with record changes: none is applied while a change batch is being scored.
    return state.writes.run(() => {
      const results = state.current;
      results.requireRow(a);
      results.requireRow(b);
      const score = results.pairScore(a, b);
      // Durable first: the 200 is only sent after the FULL-synchronous commit.
      const row = state.store.recordDecision({
        pairId: body.pair_id,
        idA: a,
        idB: b,
        decision: body.decision,
        score: round6(score),
        reviewer: body.reviewer ?? null,
        note: body.note ?? null,
        fpA: rowFingerprint(results, a),
        fpB: rowFingerprint(results, b),
      });
      const { diff } = results.clusters.apply(
        body.decision === 'approve' ? { kind: 'approve', seq: row.seq, a, b, score } : { kind: 'reject', seq: row.seq, a, b },
      );
      recordEvents(state.store, state.feed, { kind: 'edit', seq: row.seq }, diff);
      return safeJson(c, {
        status: 'recorded',
        pair_id: body.pair_id,
        decision: body.decision,
        decided_at: row.decided_at,
        cluster_ids: [results.clusters.clusterOf(a), results.clusters.clusterOf(b)],
      });
    });
  });

  app.get('/reviews/decisions', (c) => {
    const limit = intParam(c.req.query('limit'), 'limit', { def: Math.min(100, limits.maxLimit), min: 1, max: limits.maxLimit });
    const offset = intParam(c.req.query('offset'), 'offset', { def: 0, min: 0, max: Number.MAX_SAFE_INTEGER });
    const page = state.store.listDecisions({ limit, offset }, state.staleSeqs);
    return safeJson(c, { decisions: page.decisions, count: page.decisions.length, total: page.total });
  });

  app.delete('/reviews/decisions/:pair_id', (c) => {
    const pairId = c.req.param('pair_id');
    const [a, b] = parsePairId(pairId);
    // Edits take their turn with record changes: none is applied while a change batch is being scored.
    return state.writes.run(() => {
      const results = state.current;
      results.requireRow(a);
      results.requireRow(b);
      const withdrawn = state.store.withdrawDecision(pairId);
      if (withdrawn === null) throw new KindredError('not_found', `pair ${pairId} has no active decision`);
      const { diff } = results.clusters.apply({ kind: 'withdraw', seq: withdrawn.withdrawn_seq, a, b });
      recordEvents(state.store, state.feed, { kind: 'edit', seq: withdrawn.withdrawn_seq }, diff);
      return safeJson(c, {
        status: 'withdrawn',
        pair_id: pairId,
        decision: withdrawn.decision,
        withdrawn_at: withdrawn.withdrawn_at,
        cluster_ids: [results.clusters.clusterOf(a), results.clusters.clusterOf(b)],
      });
    });
  });
}
