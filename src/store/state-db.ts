/** The durable state of one dataset: review decisions, withdrawals, shatters, unmerges and autoconfig telemetry in SQLite. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { KindredError } from '../errors/registry.js';
import { decodeDecision, decodeEdit, type RawEditRow } from './edit-row-codec.js';
import type {
  DecisionRow,
  DecisionView,
  EditRow,
  NewDecision,
  NewShatter,
  NewUnmerge,
  TelemetryRow,
  WithdrawnDecision,
} from './edit-types.js';
import { checkDecision, checkShatter, checkUnmerge, parsePairId } from './edit-validation.js';
import { migrate } from './schema.js';
import { ChangeLog } from './change-log.js';

/** How long a write waits for another connection's lock before failing (ms). */
const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Older telemetry rows of one source beyond this many are pruned: only the latest is part of the contract, a short history helps debugging. Per source, so restarts never push out the latest POST /autoconfig. */
const TELEMETRY_HISTORY = 100;

/**
 * Options of {@link StateDb.open}.
 *
 * @example
 * StateDb.open(file, { clock: () => new Date('2026-01-01T00:00:00.000Z') });
 */
export interface StateDbOptions {
  /** Source of timestamps; injectable so tests can pin them. */
  clock?: () => Date;
  busyTimeoutMs?: number;
}

/** A page request for {@link StateDb.listDecisions}. */
export interface Page {
  limit: number;
  offset: number;
}

/** A decision row with its in-force flag, as the listing query returns it. */
interface RawDecisionListRow extends RawEditRow {
  in_force: number;
}

function checkPage(page: Page): void {
  const bad = (v: number): boolean => !Number.isSafeInteger(v) || v < 0;
  if (bad(page.limit) || bad(page.offset)) {
    throw new KindredError('invalid_request', 'invalid page', [
      ...(bad(page.limit) ? [{ path: 'limit', message: 'expected a non-negative integer' }] : []),
      ...(bad(page.offset) ? [{ path: 'offset', message: 'expected a non-negative integer' }] : []),
    ]);
  }
}

function checkTelemetry(source: string, json: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  // Telemetry comes from our own controller, so a bad one is a bug, not a bad request.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new KindredError('internal', 'telemetry to save is not a JSON object');
  }
  if (typeof source !== 'string' || source.length === 0) {
    throw new KindredError('internal', 'telemetry source must be a non-empty string');
  }
}

/**
 * The state database of one dataset (API.md 2.6). Every write method is one
 * transaction that has been committed, with `synchronous = FULL` in WAL mode,
 * by the time it returns: an HTTP handler that answers after the call returns
 * never acknowledges something a crash could lose. All methods are
 * synchronous (better-sqlite3), which is fine for these small writes; the
 * fsync is the dominant cost.
 *
 * @example
 * const db = StateDb.open(statePath('.kindred', csv, await fingerprintFile(csv)));
 * const row = db.recordDecision({ pairId: '12-977', idA: 12, idB: 977, decision: 'reject',
 *   score: 0.802, reviewer: 'ana', note: null, fpA, fpB });
 * // ... answer 200 with row.decided_at
 * db.close();
 */
export class StateDb {
  /**
   * The underlying connection, for `kindred sql` (which registers the SQL
   * functions on it and runs user SQL). Writing to the tables through it
   * bypasses this class's checks; the triggers still keep `edits` append-only.
   */
  readonly connection: Database.Database;
  /** The record change log and event feed (living data). */
  readonly changes: ChangeLog;
  private readonly clock: () => Date;
  private readonly stmt: {
    insertEdit: Database.Statement<[Record<string, unknown>]>;
    editBySeq: Database.Statement<[number], RawEditRow>;
    allEdits: Database.Statement<[], RawEditRow>;
    latestOnPair: Database.Statement<[string], RawEditRow>;
    decisionPage: Database.Statement<[number, number], RawDecisionListRow>;
    decisionCount: Database.Statement<[], number>;
    activeDecisions: Database.Statement<[], RawEditRow>;
    lastSeq: Database.Statement<[], number | null>;
    insertTelemetry: Database.Statement<[string, string, string]>;
    pruneTelemetry: Database.Statement<[string, string, number]>;
    latestTelemetry: Database.Statement<[], TelemetryRow>;
    latestTelemetryOf: Database.Statement<[string], TelemetryRow>;
    setMeta: Database.Statement<[string, string]>;
    getMeta: Database.Statement<[string], string>;
  };

  private constructor(connection: Database.Database, clock: () => Date) {
    this.connection = connection;
    this.clock = clock;
    this.changes = new ChangeLog(connection, clock);
    const db = connection;
    // A decision is in force when no later decision or withdrawal exists on its pair.
    const inForce = `NOT EXISTS (SELECT 1 FROM edits later WHERE later.pair_id = e.pair_id AND later.seq > e.seq)`;
    this.stmt = {
      insertEdit: db.prepare(`
        INSERT INTO edits (kind, pair_id, id_a, id_b, decision, score, reviewer, note, withdraws_seq,
                           row_id, cluster_id, cluster_members, fp_a, fp_b, fp, fingerprints, created_at)
        VALUES (@kind, @pair_id, @id_a, @id_b, @decision, @score, @reviewer, @note, @withdraws_seq,
                @row_id, @cluster_id, @cluster_members, @fp_a, @fp_b, @fp, @fingerprints, @created_at)`),
      editBySeq: db.prepare('SELECT * FROM edits WHERE seq = ?'),
      allEdits: db.prepare('SELECT * FROM edits ORDER BY seq'),
      latestOnPair: db.prepare('SELECT * FROM edits WHERE pair_id = ? ORDER BY seq DESC LIMIT 1'),
      decisionPage: db.prepare(`
        SELECT e.*, ${inForce} AS in_force FROM edits e
         WHERE e.kind = 'decision' ORDER BY e.seq DESC LIMIT ? OFFSET ?`),
      decisionCount: db.prepare<[], number>(`SELECT count(*) FROM edits WHERE kind = 'decision'`).pluck(),
      activeDecisions: db.prepare(`SELECT e.* FROM edits e WHERE e.kind = 'decision' AND ${inForce} ORDER BY e.seq`),
      lastSeq: db.prepare<[], number | null>('SELECT max(seq) FROM edits').pluck(),
      insertTelemetry: db.prepare('INSERT INTO telemetry (source, json, recorded_at) VALUES (?, ?, ?)'),
      pruneTelemetry: db.prepare(`
        DELETE FROM telemetry WHERE source = ? AND id <= (SELECT id FROM telemetry WHERE source = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`),
      latestTelemetry: db.prepare('SELECT source, json, recorded_at FROM telemetry ORDER BY id DESC LIMIT 1'),
      latestTelemetryOf: db.prepare('SELECT source, json, recorded_at FROM telemetry WHERE source = ? ORDER BY id DESC LIMIT 1'),
      setMeta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      getMeta: db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck(),
    };
  }

  /**
   * Opens (creating it and its folders if needed) and migrates a state
   * database, with `journal_mode = WAL`, `synchronous = FULL`,
   * `foreign_keys = ON` and a busy timeout. A file that is not a kindred state
   * database, or is from a newer kindred, fails with `run_failed`.
   *
   * @example
   * const db = StateDb.open('.kindred/people-a3f1c2d4e5b69788.sqlite');
   */
  static open(file: string, options: StateDbOptions = {}): StateDb {
    const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    let connection: Database.Database | undefined;
    try {
      mkdirSync(dirname(file), { recursive: true });
      connection = new Database(file, { timeout: busyTimeoutMs });
      connection.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
      // WAL: readers (the sqlite3 CLI, `kindred sql`) never block the server's writes.
      const mode = connection.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal') throw new Error(`could not enable WAL (journal_mode is ${String(mode)})`);
      // FULL: the WAL is fsynced at every commit, so an acknowledged edit survives power loss too.
      connection.pragma('synchronous = FULL');
      connection.pragma('foreign_keys = ON');
      migrate(connection);
      return new StateDb(connection, options.clock ?? (() => new Date()));
    } catch (e) {
      connection?.close();
      if (e instanceof KindredError) throw e;
      const reason = e instanceof Error ? e.message : String(e);
      throw new KindredError('run_failed', `cannot open state database ${file}: ${reason}`);
    }
  }

  /** Pair ids with a decision in force, and the last edit they account for (see {@link decidedPairIds}). */
  private decided: { ids: Set<string>; seq: number } | null = null;

  private now(): string {
    return this.clock().toISOString();
  }

  private insert(values: Record<string, unknown>): number {
    const row: Record<string, unknown> = {
      pair_id: null, id_a: null, id_b: null, decision: null, score: null, reviewer: null, note: null,
      withdraws_seq: null, row_id: null, cluster_id: null, cluster_members: null, fp_a: null, fp_b: null,
      fp: null, fingerprints: null, created_at: this.now(),
      ...values,
    };
    return Number(this.stmt.insertEdit.run(row).lastInsertRowid);
  }

  private readEdit(seq: number): EditRow {
    const raw = this.stmt.editBySeq.get(seq);
    if (!raw) throw new KindredError('internal', `edit ${seq} vanished right after it was written`);
    return decodeEdit(raw);
  }

  /**
   * Appends a review decision and returns it as stored, with its log `seq` and
   * `decided_at`. A later decision on the same pair replaces this one; both
   * stay in the history.
   *
   * @example
   * const row = db.recordDecision({ pairId: '12-977', idA: 12, idB: 977, decision: 'approve',
   *   score: 0.81, reviewer: null, note: null, fpA, fpB });
   */
  recordDecision(input: NewDecision): DecisionRow {
    checkDecision(input);
    const row = this.connection.transaction(() => {
      const seq = this.insert({
        kind: 'decision', pair_id: input.pairId, id_a: input.idA, id_b: input.idB, decision: input.decision,
        score: input.score, reviewer: input.reviewer ?? null, note: input.note ?? null, fp_a: input.fpA, fp_b: input.fpB,
      });
      const raw = this.stmt.editBySeq.get(seq);
      if (!raw) throw new KindredError('internal', `decision ${seq} vanished right after it was written`);
      return decodeDecision(raw);
    }).immediate();
    // Only after the commit: a failed write leaves the set as the database is.
    this.keepDecided(row.seq, (ids) => ids.add(row.pair_id));
    return row;
  }

  /**
   * Withdraws the decision in force on a pair by appending a `withdraw` edit;
   * returns the withdrawn decision (with the withdrawal's seq and time), or
   * null, writing nothing, when the pair has no decision in force.
   *
   * @example
   * const w = db.withdrawDecision('12-977'); // null if nothing to withdraw
   */
  withdrawDecision(pairId: string): WithdrawnDecision | null {
    const [idA, idB] = parsePairId(pairId);
    // IMMEDIATE: the read of "what is in force" and the append are one atomic step.
    const result = this.connection.transaction((): WithdrawnDecision | null => {
      const latest = this.stmt.latestOnPair.get(pairId);
      if (!latest || latest.kind !== 'decision') return null;
      const withdrawn = decodeDecision(latest);
      const seq = this.insert({ kind: 'withdraw', pair_id: pairId, id_a: idA, id_b: idB, withdraws_seq: withdrawn.seq });
      const edit = this.readEdit(seq);
      return { ...withdrawn, withdrawn_seq: seq, withdrawn_at: edit.created_at };
    }).immediate();
    if (result !== null) this.keepDecided(result.withdrawn_seq, (ids) => ids.delete(pairId));
    return result;
  }

  /**
   * Appends a shatter: every member becomes a singleton, durably.
   *
   * @example
   * db.recordShatter({ clusterId: 12, members: [12, 40, 977], fingerprints: { 12: fp12, 40: fp40, 977: fp977 } });
   */
  recordShatter(input: NewShatter): EditRow {
    checkShatter(input);
    const members = [...input.members].sort((a, b) => a - b);
    const fingerprints: Record<string, string> = {};
    for (const m of members) fingerprints[String(m)] = input.fingerprints[m];
    return this.connection.transaction(() => {
      const seq = this.insert({
        kind: 'shatter', cluster_id: input.clusterId, cluster_members: JSON.stringify(members),
        fingerprints: JSON.stringify(fingerprints),
      });
      return this.readEdit(seq);
    }).immediate();
  }

  /**
   * Appends an unmerge: the record leaves its cluster, durably.
   *
   * @example
   * db.recordUnmerge({ rowId: 40, fp: fp40 });
   */
  recordUnmerge(input: NewUnmerge): EditRow {
    checkUnmerge(input);
    return this.connection.transaction(() => this.readEdit(this.insert({ kind: 'unmerge', row_id: input.rowId, fp: input.fp }))).immediate();
  }

  /**
   * The seq of the newest edit (0 when there is none).
   *
   * @example
   * db.changes.append(ops, db.lastEditSeq());
   */
  lastEditSeq(): number {
    return this.stmt.lastSeq.get() ?? 0;
  }

  /**
   * The whole edit log in seq order, for re-application after the initial run.
   *
   * @example
   * for (const edit of db.edits()) apply(edit);
   */
  edits(): EditRow[] {
    return this.stmt.allEdits.all().map(decodeEdit);
  }

  /**
   * One page of the decision history, newest first, with the total number of
   * decisions ever recorded. `active` is false for a decision replaced by a
   * later one on its pair or withdrawn. Decisions whose seq is in `staleSeqs`
   * (the caller found their records changed) get `active: false, stale: true`.
   *
   * @example
   * const { decisions, total } = db.listDecisions({ limit: 100, offset: 0 }, new Set([3]));
   */
  listDecisions(page: Page, staleSeqs: ReadonlySet<number> = new Set()): { decisions: DecisionView[]; total: number } {
    checkPage(page);
    // One read transaction, so the page and the total describe the same moment.
    return this.connection.transaction(() => {
      const decisions = this.stmt.decisionPage.all(page.limit, page.offset).map((raw): DecisionView => {
        const d = decodeDecision(raw);
        const view: DecisionView = {
          pair_id: d.pair_id, id_a: d.id_a, id_b: d.id_b, decision: d.decision, score: d.score,
          reviewer: d.reviewer, note: d.note, decided_at: d.decided_at, active: raw.in_force === 1,
        };
        if (staleSeqs.has(d.seq)) {
          view.active = false;
          view.stale = true;
        }
        return view;
      });
      return { decisions, total: this.stmt.decisionCount.get() ?? 0 };
    }).deferred();
  }

  /**
   * The decision in force on each pair (its latest decision, unless withdrawn
   * since), in seq order. Staleness is the caller's to judge from `fp_a`/`fp_b`.
   *
   * @example
   * for (const d of db.activeDecisions()) if (stillSame(d)) constraints.add(d);
   */
  activeDecisions(): DecisionRow[] {
    return this.stmt.activeDecisions.all().map(decodeDecision);
  }

  /**
   * The pair ids of {@link activeDecisions}, kept in memory so the review
   * queue need not read every decision on every request: this connection's
   * own decisions and withdrawals update the set, and it is read again
   * only when the log holds an edit it has not seen (another process, such
   * as `kindred sql`, wrote one). The check is one indexed `max(seq)`.
   *
   * @example
   * db.decidedPairIds().has('12-977'); // true once decided, false again once withdrawn
   */
  decidedPairIds(): ReadonlySet<string> {
    const last = this.stmt.lastSeq.get() ?? 0;
    if (this.decided === null || this.decided.seq !== last) {
      this.decided = { ids: new Set(this.activeDecisions().map((d) => d.pair_id)), seq: last };
    }
    return this.decided.ids;
  }

  /** Applies this connection's own edit `seq` to the cached set, when the set was current just before it. */
  private keepDecided(seq: number, change: (ids: Set<string>) => void): void {
    if (this.decided === null) return;
    if (this.decided.seq === seq - 1) {
      change(this.decided.ids);
      this.decided.seq = seq;
    } else this.decided = null;
  }

  /**
   * Stores autoconfig telemetry (JSON text of an object) as the latest.
   *
   * @example
   * db.saveTelemetry('rest_autoconfig', JSON.stringify(telemetry));
   */
  saveTelemetry(source: string, json: string): TelemetryRow {
    checkTelemetry(source, json);
    const recorded_at = this.now();
    this.connection.transaction(() => {
      this.stmt.insertTelemetry.run(source, json, recorded_at);
      this.stmt.pruneTelemetry.run(source, source, TELEMETRY_HISTORY - 1);
    }).immediate();
    return { source, json, recorded_at };
  }

  /**
   * The most recently saved telemetry (of `source` when given: the server's
   * `GET /controller/telemetry` asks for `rest_autoconfig`), or null when
   * none was saved.
   *
   * @example
   * const t = db.latestTelemetry();
   * const body = t ? JSON.parse(t.json) : { available: false, source: null };
   */
  latestTelemetry(source?: string): TelemetryRow | null {
    return (source === undefined ? this.stmt.latestTelemetry.get() : this.stmt.latestTelemetryOf.get(source)) ?? null;
  }

  /**
   * Whether nothing was ever written here: no edit, no telemetry. A database
   * just created for a new version of a dataset is empty until
   * {@link importHistory} fills it.
   *
   * @example
   * StateDb.open(freshFile).isEmpty(); // true
   */
  isEmpty(): boolean {
    return this.stmt.lastSeq.get() === null && this.stmt.latestTelemetry.get() === undefined;
  }

  /**
   * Copies the whole edit log (same `seq` numbers, timestamps and
   * fingerprints) and the telemetry history of another state database into
   * this one, in one write transaction, if this one is still empty then;
   * the other file is only read. Returns null when it was not empty (another
   * process opening the same new version got there first: its copy stands).
   * Replay then judges each decision against the records it finds now, so
   * decisions on records that changed are listed as stale rather than lost.
   *
   * @example
   * const copied = fresh.importHistory('.kindred/people-7c1e09f2-a3f1c2d4e5b69788.sqlite'); // { edits: 12, telemetry: 1 }
   */
  importHistory(sourceFile: string): { edits: number; telemetry: number } | null {
    const columns = `seq, kind, pair_id, id_a, id_b, decision, score, reviewer, note, withdraws_seq,
                     row_id, cluster_id, cluster_members, fp_a, fp_b, fp, fingerprints, created_at`;
    this.connection.prepare('ATTACH DATABASE ? AS previous').run(sourceFile);
    try {
      // IMMEDIATE: the emptiness check and the copy hold the write lock together, so two openers cannot both copy.
      const copied = this.connection
        .transaction(() => {
          if (!this.isEmpty()) return null;
          return {
            edits: this.connection.prepare(`INSERT INTO edits (${columns}) SELECT ${columns} FROM previous.edits ORDER BY seq`).run().changes,
            telemetry: this.connection
              .prepare('INSERT INTO telemetry (source, json, recorded_at) SELECT source, json, recorded_at FROM previous.telemetry ORDER BY id')
              .run().changes,
          };
        })
        .immediate();
      this.decided = null;
      return copied;
    } finally {
      this.connection.prepare('DETACH DATABASE previous').run();
    }
  }

  /**
   * Sets a metadata entry (e.g. `dataset_path`, `dataset_fingerprint`).
   *
   * @example
   * db.setMeta('dataset_fingerprint', fp);
   */
  setMeta(key: string, value: string): void {
    this.stmt.setMeta.run(key, value);
  }

  /**
   * A metadata entry, or null when unset.
   *
   * @example
   * db.getMeta('dataset_path'); // "/data/people.csv"
   */
  getMeta(key: string): string | null {
    return this.stmt.getMeta.get(key) ?? null;
  }

  /**
   * Closes the connection (SQLite checkpoints the WAL into the main file).
   *
   * @example
   * db.close();
   */
  close(): void {
    if (this.connection.open) this.connection.close();
  }
}
