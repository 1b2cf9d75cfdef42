/** The durable record change log and cluster event feed of a state database: appended in FULL-synchronous transactions, read back for replay and GET /events. */
import type Database from 'better-sqlite3';
import { KindredError } from '../errors/registry.js';

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
 * One stored event (`seq` is monotonic, gap-free in a file: SQLite's rowid of an append-only table).
 *
 * @example
 * const e: StoredEvent = { seq: 42, batch: 7, type: 'cluster_merged', data: { cluster_id: 3, from: [3, 9] }, created_at: '…' };
 */
export interface StoredEvent extends NewEvent {
  seq: number;
  batch: number;
  created_at: string;
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
  batch: number;
  type: EventType;
  data: string;
  created_at: string;
}

/**
 * The change log and event feed over an open state database connection.
 *
 * @example
 * const log = new ChangeLog(db.connection);
 * const batch = log.append([{ op: 'add', row_id: 1000, record: ['Ann', '10001'] }], db.lastEditSeq());
 * log.appendEvents(batch, [{ type: 'cluster_created', data: { cluster_id: 1000, members: [1000] } }]);
 */
export class ChangeLog {
  private readonly stmt;

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
      insertEvent: db.prepare<[number, string, string, string]>('INSERT INTO events (batch, type, data, created_at) VALUES (?, ?, ?, ?)'),
      lastEventBatch: db.prepare<[], number | null>('SELECT max(batch) FROM events').pluck(),
      lastEventSeq: db.prepare<[], number | null>('SELECT max(seq) FROM events').pluck(),
      eventsSince: db.prepare<[number, number], RawEvent>('SELECT seq, batch, type, data, created_at FROM events WHERE seq > ? ORDER BY seq LIMIT ?'),
    };
  }

  /**
   * Appends one request's changes as one batch, committed (synchronous FULL)
   * before it returns; returns the batch number.
   */
  append(ops: readonly StoredChange[], afterEdit: number): number {
    if (ops.length === 0) throw new KindredError('internal', 'an empty change batch');
    return this.db
      .transaction(() => {
        const batch = (this.stmt.lastBatch.get() ?? 0) + 1;
        const at = this.clock().toISOString();
        for (const o of ops) this.stmt.insertChange.run(batch, o.op, o.row_id, o.record === null ? null : JSON.stringify(o.record), afterEdit, at);
        return batch;
      })
      .immediate();
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

  /** Appends a batch's events in one transaction; returns them with their sequence numbers. */
  appendEvents(batch: number, events: readonly NewEvent[]): StoredEvent[] {
    if (events.length === 0) return [];
    return this.db
      .transaction(() => {
        const at = this.clock().toISOString();
        return events.map((e) => {
          const seq = Number(this.stmt.insertEvent.run(batch, e.type, JSON.stringify(e.data), at).lastInsertRowid);
          return { ...e, seq, batch, created_at: at };
        });
      })
      .immediate();
  }

  /** The last batch whose events are stored (0: none). */
  lastEventBatch(): number {
    return this.stmt.lastEventBatch.get() ?? 0;
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
    return this.stmt.eventsSince.all(since, limit).map((r) => ({ seq: r.seq, batch: r.batch, type: r.type, data: JSON.parse(r.data) as Record<string, unknown>, created_at: r.created_at }));
  }
}
