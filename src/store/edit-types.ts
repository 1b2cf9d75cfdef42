/** The shapes of the state database's edit log: what callers write, what the log gives back, and the review-decision views. */

/** A steward's verdict on a pair: must-link or cannot-link. */
export type Decision = 'approve' | 'reject';

/** The four kinds of edit the log holds. */
export type EditKind = 'decision' | 'withdraw' | 'shatter' | 'unmerge';

/**
 * A review decision to record. `fpA`/`fpB` are the two records'
 * {@link fingerprintRecord} values at decision time, so a later start-up can
 * tell whether the records still say what the steward saw.
 *
 * @example
 * const d: NewDecision = { pairId: '12-977', idA: 12, idB: 977, decision: 'reject',
 *   score: 0.802, reviewer: 'ana', note: null, fpA: '3b1f0c9a5d2e7f40', fpB: '77aa01c3d9e2b154' };
 */
export interface NewDecision {
  pairId: string;
  idA: number;
  idB: number;
  decision: Decision;
  /** The pair's score when decided; null when the pair was never scored. */
  score: number | null;
  reviewer?: string | null;
  note?: string | null;
  fpA: string;
  fpB: string;
}

/**
 * A shatter to record: every member of `clusterId` becomes a singleton.
 *
 * @example
 * const s: NewShatter = { clusterId: 12, members: [12, 40, 977],
 *   fingerprints: { 12: 'aa..', 40: 'bb..', 977: 'cc..' } };
 */
export interface NewShatter {
  /** The cluster's id, which the contract defines as its smallest member. */
  clusterId: number;
  members: readonly number[];
  /** Record fingerprint per member row id. */
  fingerprints: Readonly<Record<number, string>>;
}

/**
 * An unmerge to record: `rowId` leaves its cluster.
 *
 * @example
 * const u: NewUnmerge = { rowId: 40, fp: 'bb01c3d9e2b15477' };
 */
export interface NewUnmerge {
  rowId: number;
  fp: string;
}

/**
 * What a review decision says, as stored and as logged: the pair, the
 * verdict and who gave it, and both records' fingerprints at the time.
 *
 * @example
 * const f: DecisionFields = { pair_id: '12-977', id_a: 12, id_b: 977, decision: 'reject', score: 0.802, reviewer: 'ana', note: null, fp_a: 'a1…', fp_b: 'b2…' };
 */
export interface DecisionFields {
  pair_id: string;
  id_a: number;
  id_b: number;
  decision: Decision;
  score: number | null;
  reviewer: string | null;
  note: string | null;
  fp_a: string;
  fp_b: string;
}

/**
 * A stored review decision.
 *
 * @example
 * const row: DecisionRow = db.recordDecision(d);
 * row.seq; row.decided_at; // 7, "2026-11-21T10:15:02.123Z"
 */
export interface DecisionRow extends DecisionFields {
  seq: number;
  /** ISO 8601 UTC with milliseconds, e.g. `2026-11-21T10:15:02.123Z`. */
  decided_at: string;
}

/**
 * The decision a withdrawal took out of force, with the withdrawal's own log
 * position and time.
 *
 * @example
 * const w = db.withdrawDecision('12-977');
 * if (w) console.log(`${w.decision} by ${w.reviewer} withdrawn at ${w.withdrawn_at}`);
 */
export interface WithdrawnDecision extends DecisionRow {
  withdrawn_seq: number;
  withdrawn_at: string;
}

/** A decision as it appears in the edit log. */
export interface DecisionEdit extends DecisionFields {
  kind: 'decision';
  seq: number;
  created_at: string;
}

/** A withdrawal as it appears in the edit log; `withdraws_seq` is the decision it took out of force. */
export interface WithdrawEdit {
  kind: 'withdraw';
  seq: number;
  created_at: string;
  pair_id: string;
  id_a: number;
  id_b: number;
  withdraws_seq: number;
}

/** A shatter as it appears in the edit log; `fingerprints` maps member row id (as a string key) to its fingerprint. */
export interface ShatterEdit {
  kind: 'shatter';
  seq: number;
  created_at: string;
  cluster_id: number;
  members: number[];
  fingerprints: Record<string, string>;
}

/** An unmerge as it appears in the edit log. */
export interface UnmergeEdit {
  kind: 'unmerge';
  seq: number;
  created_at: string;
  row_id: number;
  fp: string;
}

/**
 * One entry of the append-only edit log; switch on `kind`.
 *
 * @example
 * for (const edit of db.edits()) {
 *   if (edit.kind === 'shatter') console.log(edit.members);
 * }
 */
export type EditRow = DecisionEdit | WithdrawEdit | ShatterEdit | UnmergeEdit;

/**
 * One element of `GET /reviews/decisions`. `active` is false when a later
 * decision on the pair replaced this one, when it was withdrawn, or when it is
 * stale (its records changed since; then `stale` is true).
 *
 * @example
 * const { decisions, total } = db.listDecisions({ limit: 100, offset: 0 });
 */
export interface DecisionView {
  pair_id: string;
  id_a: number;
  id_b: number;
  decision: Decision;
  score: number | null;
  reviewer: string | null;
  note: string | null;
  decided_at: string;
  active: boolean;
  stale?: boolean;
}

/**
 * The stored autoconfig telemetry: the JSON text exactly as saved.
 *
 * @example
 * const t = db.latestTelemetry(); // { source: 'rest_autoconfig', json: '{"available":true,...}', recorded_at: '...' }
 */
export interface TelemetryRow {
  source: string;
  json: string;
  recorded_at: string;
}
