/** Living data: POST /records (one record or {records: [...]}), PUT /records/:row_id, PUT /records/by-key/:key (--key-column), DELETE /records/:row_id, each committed before it is answered. */
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import type { RequestLimits } from '../request-limits.js';
import { parseRequest, RecordSchema, recordCells, toCells } from '../request-schemas.js';
import { KindredError } from '../../errors/registry.js';
import { commitChanges, type RequestedChange } from '../record-changes.js';

const BatchSchema = v.strictObject({ records: v.pipe(v.array(RecordSchema, 'expected an array of records'), v.minLength(1, 'needs at least 1 record')) });

/** A path's row id: an integer, else 400 naming the parameter. */
function rowParam(raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw new KindredError('invalid_request', `row id must be an integer, got "${raw}"`, [{ path: 'row_id', message: 'expected an integer' }]);
  return Number(raw);
}

function isBatch(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 1 && Array.isArray((body as { records?: unknown }).records);
}

/** Registers the record routes. */
export function registerRecords(app: Hono<ServerEnv>, state: ServerState, limits: RequestLimits): void {
  app.post('/records', async (c) => {
    const body = c.var.body ?? null;
    let changes: RequestedChange[];
    if (isBatch(body)) {
      const n = (body as { records: unknown[] }).records.length;
      if (n > limits.maxBatch) throw new KindredError('payload_too_large', `a batch holds at most ${limits.maxBatch} records (--max-batch); got ${n}`);
      changes = parseRequest(BatchSchema, body).records.map((r, i) => ({ op: 'add', record: toCells(r), path: `records[${i}]` }));
    } else {
      changes = [{ op: 'add', record: recordCells(body), path: '(body)' }];
    }
    const done = await commitChanges(state, changes);
    const records = done.map(({ row_id, cluster_id }) => ({ row_id, cluster_id }));
    return safeJson(c, isBatch(body) ? { records, count: records.length } : records[0], 201);
  });

  app.put('/records/:row_id', async (c) => {
    const row = rowParam(c.req.param('row_id'));
    const record = recordCells(c.var.body ?? null);
    const [done] = await commitChanges(state, [{ op: 'update', row, record, path: '(body)' }]);
    return safeJson(c, { status: done.status, row_id: done.row_id, cluster_id: done.cluster_id });
  });

  app.put('/records/by-key/:key', async (c) => {
    const keys = state.keys;
    if (keys === null) throw new KindredError('not_found', 'PUT /records/by-key/<key> needs the server started with --key-column <column>');
    const key = c.req.param('key');
    const record = recordCells(c.var.body ?? null);
    // The key is the path's; a body that names another one is a contradiction, not a rename.
    const given = record[keys.column];
    if (given !== undefined && given !== null && given !== key) {
      throw new KindredError('invalid_request', `${keys.column}: the body says "${given}" but the path's key is "${key}"`, [{ path: keys.column, message: `expected "${key}" or nothing` }]);
    }
    record[keys.column] = key;
    const [done] = await commitChanges(state, (): RequestedChange[] => {
      const row = keys.rowOf(key);
      return [row === undefined ? { op: 'add', record, path: '(body)' } : { op: 'update', row, record, path: '(body)' }];
    });
    return safeJson(c, { status: done.status, row_id: done.row_id, cluster_id: done.cluster_id }, done.status === 'created' ? 201 : 200);
  });

  app.delete('/records/:row_id', async (c) => {
    const row = rowParam(c.req.param('row_id'));
    const [done] = await commitChanges(state, [{ op: 'delete', row }]);
    return safeJson(c, { status: done.status, row_id: done.row_id });
  });
}
