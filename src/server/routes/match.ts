/** POST /match and POST /match/batch: candidates from the blocking index, scored by the run's scorer. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import { matchSchemas, parseRequest, recordCells, toCells } from '../request-schemas.js';
import type { RequestLimits } from '../request-limits.js';
import { KindredError } from '../../errors/registry.js';
import type { MatchResults } from '../match-results.js';
import { round6 } from '../../engine/scoring/round-score.js';
import type { MatchBatchInput } from '../../engine/scoring/score-task.js';
import type { PreparedQuery } from '../../engine/scoring/pair-scorer.js';

/** One match element: row_id, score, then the record's own fields (colliding names go under `record`). */
export function matchElement(results: MatchResults, row: number, score: number): Record<string, unknown> {
  const rec = results.record(row);
  const out: Record<string, unknown> = { row_id: row, score: round6(score) };
  if ('row_id' in rec || 'score' in rec) out.record = rec;
  else Object.assign(out, rec);
  return out;
}

function isWrapped(body: unknown): body is { record: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  const rec = (body as Record<string, unknown>).record;
  return typeof rec === 'object' && rec !== null && !Array.isArray(rec) && keys.every((k) => k === 'record' || k === 'top_k' || k === 'threshold');
}

/** Registers `/match` and `/match/batch`, with the server's `top_k` and batch limits. */
export function registerMatch(app: Hono<ServerEnv>, state: ServerState, limits: RequestLimits): void {
  const { WrappedMatchSchema, BatchSchema } = matchSchemas(limits);
  // The default obeys a lowered cap too.
  const defaultTopK = Math.min(5, limits.maxTopK);
  app.post('/match', (c) => {
    const body = c.var.body;
    let record: Record<string, string | null>;
    let topK = defaultTopK;
    let minScore = 0;
    if (isWrapped(body)) {
      const w = parseRequest(WrappedMatchSchema, body);
      record = toCells(w.record);
      topK = w.top_k ?? defaultTopK;
      minScore = w.threshold ?? 0;
    } else {
      record = recordCells(body ?? null);
    }
    const results = state.current;
    // `threshold` can only raise the bar: below its matchkey's threshold a candidate is not a match, and /match returns matches only.
    const found = results.match(record, topK).filter((m) => m.score >= minScore);
    results.touchRecords(found.map((m) => m.row));
    const matches = found.map((m) => matchElement(results, m.row, m.score));
    return safeJson(c, { matches, count: matches.length });
  });

  app.post('/match/batch', async (c) => {
    const raw = c.var.body;
    if (typeof raw === 'object' && raw !== null && Array.isArray((raw as { records?: unknown }).records)) {
      const n = ((raw as { records: unknown[] }).records).length;
      if (n > limits.maxBatch) throw new KindredError('payload_too_large', `a batch holds at most ${limits.maxBatch} records (--max-batch); got ${n}`);
    }
    const body = parseRequest(BatchSchema, raw ?? null);
    const topK = body.top_k ?? defaultTopK;
    const records = body.records.map((r) => toCells(r));
    const results = state.current;
    const { table, queries } = results.live;
    // Spread over the pool in slices; answers come back in input order. The workers hold the loaded table; after record
    // changes each slice also takes the changed rows its records share a block with (the mask of changed loaded rows is shared).
    const slices = Math.max(1, Math.min(state.pool.size * 2, Math.ceil(records.length / 50)));
    const per = Math.ceil(records.length / slices);
    const sliceOf = (i: number): MatchBatchInput => {
      const part = records.slice(i * per, (i + 1) * per);
      if (!table.changed) return { run: results.run.handle, records: part, topK };
      const rowsOf = part.map((r) => Int32Array.from(results.changedRowsSharing(r)));
      const read = new Set(rowsOf.flatMap((rows) => [...rows]));
      return { run: results.run.handle, records: part, topK, changes: { changedMask: table.changedMask, rowsOf, queries: new Map([...read].map((row) => [row, queries.get(row) as PreparedQuery])) } };
    };
    const parts = await Promise.all(Array.from({ length: slices }, (_, i) => state.pool.run('matchBatch', sliceOf(i))));
    const out = parts.flat().map((ms) => {
      const matches = ms.map((m) => matchElement(results, m.row, m.score));
      return { matches, count: matches.length };
    });
    return safeJson(c, { results: out });
  });
}
