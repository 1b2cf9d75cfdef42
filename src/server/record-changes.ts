/** Record changes on a running server: validates a request's changes, commits them to the change log, applies them through the engine's one incremental path, and stores and publishes their events; also replays the log after a restart. */
import { KindredError, type Issue } from '../errors/registry.js';
import { applyRecordChanges } from '../engine/run.js';
import type { RecordOp } from '../engine/living/live-matching.js';
import type { Edit } from '../engine/clustering/types.js';
import type { ClusterDiff } from '../engine/clustering/cluster-state.js';
import type { ChangeBatch, EventCause, StoredChange } from '../store/change-log.js';
import type { EditRow } from '../store/edit-types.js';
import type { StateDb } from '../store/state-db.js';
import { editRows, replayEdit, toClusterEdit } from './edit-log.js';
import type { MatchResults } from './match-results.js';
import type { KeyedChange, RecordKeys } from './record-keys.js';
import { recordEvents, type EventFeed } from './change-feed.js';
import type { ServerState } from './server-state.js';
import type { WorkerPool } from '../engine/worker-pool.js';

/**
 * A change as a request gives it, before validation against the table.
 *
 * @example
 * const c: RequestedChange = { op: 'update', row: 3, record: { name: 'Jon' }, path: '(body)' };
 */
export type RequestedChange =
  | { op: 'add'; record: Record<string, string | null>; path: string }
  | { op: 'update'; row: number; record: Record<string, string | null>; path: string }
  | { op: 'delete'; row: number };

/**
 * The outcome of one change: its row id and the cluster the record is in
 * now (null once deleted).
 *
 * @example
 * const r: ChangeResult = { status: 'created', row_id: 1000, cluster_id: 17 };
 */
export interface ChangeResult {
  status: 'created' | 'updated' | 'deleted';
  row_id: number;
  cluster_id: number | null;
}

/**
 * A record's cells in the table's column order. A field that is no column
 * is a 400 naming it; a column left out is a missing cell (a PUT replaces
 * the whole record).
 */
function cellsOf(results: MatchResults, record: Record<string, string | null>, path: string): Array<string | null> {
  const columns = results.columns;
  const issues: Issue[] = [];
  for (const k of Object.keys(record)) {
    if (!columns.includes(k)) issues.push({ path: path === '(body)' ? k : `${path}.${k}`, message: `unknown column (the columns are ${columns.join(', ')})` });
  }
  if (issues.length > 0) throw new KindredError('invalid_request', `invalid request body: ${issues[0].path}: ${issues[0].message}`, issues);
  return columns.map((c) => record[c] ?? null);
}

/**
 * Checks every change against the table as it is (rows exist, fields are
 * columns, the run allows changes) and turns them into engine ops; throws
 * before anything is written, so a rejected request changes nothing.
 */
function validate(results: MatchResults, changes: readonly RequestedChange[]): RecordOp[] {
  results.live.blocks.assertChangeable();
  const deleted = new Set<number>();
  return changes.map((c): RecordOp => {
    if (c.op === 'add') return { kind: 'add', values: cellsOf(results, c.record, c.path) };
    results.requireRow(c.row, 'record');
    if (deleted.has(c.row)) throw new KindredError('gone', `record ${c.row} was deleted earlier in this request`);
    if (c.op === 'delete') {
      deleted.add(c.row);
      return { kind: 'delete', row: c.row };
    }
    return { kind: 'update', row: c.row, values: cellsOf(results, c.record, c.path) };
  });
}

/** The stored form of validated ops: adds carry the ids the table will give them. */
function storedOps(results: MatchResults, ops: readonly RecordOp[]): StoredChange[] {
  let next = results.live.table.rowCount;
  return ops.map((op) =>
    op.kind === 'add' ? { op: 'add', row_id: next++, record: [...op.values] } : op.kind === 'update' ? { op: 'update', row_id: op.row, record: [...op.values] } : { op: 'delete', row_id: op.row, record: null },
  );
}

/**
 * Applies validated ops through the engine with the steward edits made so
 * far: when an edit names a changed row, every edit is converted again
 * against the records as they are now (those on changed records drop out,
 * decisions among them are listed as stale). `beforeApply` runs once the
 * batch is scored, before anything changes. Returns the rows and what the
 * clusters did.
 */
async function applyOps(
  results: MatchResults,
  ops: readonly RecordOp[],
  editsSoFar: () => readonly EditRow[],
  staleSeqs: Set<number>,
  pool: WorkerPool | null,
  beforeApply?: () => void | Promise<void>,
): Promise<{ rows: number[]; diff: ClusterDiff }> {
  const { rows, diff } = await applyRecordChanges(results.live, ops, {
    pool,
    beforeApply,
    constraintsAfter: (changed) => {
      const touched = new Set(changed);
      const all = editsSoFar();
      const hit = all.filter((e) => editRows(e).some((r) => touched.has(r)));
      if (hit.length === 0) return undefined;
      const edits: Edit[] = [];
      staleSeqs.clear();
      for (const e of all) {
        const edit = toClusterEdit(results, e);
        if (edit !== null) edits.push(edit);
        else if (e.kind === 'decision') staleSeqs.add(e.seq);
      }
      return { edits, seeds: hit.flatMap(editRows) };
    },
  });
  results.changed();
  return { rows, diff };
}

/**
 * Checks a request's changes against the table as it is (and the key
 * index, when there is one) and gives the engine ops, their stored form
 * and their keyed form; throws before anything changes. The one check of
 * every way in: the HTTP routes and `kindred apply`.
 *
 * @example
 * const { ops } = checkChanges(results, [{ op: 'delete', row: 3 }], null);
 * applyRecordChanges(results.live, ops, () => undefined);
 */
export function checkChanges(
  results: MatchResults,
  changes: readonly RequestedChange[],
  keys: RecordKeys | null,
): { ops: RecordOp[]; stored: StoredChange[]; keyed: KeyedChange[] } {
  const ops = validate(results, changes);
  const stored = storedOps(results, ops);
  const keyed: KeyedChange[] = stored.map((s, i) => {
    const c = changes[i];
    return { row: s.row_id, values: s.record, path: c.op === 'delete' ? '(body)' : c.path };
  });
  keys?.check(keyed);
  return { ops, stored, keyed };
}

/**
 * Validates, scores, commits (synchronous FULL, before anything changes and
 * before any answer), applies and publishes one request's record changes,
 * in its turn of the server's write queue (`request` may be a function,
 * called in that turn, for changes that depend on the state); with `--key-column`, a change
 * that would leave two live records with one key, or one without, is
 * rejected before anything is written. Returns each change's outcome.
 *
 * @example
 * const [r] = await commitChanges(state, [{ op: 'add', record: { name: 'Ann' }, path: '(body)' }]);
 */
export function commitChanges(state: ServerState, request: readonly RequestedChange[] | (() => RequestedChange[])): Promise<ChangeResult[]> {
  return state.writes.run(async () => {
    const results = state.current;
    const db = state.store;
    const keys = state.keys;
    // A change that depends on the state (an upsert: add or update?) is worked out in its turn.
    const changes = typeof request === 'function' ? request() : request;
    const { ops, stored, keyed } = checkChanges(results, changes, keys);
    let batch = 0;
    const { rows, diff } = await applyOps(results, ops, () => db.edits(), state.staleSeqs, state.pool, async () => {
      // Durable first: once this resolves, a restart replays the change whatever happens next.
      // The fsync runs off the event loop; this request's turn of the write queue waits for it.
      batch = await db.changes.appendSynced(stored, db.lastEditSeq());
    });
    keys?.apply(keyed);
    recordEvents(db, state.feed, { kind: 'records', batch }, diff);
    return ops.map((op, i) => ({
      status: op.kind === 'add' ? 'created' : op.kind === 'update' ? 'updated' : 'deleted',
      row_id: rows[i],
      cluster_id: op.kind === 'delete' || results.live.table.isDeleted(rows[i]) ? null : results.clusters.clusterOf(rows[i]),
    }));
  });
}

/** The engine ops of a stored batch, checked against the ids the table gives (a mismatch means a damaged log). */
function opsOf(results: MatchResults, b: ChangeBatch): RecordOp[] {
  let next = results.live.table.rowCount;
  return b.ops.map((o): RecordOp => {
    if (o.op === 'add') {
      if (o.row_id !== next++) throw new KindredError('run_failed', `change log batch ${b.batch}: added row ${o.row_id}, but the table gives ${next - 1}`);
      return { kind: 'add', values: o.record ?? [] };
    }
    if (!results.live.table.exists(o.row_id)) throw new KindredError('run_failed', `change log batch ${b.batch}: row ${o.row_id} does not exist`);
    return o.op === 'update' ? { kind: 'update', row: o.row_id, values: o.record ?? [] } : { kind: 'delete', row: o.row_id };
  });
}

/**
 * Replays the edit log and the change log after the initial run, in the
 * order they were made (a batch after the edits up to its `after_edit`),
 * so the table, the clusters and their ids are what they were. With
 * `feed` (start-up), the last change gets its events stored when they are
 * missing: the process died between the change's commit and its events'
 * (only the last change can be in that state; every earlier one was
 * followed by its events before the next began). Without it (a re-run
 * under a new configuration) nothing is stored. Returns the stale
 * decision seqs.
 *
 * @example
 * state.staleSeqs = await replayHistory(results, db, pool, (line) => progress.log(line), state.feed);
 */
export async function replayHistory(results: MatchResults, db: StateDb, pool: WorkerPool, log: (line: string) => void, feed: EventFeed | null): Promise<Set<number>> {
  const edits = db.edits();
  const batches = db.changes.batches();
  const lastBatch = batches.at(-1);
  const lastEdit = edits.at(-1);
  // A batch made after edit n has after_edit = n; an edit after it has a larger seq.
  const lastCause: EventCause | null =
    lastEdit !== undefined && (lastBatch === undefined || lastEdit.seq > lastBatch.afterEdit)
      ? { kind: 'edit', seq: lastEdit.seq }
      : lastBatch !== undefined
        ? { kind: 'records', batch: lastBatch.batch }
        : null;
  const missing = feed !== null && lastCause !== null && !db.changes.hasEvents(lastCause) ? JSON.stringify(lastCause) : null;
  const isMissing = (cause: EventCause): boolean => JSON.stringify(cause) === missing;
  const stale = new Set<number>();
  let b = 0;
  const replayBatches = async (upTo: number, applied: readonly EditRow[]): Promise<void> => {
    for (; b < batches.length && batches[b].afterEdit <= upTo; b++) {
      const batch = batches[b];
      const { diff } = await applyOps(results, opsOf(results, batch), () => applied, stale, pool);
      const cause: EventCause = { kind: 'records', batch: batch.batch };
      if (feed !== null && isMissing(cause)) recordEvents(db, feed, cause, diff);
    }
  };
  for (let i = 0; i < edits.length; i++) {
    await replayBatches(edits[i].seq - 1, edits.slice(0, i));
    const diff = replayEdit(results, edits[i], log);
    if (diff === null && edits[i].kind === 'decision') stale.add(edits[i].seq);
    const cause: EventCause = { kind: 'edit', seq: edits[i].seq };
    if (diff !== null && feed !== null && isMissing(cause)) recordEvents(db, feed, cause, diff);
  }
  await replayBatches(Number.MAX_SAFE_INTEGER, edits);
  if (batches.length > 0) log(`replayed ${batches.length} record change batch(es): ${results.live.table.liveCount} records`);
  return stale;
}
