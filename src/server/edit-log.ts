/** Bridges the durable edit log (src/store) and the live clusters: converts stored edits, detects stale ones, replays them after a run. */
import type { Edit } from '../engine/clustering/types.js';
import type { ClusterDiff } from '../engine/clustering/cluster-state.js';
import type { EditRow } from '../store/edit-types.js';
import { fingerprintRecord } from '../store/fingerprint.js';
import type { MatchResults } from './match-results.js';

/** The current fingerprint of a row (its cells in column order). */
export function rowFingerprint(results: MatchResults, row: number): string {
  const rec = results.record(row);
  return fingerprintRecord(results.columns.map((c) => rec[c]));
}

/**
 * The clustering edit of a stored edit, or null when it no longer applies:
 * a row id out of range, or a record whose content changed since (stale).
 */
export function toClusterEdit(results: MatchResults, e: EditRow): Edit | null {
  const n = results.rowCount;
  const ok = (row: number, fp: string | undefined): boolean =>
    row >= 0 && row < n && !results.live.table.isDeleted(row) && (fp === undefined || rowFingerprint(results, row) === fp);
  switch (e.kind) {
    case 'decision':
      if (!ok(e.id_a, e.fp_a) || !ok(e.id_b, e.fp_b)) return null;
      return e.decision === 'approve'
        ? { kind: 'approve', seq: e.seq, a: e.id_a, b: e.id_b, score: results.pairScore(e.id_a, e.id_b) }
        : { kind: 'reject', seq: e.seq, a: e.id_a, b: e.id_b };
    case 'withdraw':
      if (!ok(e.id_a, undefined) || !ok(e.id_b, undefined)) return null;
      return { kind: 'withdraw', seq: e.seq, a: e.id_a, b: e.id_b };
    case 'shatter': {
      const members = e.members.filter((m) => ok(m, e.fingerprints[String(m)]));
      return members.length > 0 ? { kind: 'shatter', seq: e.seq, members } : null;
    }
    case 'unmerge':
      return ok(e.row_id, e.fp) ? { kind: 'unmerge', seq: e.seq, row: e.row_id } : null;
  }
}

/**
 * The rows an edit names.
 *
 * @example
 * editRows(edit); // [12, 977] for a decision on 12-977
 */
export function editRows(e: EditRow): number[] {
  return e.kind === 'shatter' ? e.members : e.kind === 'unmerge' ? [e.row_id] : [e.id_a, e.id_b];
}

/**
 * Re-applies one stored edit to the clusters and returns what it did to
 * them; null (and logged) when it no longer applies, its records having
 * changed.
 *
 * @example
 * if (replayEdit(results, e, log) === null && e.kind === 'decision') stale.add(e.seq);
 */
export function replayEdit(results: MatchResults, e: EditRow, log: (line: string) => void): ClusterDiff | null {
  const edit = toClusterEdit(results, e);
  if (edit === null) {
    log(`edit ${e.seq} (${e.kind}) not applied: its records changed or no longer exist`);
    return null;
  }
  return results.clusters.apply(edit).diff;
}
