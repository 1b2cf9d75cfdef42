/** The change feed's writing side: stores the events of every cluster change (record batches, steward edits, re-runs) before publishing them to open GET /events streams, and squares the feed with the served clusters at start-up. */
import { clusterEvents } from '../engine/clustering/cluster-events.js';
import type { ClusterDiff } from '../engine/clustering/cluster-state.js';
import { followEvents } from '../engine/clustering/feed-table.js';
import { mappingDiff } from '../engine/clustering/mapping-diff.js';
import type { EventCause, StoredEvent } from '../store/change-log.js';
import type { StateDb } from '../store/state-db.js';

/** Events read from the database per page while following the feed from its snapshot. */
const PAGE = 10_000;

/**
 * Listeners of new events (the open `GET /events` streams).
 *
 * @example
 * const off = feed.subscribe((events) => send(events));
 */
export class EventFeed {
  private readonly listeners = new Map<(events: readonly StoredEvent[]) => void, () => void>();

  /** `onEnd` is called when the server shuts down, so an open stream ends instead of holding the shutdown. */
  subscribe(listener: (events: readonly StoredEvent[]) => void, onEnd: () => void = () => undefined): () => void {
    this.listeners.set(listener, onEnd);
    return () => this.listeners.delete(listener);
  }

  publish(events: readonly StoredEvent[]): void {
    if (events.length > 0) for (const l of this.listeners.keys()) l(events);
  }

  /** Ends every open stream (server shutdown); a client resumes from its last id on the next server. */
  end(): void {
    for (const onEnd of [...this.listeners.values()]) onEnd();
    this.listeners.clear();
  }
}

/**
 * Stores the events of one cluster change (in one transaction, after the
 * change itself was committed) and publishes them; returns them numbered.
 *
 * @example
 * const { diff } = results.clusters.apply(edit);
 * recordEvents(db, feed, { kind: 'edit', seq: edit.seq }, diff);
 */
export function recordEvents(db: StateDb, feed: EventFeed, cause: EventCause, diff: ClusterDiff): StoredEvent[] {
  const stored = db.changes.appendEvents(cause, clusterEvents(diff));
  feed.publish(stored);
  return stored;
}

/**
 * The row → cluster table a reader of the whole feed holds (the stored
 * snapshot plus every event after it), with the snapshot's seq; null
 * without a snapshot.
 *
 * @example
 * const { table } = feedTable(db) ?? {}; // Int32Array: cluster id by row, −1 for no live row
 */
export function feedTable(db: StateDb): { table: Int32Array; snapshotSeq: number } | null {
  const snap = db.changes.snapshot();
  if (snap === null) return null;
  let table = snap.clusters;
  for (let since = snap.seq; ; ) {
    const page = db.changes.eventsSince(since, PAGE);
    table = followEvents(table, page);
    if (page.length < PAGE) return { table, snapshotSeq: snap.seq };
    since = page[page.length - 1].seq;
  }
}

/**
 * Squares the feed with the served clusters `current` (once replay is done,
 * before the server is ready): the difference between them and the table
 * the feed implies — the clusters of another configuration, say — is
 * stored as `rerun` events, then the snapshot moves to the last event. The
 * first start (no snapshot) takes the served clusters as the feed's start.
 * Returns the events stored.
 *
 * @example
 * reconcileFeed(db, feed, results.clusters.clusterIds()); // [] when the settings are those of the last start
 */
export function reconcileFeed(db: StateDb, feed: EventFeed, current: Int32Array): StoredEvent[] {
  const implied = feedTable(db);
  const stored = implied === null ? [] : recordEvents(db, feed, { kind: 'rerun' }, mappingDiff(implied.table, current));
  const seq = db.changes.lastEventSeq();
  if (implied?.snapshotSeq !== seq) db.changes.saveSnapshot(seq, current);
  return stored;
}
