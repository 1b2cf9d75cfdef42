/** Review decisions: a later decision replaces an earlier one, a withdrawal takes one out of force, and the history pages newest first. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { StateDb } from '../../src/store/state-db.js';
import { KindredError } from '../../src/errors/registry.js';
import { decisionOn, tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);
let n = 0;
/** A new database per test, with a clock that ticks one millisecond per timestamp. */
function freshDb(): StateDb {
  let tick = Date.UTC(2026, 10, 21, 10, 15, 2, 123);
  return StateDb.open(join(tmp.dir, `decisions-${n++}.sqlite`), { clock: () => new Date(tick++) });
}

test('recordDecision returns the stored row with seq and an ISO millisecond UTC timestamp', () => {
  const db = freshDb();
  try {
    const row = db.recordDecision(decisionOn(12, 977, 'reject', { score: 0.802, reviewer: 'ana', note: 'different dob' }));
    assert.deepEqual(row, {
      seq: 1, pair_id: '12-977', id_a: 12, id_b: 977, decision: 'reject', score: 0.802, reviewer: 'ana',
      note: 'different dob', fp_a: 'fp-12', fp_b: 'fp-977', decided_at: '2026-11-21T10:15:02.123Z',
    });
    const second = db.recordDecision(decisionOn(1, 2, 'approve', { reviewer: undefined, score: null }));
    assert.equal(second.seq, 2);
    assert.equal(second.reviewer, null);
    assert.equal(second.score, null);
    assert.match(second.decided_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  } finally {
    db.close();
  }
});

test('a later decision on the same pair replaces the earlier; both stay in the history', () => {
  const db = freshDb();
  try {
    const first = db.recordDecision(decisionOn(3, 7, 'approve'));
    db.recordDecision(decisionOn(4, 5, 'approve'));
    const second = db.recordDecision(decisionOn(3, 7, 'reject'));
    const { decisions, total } = db.listDecisions({ limit: 10, offset: 0 });
    assert.equal(total, 3);
    assert.deepEqual(decisions.map((d) => [d.pair_id, d.decision, d.active]), [
      ['3-7', 'reject', true],
      ['4-5', 'approve', true],
      ['3-7', 'approve', false],
    ]);
    assert.deepEqual(db.activeDecisions().map((d) => d.seq), [2, second.seq]);
    assert.ok(!db.activeDecisions().some((d) => d.seq === first.seq));
  } finally {
    db.close();
  }
});

test('withdrawDecision takes the decision in force out of force and records the withdrawal', () => {
  const db = freshDb();
  try {
    const decided = db.recordDecision(decisionOn(3, 7, 'reject'));
    const withdrawn = db.withdrawDecision('3-7');
    assert.ok(withdrawn);
    assert.equal(withdrawn.seq, decided.seq);
    assert.equal(withdrawn.decision, 'reject');
    assert.equal(withdrawn.withdrawn_seq, decided.seq + 1);
    assert.ok(withdrawn.withdrawn_at > decided.decided_at);

    assert.deepEqual(db.activeDecisions(), []);
    const { decisions, total } = db.listDecisions({ limit: 10, offset: 0 });
    assert.equal(total, 1, 'a withdrawal is not itself a decision');
    assert.equal(decisions[0].active, false);
    assert.equal(decisions[0].stale, undefined);

    const log = db.edits();
    assert.deepEqual(log.map((e) => e.kind), ['decision', 'withdraw']);
    const w = log[1];
    assert.ok(w.kind === 'withdraw');
    assert.equal(w.withdraws_seq, decided.seq);
    assert.equal(w.pair_id, '3-7');
  } finally {
    db.close();
  }
});

test('withdrawing with nothing in force returns null and writes nothing', () => {
  const db = freshDb();
  try {
    assert.equal(db.withdrawDecision('1-2'), null);
    db.recordDecision(decisionOn(1, 2));
    assert.ok(db.withdrawDecision('1-2'));
    assert.equal(db.withdrawDecision('1-2'), null, 'already withdrawn');
    assert.equal(db.edits().length, 2);
  } finally {
    db.close();
  }
});

test('a decision after a withdrawal is in force again', () => {
  const db = freshDb();
  try {
    db.recordDecision(decisionOn(1, 2, 'approve'));
    db.withdrawDecision('1-2');
    const again = db.recordDecision(decisionOn(1, 2, 'reject'));
    assert.deepEqual(db.activeDecisions().map((d) => [d.seq, d.decision]), [[again.seq, 'reject']]);
    assert.deepEqual(db.listDecisions({ limit: 10, offset: 0 }).decisions.map((d) => d.active), [true, false]);
  } finally {
    db.close();
  }
});

test('the history pages newest first with a stable total', () => {
  const db = freshDb();
  try {
    for (let i = 0; i < 7; i++) db.recordDecision(decisionOn(i, 100 + i));
    db.withdrawDecision('2-102');
    const pages = [0, 3, 6, 9].map((offset) => db.listDecisions({ limit: 3, offset }));
    assert.deepEqual(pages.map((p) => p.total), [7, 7, 7, 7]);
    assert.deepEqual(pages.map((p) => p.decisions.map((d) => d.id_a)), [[6, 5, 4], [3, 2, 1], [0], []]);
    assert.equal(pages[1].decisions[1].active, false, 'the withdrawn one');
    assert.deepEqual(db.listDecisions({ limit: 0, offset: 0 }), { decisions: [], total: 7 });
    const views = db.listDecisions({ limit: 1, offset: 0 }).decisions;
    assert.deepEqual(Object.keys(views[0]).sort(), ['active', 'decided_at', 'decision', 'id_a', 'id_b', 'note', 'pair_id', 'reviewer', 'score']);
  } finally {
    db.close();
  }
});

test('malformed input is refused with invalid_request issues and nothing is written', () => {
  const db = freshDb();
  try {
    const isInvalid = (path: string) => (e: unknown) =>
      e instanceof KindredError && e.code === 'invalid_request' && (e.details ?? []).some((d) => d.path === path);
    assert.throws(() => db.recordDecision(decisionOn(7, 3)), isInvalid('pair_id'));
    assert.throws(() => db.recordDecision({ ...decisionOn(3, 7), pairId: '3-8' }), isInvalid('pair_id'));
    assert.throws(() => db.recordDecision({ ...decisionOn(3, 7), decision: 'maybe' as 'approve' }), isInvalid('decision'));
    assert.throws(() => db.recordDecision({ ...decisionOn(3, 7), score: 1.5 }), isInvalid('score'));
    assert.throws(() => db.recordDecision({ ...decisionOn(3, 7), fpB: '' }), isInvalid('fp_b'));
    assert.throws(() => db.withdrawDecision('07-9'), isInvalid('pair_id'));
    assert.throws(() => db.listDecisions({ limit: -1, offset: 0 }), isInvalid('limit'));
    assert.deepEqual(db.edits(), []);
  } finally {
    db.close();
  }
});

test('decidedPairIds follows decisions and withdrawals, matches activeDecisions, and a refused write leaves it as the database is', () => {
  const file = join(tmp.dir, `decisions-${n++}.sqlite`);
  const db = StateDb.open(file);
  try {
    db.recordDecision(decisionOn(3, 7, 'approve'));
    const ids = db.decidedPairIds();
    assert.deepEqual([...ids], ['3-7']);
    db.recordDecision(decisionOn(4, 5, 'reject'));
    db.recordDecision(decisionOn(3, 7, 'reject'));
    assert.deepEqual([...db.decidedPairIds()].sort(), ['3-7', '4-5']);
    db.withdrawDecision('3-7');
    assert.deepEqual([...db.decidedPairIds()], ['4-5']);
    assert.equal(db.withdrawDecision('3-7'), null);
    assert.throws(() => db.recordDecision(decisionOn(8, 9, 'maybe' as 'approve')), KindredError);
    assert.deepEqual([...db.decidedPairIds()], ['4-5']);
    assert.deepEqual([...db.decidedPairIds()], db.activeDecisions().map((d) => d.pair_id));
  } finally {
    db.close();
  }
  const reopened = StateDb.open(file);
  const other = StateDb.open(file);
  try {
    assert.deepEqual([...reopened.decidedPairIds()], ['4-5'], 'a new connection reads the set from the database');
    // Another process (kindred sql, a second server) appends to the same log: the set is read again.
    other.recordDecision(decisionOn(1, 2, 'approve'));
    assert.deepEqual([...reopened.decidedPairIds()].sort(), ['1-2', '4-5']);
    reopened.recordShatter({ clusterId: 4, members: [4, 5], fingerprints: { 4: 'fp-4', 5: 'fp-5' } });
    reopened.recordDecision(decisionOn(6, 7, 'reject'));
    assert.deepEqual([...reopened.decidedPairIds()].sort(), ['1-2', '4-5', '6-7']);
    other.withdrawDecision('1-2');
    assert.deepEqual([...reopened.decidedPairIds()].sort(), ['4-5', '6-7']);
  } finally {
    reopened.close();
    other.close();
  }
});
