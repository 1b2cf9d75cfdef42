/** The server's mutable state in one place: readiness, the current results, the state database, the worker pool. */
import type { ColumnAlignment } from '../data/column-alignment.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import type { StateDb } from '../store/state-db.js';
import type { MatchResults } from './match-results.js';
import { EventFeed } from './change-feed.js';
import type { RecordKeys } from './record-keys.js';
import { WriteQueue } from './write-queue.js';

/** What `/api/sources` and `/stats` say about the loaded dataset. */
export interface SourceInfo {
  id: string;
  name: string;
  path: string;
  records: number;
  columns: string[];
  loaded_at: string;
}

/**
 * Readiness and results. `results` is replaced whole (never mutated into a
 * half state) when a re-run finishes, so a request sees one run throughout.
 *
 * @example
 * if (state.status === 'ok') state.results?.match(record, 5);
 */
export class ServerState {
  status: 'initializing' | 'ok' | 'failed' = 'initializing';
  error: string | null = null;
  results: MatchResults | null = null;
  db: StateDb | null = null;
  source: SourceInfo | null = null;
  /** Two files linked: their column alignment and anchors, so `POST /autoconfig` on the loaded table reasons as the startup run did. */
  linked: { alignment: ColumnAlignment; anchors: Int32Array } | null = null;
  /** Set while an autoconfig run is in progress (a second one gets 409). */
  autoconfigRunning = false;
  /** Fingerprint of each decision's records at decision time that no longer match (stale seqs). */
  staleSeqs = new Set<number>();
  /** Open `GET /events` streams listen here for each committed change's events. */
  readonly feed = new EventFeed();
  /** Every change of the served state (record changes, edits, a re-run's swap) takes its turn here. */
  readonly writes = new WriteQueue();
  /** The `--key-column` index (null without one); set once the table is complete. */
  keys: RecordKeys | null = null;
  readonly pool: WorkerPool;

  constructor(pool: WorkerPool) {
    this.pool = pool;
  }

  get ready(): boolean {
    return this.status === 'ok' && this.results !== null;
  }

  /** The current results; only called behind the readiness gate. */
  get current(): MatchResults {
    if (this.results === null) throw new Error('results requested before the initial run finished');
    return this.results;
  }

  /** The state database; only called behind the readiness gate. */
  get store(): StateDb {
    if (this.db === null) throw new Error('state database requested before it was opened');
    return this.db;
  }
}
