/** The durable record change log and cluster event feed of a state database: changes synced to disk before they are acknowledged, events riding on the next sync; read back for replay and GET /events. */
import { open } from 'node:fs/promises';
import type Database from 'better-sqlite3';
import { KindredError } from '../errors/registry.js';
import { int32FromLittleEndian, int32ToLittleEndian } from './int32-bytes.js';

/**
 * One stored record change.
 *
 * @example
 * const op: StoredChange = { op: 'update', row_id: 3, record: ['Jon Smith', null] };
 */
export interface StoredChange {
  op: 'add' | 'update' | 'delete';
  row_id: number;
  /** The record's cells in column order; null for a delete. */
  record: Array<string | null> | null;
}

/**
 * One request's changes, as replay reads them.
 *
 * @example
 * for (const b of log.batches()) replay(b.ops);
 */
export interface ChangeBatch {
  batch: number;
  /** The last edit seq when the batch was made: edits up to it come first in replay. */
  afterEdit: number;
  ops: StoredChange[];
}

/** Event types of the change feed. */
export type EventType = 'cluster_created' | 'cluster_merged' | 'cluster_split' | 'record_moved' | 'record_deleted';

/**
 * One event of the feed, before it has a sequence number.
 *
 * @example
 * const e: NewEvent = { type: 'record_moved', data: { row_id: 1000, from: null, to: 17 } };
 */
export interface NewEvent {
  type: EventType;
  data: Record<string, unknown>;
}

/**
 * Why an event was made: a record change batch, a steward edit (decision,
 * withdrawal, shatter, unmerge; by its edit seq), or a re-run under another
 * configuration.
 *
 * @example
 * const cause: EventCause = { kind: 'edit', seq: 12 };
 */
export type EventCause = { kind: 'records'; batch: number } | { kind: 'edit'; seq: number } | { kind: 'rerun' };

/**
 * One stored event (`seq` is monotonic, gap-free in a file: SQLite's rowid of an append-only table).
 *
 * @example
 * const e: StoredEvent = { seq: 42, cause: { kind: 'records', batch: 7 }, type: 'cluster_merged', data: { cluster_id: 3, from: [3, 9] }, created_at: '…' };
 */
export interface StoredEvent extends NewEvent {
  seq: number;
  cause: EventCause;
  created_at: string;
}

/**
 * The row → cluster table the events up to `seq` imply (−1: no live row).
 *
 * @example
 * const snap: FeedSnapshot = { seq: 40, clusters: Int32Array.of(0, 0, 2) };
 */
export interface FeedSnapshot {
  seq: number;
  clusters: Int32Array;
}

interface RawChange {
  batch: number;
  op: StoredChange['op'];
  row_id: number;
  record: string | null;
  after_edit: number;
}

interface RawEvent {
  seq: number;
  batch: number | null;
  edit_seq: number | null;
  type: EventType;
  data: string;
  created_at: string;
}

/** fdatasync of a file by name (any descriptor of a file syncs its data), on libuv's thread pool. */
async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * The change log and event feed over an open state database connection.
 *
 * @example
 * const log = new ChangeLog(db.connection);
 * const batch = log.append([{ op: 'add', row_id: 1000, record: ['Ann', '10001'] }], db.lastEditSeq());
 * log.appendEvents({ kind: 'records', batch }, [{ type: 'cluster_created', data: { cluster_id: 1000, members: [1000] } }]);
 */
export class ChangeLog {
  private readonly stmt;
  /** Set when a batch's fsync failed: every later append is refused. */
  private unsynced: KindredError | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.stmt = {
      lastBatch: db.prepare<[], number | null>('SELECT max(batch) FROM record_changes').pluck(),
      insertChange: db.prepare<[number, string, number, string | null, number, string]>(
        'INSERT INTO record_changes (batch, op, row_id, record, after_edit, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      allChanges: db.prepare<[], RawChange>('SELECT batch, op, row_id, record, after_edit FROM record_changes ORDER BY seq'),
      insertEvent: db.prepare<[number | null, number | null, string, string, string]>('INSERT INTO events (batch, edit_seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)'),
      batchHasEvents: db.prepare<[number], number>('SELECT 1 FROM events WHERE batch = ? LIMIT 1').pluck(),
      editHasEvents: db.prepare<[number], number>('SELECT 1 FROM events WHERE edit_seq = ? LIMIT 1').pluck(),
      lastEventSeq: db.prepare<[], number | null>('SELECT max(seq) FROM events').pluck(),
      eventsSince: db.prepare<[number, number], RawEvent>('SELECT seq, batch, edit_seq, type, data, created_at FROM events WHERE seq > ? ORDER BY seq LIMIT ?'),
      snapshot: db.prepare<[], { seq: number; clusters: Buffer }>('SELECT seq, clusters FROM feed_snapshot WHERE id = 1'),
      saveSnapshot: db.prepare<[number, Buffer]>('INSERT OR REPLACE INTO feed_snapshot (id, seq, clusters) VALUES (1, ?, ?)'),
    };
  }

  /**
   * Appends one request's changes as one batch, committed (synchronous FULL)
   * before it returns; returns the batch number.
   */
  append(ops: readonly StoredChange[], afterEdit: number): number {
    if (ops.length === 0) throw new KindredError('internal', 'an empty change batch');
    if (this.unsynced !== null) throw this.unsynced;
    return this.db
      .transaction(() => {
        const batch = (this.stmt.lastBatch.get() ?? 0) + 1;
        const at = this.clock().toISOString();
        for (const o of ops) this.stmt.insertChange.run(batch, o.op, o.row_id, o.record === null ? null : JSON.stringify(o.record), afterEdit, at);
        return batch;
      })
      .immediate();
  }

  /**
   * `append` with its fsync off the event loop: the transaction commits at
   * synchronous NORMAL (its WAL frames written, not synced), then the WAL
   * file is fdatasync'ed on libuv's thread pool, and the promise resolves
   * once it is. That is the sync a FULL commit makes, of the same file, so
   * the batch is as durable when the promise resolves; meanwhile the event
   * loop answers other requests (a FULL commit held it for the whole sync,
   * 1.5–5 ms per change on this machine). Nothing may depend on the batch
   * before the promise resolves (the server applies it only then).
   */
  async appendSynced(ops: readonly StoredChange[], afterEdit: number): Promise<number> {
    const batch = this.atNormal(() => this.append(ops, afterEdit));
    try {
      await syncFile(`${this.db.name}-wal`);
    } catch (e) {
      // The batch is in the log but neither known durable nor applied: no later batch may go on
      // top of it (its row ids would be planned without it); a restart replays what the log holds.
      this.unsynced = new KindredError('internal', `the change log could not be synced (${e instanceof Error ? e.message : String(e)}): restart the server, which replays the log`);
      throw this.unsynced;
    }
    return batch;
  }

  /** Every batch in order, for replay after the initial run. */
  batches(): ChangeBatch[] {
    const out: ChangeBatch[] = [];
    for (const r of this.stmt.allChanges.all()) {
      let last = out.at(-1);
      if (last === undefined || last.batch !== r.batch) out.push((last = { batch: r.batch, afterEdit: r.after_edit, ops: [] }));
      last.ops.push({ op: r.op, row_id: r.row_id, record: r.record === null ? null : (JSON.parse(r.record) as Array<string | null>) });
    }
    return out;
  }

  /**
   * Appends the events of one change (one cause) in one transaction; returns
   * them with their sequence numbers. This commit alone is not fsynced
   * (synchronous NORMAL): events are a function of the change and edit
   * logs, which are. The WAL is append-only, so the next FULL commit (the
   * next change or edit) syncs these frames with its own; only the last
   * cause's events can be lost, and only to a power loss (a killed process
   * loses nothing: the frames are in the OS's cache), and start-up writes
   * them again (`replayHistory`) or squares the feed with the clusters
   * (`squareFeed`). An fsync here cost each record change a second 1.5-4 ms
   * on the event loop.
   */
  appendEvents(cause: EventCause, events: readonly NewEvent[]): StoredEvent[] {
    if (events.length === 0) return [];
    const batch = cause.kind === 'records' ? cause.batch : null;
    const editSeq = cause.kind === 'edit' ? cause.seq : null;
    return this.atNormal(() =>
      this.db
        .transaction(() => {
          const at = this.clock().toISOString();
          return events.map((e) => {
            const seq = Number(this.stmt.insertEvent.run(batch, editSeq, e.type, JSON.stringify(e.data), at).lastInsertRowid);
            return { ...e, seq, cause, created_at: at };
          });
        })
        .immediate(),
    );
  }

  /** Runs `commit` at synchronous NORMAL (no fsync of its own), then restores the connection's FULL for every other commit. */
  private atNormal<T>(commit: () => T): T {
    this.db.pragma('synchronous = NORMAL');
    try {
      return commit();
    } finally {
      this.db.pragma('synchronous = FULL');
    }
  }

  /**
   * Whether any event of `cause` (a batch or an edit) is stored: replay adds the
   * events of the last change when the process died before they were written.
   *
   * @example
   * log.hasEvents({ kind: 'edit', seq: 12 }); // false when edit 12 moved no record
   */
  hasEvents(cause: EventCause): boolean {
    if (cause.kind === 'rerun') throw new KindredError('internal', 're-run events are not looked up by cause');
    return (cause.kind === 'records' ? this.stmt.batchHasEvents.get(cause.batch) : this.stmt.editHasEvents.get(cause.seq)) !== undefined;
  }

  /** The last event's sequence number (0: none yet). */
  lastEventSeq(): number {
    return this.stmt.lastEventSeq.get() ?? 0;
  }

  /**
   * Events after `since`, in order, at most `limit`.
   *
   * @example
   * log.eventsSince(41, 500); // seq 42, 43, …
   */
  eventsSince(since: number, limit: number): StoredEvent[] {
    return this.stmt.eventsSince.all(since, limit).map((r) => ({
      seq: r.seq,
      cause: r.batch !== null ? { kind: 'records', batch: r.batch } : r.edit_seq !== null ? { kind: 'edit', seq: r.edit_seq } : { kind: 'rerun' },
      type: r.type,
      data: JSON.parse(r.data) as Record<string, unknown>,
      created_at: r.created_at,
    }));
  }

  /**
   * The stored snapshot of the table the feed implies, or null before the first.
   *
   * @example
   * const snap = log.snapshot(); // { seq: 40, clusters: Int32Array [...] }
   */
  snapshot(): FeedSnapshot | null {
    const row = this.stmt.snapshot.get();
    if (row === undefined) return null;
    const bytes = row.clusters;
    if (bytes.byteLength % 4 !== 0) throw new KindredError('run_failed', `the feed snapshot holds ${bytes.byteLength} bytes, not a whole number of row ids`);
    return { seq: row.seq, clusters: int32FromLittleEndian(bytes) };
  }

  /**
   * Replaces the snapshot (committed, synchronous FULL): `clusters` is the
   * table the events up to `seq` imply.
   *
   * @example
   * log.saveSnapshot(log.lastEventSeq(), results.clusters.clusterIds());
   */
  saveSnapshot(seq: number, clusters: Int32Array): void {
    // Little-endian whatever the platform, so a state file moves between machines.
    this.stmt.saveSnapshot.run(seq, int32ToLittleEndian(clusters));
  }
}
