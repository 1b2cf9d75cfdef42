/** Turns raw `edits` rows from SQLite into the typed edit log, refusing rows that break the schema's promises. */
import { KindredError } from '../errors/registry.js';
import type { Decision, DecisionEdit, DecisionRow, EditRow } from './edit-types.js';

/**
 * An `edits` row as SQLite returns it; every column of the table.
 *
 * @example
 * const raw = db.prepare<[number], RawEditRow>('SELECT * FROM edits WHERE seq = ?').get(1);
 */
export interface RawEditRow {
  seq: number;
  kind: string;
  pair_id: string | null;
  id_a: number | null;
  id_b: number | null;
  decision: string | null;
  score: number | null;
  reviewer: string | null;
  note: string | null;
  withdraws_seq: number | null;
  row_id: number | null;
  cluster_id: number | null;
  cluster_members: string | null;
  fp_a: string | null;
  fp_b: string | null;
  fp: string | null;
  fingerprints: string | null;
  created_at: string;
}

function corrupt(raw: RawEditRow, what: string): never {
  // The CHECK constraints make this unreachable unless the file was altered by hand.
  throw new KindredError('internal', `state database edit ${raw.seq} (${raw.kind}) is corrupt: ${what}`);
}

function need<T>(raw: RawEditRow, value: T | null, column: string): T {
  if (value === null) corrupt(raw, `${column} is missing`);
  return value;
}

function decisionOf(raw: RawEditRow): Decision {
  if (raw.decision === 'approve' || raw.decision === 'reject') return raw.decision;
  return corrupt(raw, `decision is ${JSON.stringify(raw.decision)}`);
}

function membersOf(raw: RawEditRow): number[] {
  const parsed: unknown = JSON.parse(need(raw, raw.cluster_members, 'cluster_members'));
  if (!Array.isArray(parsed) || !parsed.every((m): m is number => Number.isSafeInteger(m))) {
    return corrupt(raw, 'cluster_members is not an array of row ids');
  }
  return parsed;
}

function fingerprintsOf(raw: RawEditRow): Record<string, string> {
  const parsed: unknown = JSON.parse(need(raw, raw.fingerprints, 'fingerprints'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return corrupt(raw, 'fingerprints is not an object');
  const out: Record<string, string> = {};
  for (const [row, fp] of Object.entries(parsed)) {
    if (typeof fp !== 'string') return corrupt(raw, `fingerprint of row ${row} is not a string`);
    out[row] = fp;
  }
  return out;
}

/**
 * Decodes one raw row into its typed edit.
 *
 * @example
 * const edit = decodeEdit(raw); // { kind: 'unmerge', seq: 4, row_id: 40, fp: '...', created_at: '...' }
 */
export function decodeEdit(raw: RawEditRow): EditRow {
  const base = { seq: raw.seq, created_at: raw.created_at };
  switch (raw.kind) {
    case 'decision':
      return {
        kind: 'decision',
        ...base,
        pair_id: need(raw, raw.pair_id, 'pair_id'),
        id_a: need(raw, raw.id_a, 'id_a'),
        id_b: need(raw, raw.id_b, 'id_b'),
        decision: decisionOf(raw),
        score: raw.score,
        reviewer: raw.reviewer,
        note: raw.note,
        fp_a: need(raw, raw.fp_a, 'fp_a'),
        fp_b: need(raw, raw.fp_b, 'fp_b'),
      };
    case 'withdraw':
      return {
        kind: 'withdraw',
        ...base,
        pair_id: need(raw, raw.pair_id, 'pair_id'),
        id_a: need(raw, raw.id_a, 'id_a'),
        id_b: need(raw, raw.id_b, 'id_b'),
        withdraws_seq: need(raw, raw.withdraws_seq, 'withdraws_seq'),
      };
    case 'shatter':
      return {
        kind: 'shatter',
        ...base,
        cluster_id: need(raw, raw.cluster_id, 'cluster_id'),
        members: membersOf(raw),
        fingerprints: fingerprintsOf(raw),
      };
    case 'unmerge':
      return { kind: 'unmerge', ...base, row_id: need(raw, raw.row_id, 'row_id'), fp: need(raw, raw.fp, 'fp') };
    default:
      return corrupt(raw, 'unknown kind');
  }
}

/**
 * Decodes a raw row that must be a decision into the API-facing decision row.
 *
 * @example
 * const row = decodeDecision(raw); // { seq, pair_id, ..., decided_at }
 */
export function decodeDecision(raw: RawEditRow): DecisionRow {
  const edit = decodeEdit(raw);
  if (edit.kind !== 'decision') return corrupt(raw, 'expected a decision');
  return decisionRowOf(edit);
}

/**
 * The decision-row view of a decision edit (`created_at` becomes `decided_at`).
 *
 * @example
 * const row = decisionRowOf(edit);
 */
export function decisionRowOf(edit: DecisionEdit): DecisionRow {
  const { kind: _kind, created_at, ...rest } = edit;
  return { ...rest, decided_at: created_at };
}
