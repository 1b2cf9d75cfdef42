/** Checks edits before they reach the log, so a bad caller gets a structured 400 instead of a half-usable history. */
import { KindredError, type Issue } from '../errors/registry.js';
import type { NewDecision, NewShatter, NewUnmerge } from './edit-types.js';

const PAIR_ID = /^(0|[1-9][0-9]*)-(0|[1-9][0-9]*)$/;

function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isFingerprint(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function fail(what: string, issues: Issue[]): never {
  throw new KindredError('invalid_request', `invalid ${what}`, issues);
}

/**
 * Splits a pair id `"<a>-<b>"` (a < b, canonical decimal row ids) into its row
 * ids, or throws `invalid_request`.
 *
 * @example
 * parsePairId('12-977'); // [12, 977]
 * parsePairId('977-12'); // throws KindredError invalid_request
 */
export function parsePairId(pairId: string): [number, number] {
  const m = PAIR_ID.exec(pairId);
  const a = m ? Number(m[1]) : NaN;
  const b = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a >= b) {
    throw new KindredError('invalid_request', `malformed pair id ${JSON.stringify(pairId)}; expected "<a>-<b>" with row ids a < b`, [
      { path: 'pair_id', message: `expected "<a>-<b>" with row ids a < b, got ${JSON.stringify(pairId)}` },
    ]);
  }
  return [a, b];
}

/**
 * Throws `invalid_request` with one issue per problem unless the decision is
 * well formed (consistent pair id and row ids, known verdict, score in [0, 1]
 * or null, fingerprints present).
 *
 * @example
 * checkDecision({ pairId: '1-2', idA: 1, idB: 2, decision: 'approve', score: 0.9, fpA: 'a', fpB: 'b' });
 */
export function checkDecision(input: NewDecision): void {
  const issues: Issue[] = [];
  if (!isRowId(input.idA)) issues.push({ path: 'id_a', message: 'expected a non-negative integer row id' });
  if (!isRowId(input.idB)) issues.push({ path: 'id_b', message: 'expected a non-negative integer row id' });
  if (input.pairId !== `${input.idA}-${input.idB}` || !(input.idA < input.idB)) {
    issues.push({ path: 'pair_id', message: `expected "${input.idA}-${input.idB}" with id_a < id_b, got ${JSON.stringify(input.pairId)}` });
  }
  if (input.decision !== 'approve' && input.decision !== 'reject') {
    issues.push({ path: 'decision', message: `expected "approve" or "reject", got ${JSON.stringify(input.decision)}` });
  }
  if (input.score !== null && !(typeof input.score === 'number' && input.score >= 0 && input.score <= 1)) {
    issues.push({ path: 'score', message: 'expected a number in [0, 1] or null' });
  }
  for (const key of ['reviewer', 'note'] as const) {
    const value = input[key];
    if (value !== undefined && value !== null && typeof value !== 'string') issues.push({ path: key, message: 'expected a string or null' });
  }
  if (!isFingerprint(input.fpA)) issues.push({ path: 'fp_a', message: 'expected a record fingerprint' });
  if (!isFingerprint(input.fpB)) issues.push({ path: 'fp_b', message: 'expected a record fingerprint' });
  if (issues.length > 0) fail('decision', issues);
}

/**
 * Throws `invalid_request` unless the shatter names distinct row ids, its
 * cluster id is the smallest of them (the contract's cluster id), and every
 * member has a fingerprint.
 *
 * @example
 * checkShatter({ clusterId: 12, members: [12, 40], fingerprints: { 12: 'a', 40: 'b' } });
 */
export function checkShatter(input: NewShatter): void {
  const issues: Issue[] = [];
  const members = input.members;
  if (!Array.isArray(members) || members.length === 0) {
    issues.push({ path: 'members', message: 'expected at least one row id' });
  } else {
    members.forEach((m, i) => {
      if (!isRowId(m)) issues.push({ path: `members[${i}]`, message: 'expected a non-negative integer row id' });
      else if (!isFingerprint(input.fingerprints[m])) issues.push({ path: `fingerprints.${m}`, message: 'missing record fingerprint' });
    });
    if (new Set(members).size !== members.length) issues.push({ path: 'members', message: 'row ids must be distinct' });
    if (input.clusterId !== Math.min(...members)) {
      issues.push({ path: 'cluster_id', message: `expected the smallest member (${Math.min(...members)}), got ${input.clusterId}` });
    }
  }
  if (issues.length > 0) fail('shatter', issues);
}

/**
 * Throws `invalid_request` unless the unmerge names a row id and a fingerprint.
 *
 * @example
 * checkUnmerge({ rowId: 40, fp: 'bb01c3d9e2b15477' });
 */
export function checkUnmerge(input: NewUnmerge): void {
  const issues: Issue[] = [];
  if (!isRowId(input.rowId)) issues.push({ path: 'row_id', message: 'expected a non-negative integer row id' });
  if (!isFingerprint(input.fp)) issues.push({ path: 'fp', message: 'expected a record fingerprint' });
  if (issues.length > 0) fail('unmerge', issues);
}
