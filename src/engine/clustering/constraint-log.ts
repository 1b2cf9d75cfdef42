/** Replays the steward's edit log into the constraints clustering enforces: must-links, cannot-links, isolation marks. */
import { KindredError } from '../../errors/registry.js';
import type { Constraints, Edit, MustLink, PairDecision } from './types.js';

/** The active decision on one pair. */
type ActiveDecision = { kind: 'must'; link: MustLink } | { kind: 'cannot'; link: PairDecision };

/**
 * The mutable form of `Constraints`, indexed by row so the live cluster
 * state can ask "which decisions touch these rows" without scanning them all.
 *
 * Rules: edits arrive in strictly increasing `seq`; a decision on a pair
 * replaces the pair's earlier decision; `withdraw` clears the pair (the
 * replaced decision does not come back); shatter and unmerge record, per
 * row, the seq of the latest isolation. Decisions on a pair of one row
 * (`a === b`) are meaningless and ignored.
 *
 * @example
 * const log = new ConstraintLog();
 * log.apply({ kind: 'approve', seq: 1, a: 9, b: 4, score: 0.8 });
 * log.snapshot().mustLinks; // [{ a: 4, b: 9, seq: 1, score: 0.8 }]
 */
export class ConstraintLog {
  private readonly decisions = new Map<number, Map<number, ActiveDecision>>();
  private readonly isolated = new Map<number, number>();
  private lastSeq = -Infinity;

  /**
   * A log that starts from already-replayed constraints (e.g. the ones a
   * ClusterState is constructed with). Later edits must have a larger seq
   * than every seq in them.
   *
   * @example
   * const log = ConstraintLog.from(replayEdits(storedEdits));
   */
  static from(constraints: Constraints): ConstraintLog {
    const log = new ConstraintLog();
    for (const m of constraints.mustLinks) {
      log.setDecision(m.a, m.b, { kind: 'must', link: { ...m } });
      log.lastSeq = Math.max(log.lastSeq, m.seq);
    }
    for (const c of constraints.cannotLinks) {
      log.setDecision(c.a, c.b, { kind: 'cannot', link: { ...c } });
      log.lastSeq = Math.max(log.lastSeq, c.seq);
    }
    for (const [row, seq] of constraints.isolatedAt) {
      log.isolated.set(row, seq);
      log.lastSeq = Math.max(log.lastSeq, seq);
    }
    return log;
  }

  /**
   * Applies one edit. Throws `invalid_request` when its seq does not follow
   * the previous one: the conflict rules compare seqs, so an out-of-order
   * log would silently mean something else.
   *
   * @example
   * log.apply({ kind: 'unmerge', seq: 2, row: 40 });
   */
  apply(edit: Edit): void {
    if (!(edit.seq > this.lastSeq)) {
      throw new KindredError('invalid_request', `edit seq ${edit.seq} does not follow the previous seq ${this.lastSeq}`);
    }
    this.lastSeq = edit.seq;
    switch (edit.kind) {
      case 'approve': {
        if (edit.a === edit.b) return;
        const [a, b] = ordered(edit.a, edit.b);
        this.setDecision(a, b, { kind: 'must', link: { a, b, seq: edit.seq, score: edit.score } });
        return;
      }
      case 'reject': {
        if (edit.a === edit.b) return;
        const [a, b] = ordered(edit.a, edit.b);
        this.setDecision(a, b, { kind: 'cannot', link: { a, b, seq: edit.seq } });
        return;
      }
      case 'withdraw':
        this.clearDecision(edit.a, edit.b);
        return;
      case 'shatter':
        for (const row of edit.members) this.isolated.set(row, edit.seq);
        return;
      case 'unmerge':
        this.isolated.set(edit.row, edit.seq);
        return;
    }
  }

  /**
   * The active must-link on a pair (either order), if any.
   *
   * @example
   * log.mustLink(977, 12)?.score;
   */
  mustLink(a: number, b: number): MustLink | undefined {
    const d = this.decisions.get(a)?.get(b);
    return d?.kind === 'must' ? d.link : undefined;
  }

  /**
   * Whether the pair (either order) has an active cannot-link.
   *
   * @example
   * log.isCannotLink(3, 9); // true after a reject of "3-9"
   */
  isCannotLink(a: number, b: number): boolean {
    return this.decisions.get(a)?.get(b)?.kind === 'cannot';
  }

  /**
   * Seq of the latest shatter/unmerge that isolated `row`, or undefined.
   *
   * @example
   * log.isolatedAt(40); // 2
   */
  isolatedAt(row: number): number | undefined {
    return this.isolated.get(row);
  }

  /**
   * Calls `visit` for every active must-link of `row` (partner row first).
   *
   * @example
   * log.forEachMustLink(12, (partner, link) => console.log(partner, link.seq));
   */
  forEachMustLink(row: number, visit: (partner: number, link: MustLink) => void): void {
    const mine = this.decisions.get(row);
    if (mine === undefined) return;
    for (const [partner, d] of mine) if (d.kind === 'must') visit(partner, d.link);
  }

  /**
   * Every active constraint: the builder's input for a whole run.
   *
   * @example
   * buildClusters({ rowCount, links, maxClusterSize: 100, constraints: log.snapshot() });
   */
  snapshot(): Constraints {
    const mustLinks: MustLink[] = [];
    const cannotLinks: PairDecision[] = [];
    for (const [a, mine] of this.decisions) {
      for (const [b, d] of mine) {
        if (b < a) continue;
        if (d.kind === 'must') mustLinks.push({ ...d.link });
        else cannotLinks.push({ ...d.link });
      }
    }
    return sortedConstraints(mustLinks, cannotLinks, new Map(this.isolated));
  }

  /**
   * The constraints among the given rows only (both rows of a decision must
   * be in the list), visiting only their decisions: cost proportional to the
   * rows, not to the whole log.
   *
   * @example
   * const sub = log.snapshotOfRows([3, 9, 12]);
   */
  snapshotOfRows(rows: readonly number[]): Constraints {
    const inside = new Set(rows);
    const mustLinks: MustLink[] = [];
    const cannotLinks: PairDecision[] = [];
    const isolatedAt = new Map<number, number>();
    for (const a of rows) {
      const seq = this.isolated.get(a);
      if (seq !== undefined) isolatedAt.set(a, seq);
      const mine = this.decisions.get(a);
      if (mine === undefined) continue;
      for (const [b, d] of mine) {
        if (b < a || !inside.has(b)) continue;
        if (d.kind === 'must') mustLinks.push({ ...d.link });
        else cannotLinks.push({ ...d.link });
      }
    }
    return sortedConstraints(mustLinks, cannotLinks, isolatedAt);
  }

  private setDecision(a: number, b: number, d: ActiveDecision): void {
    this.side(a).set(b, d);
    this.side(b).set(a, d);
  }

  private clearDecision(a: number, b: number): void {
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const mine = this.decisions.get(x);
      if (mine === undefined) continue;
      mine.delete(y);
      if (mine.size === 0) this.decisions.delete(x);
    }
  }

  private side(row: number): Map<number, ActiveDecision> {
    let mine = this.decisions.get(row);
    if (mine === undefined) {
      mine = new Map();
      this.decisions.set(row, mine);
    }
    return mine;
  }
}

/**
 * The constraints left by an ordered edit log (strictly increasing seq).
 *
 * @example
 * replayEdits([
 *   { kind: 'approve', seq: 1, a: 3, b: 9, score: 0.7 },
 *   { kind: 'reject', seq: 2, a: 9, b: 3 },
 * ]).cannotLinks; // [{ a: 3, b: 9, seq: 2 }] — the later decision replaced the approval
 */
export function replayEdits(edits: readonly Edit[]): Constraints {
  const log = new ConstraintLog();
  for (const edit of edits) log.apply(edit);
  return log.snapshot();
}

function sortedConstraints(mustLinks: MustLink[], cannotLinks: PairDecision[], isolatedAt: Map<number, number>): Constraints {
  mustLinks.sort((x, y) => x.a - y.a || x.b - y.b);
  cannotLinks.sort((x, y) => x.seq - y.seq);
  return { mustLinks, cannotLinks, isolatedAt };
}

function ordered(x: number, y: number): [number, number] {
  return x < y ? [x, y] : [y, x];
}
