/** The edit log comes back complete and in seq order after the database is closed and reopened, and cannot be rewritten. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StateDb } from '../../src/store/state-db.js';
import { KindredError } from '../../src/errors/registry.js';
import { decisionOn, tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);

test('every kind of edit survives a reopen, in order, with its payload', () => {
  const file = join(tmp.dir, 'log.sqlite');
  const writer = StateDb.open(file);
  writer.recordDecision(decisionOn(12, 977, 'reject', { note: 'twins' }));
  writer.recordShatter({ clusterId: 12, members: [977, 12, 40], fingerprints: { 12: 'f12', 40: 'f40', 977: 'f977' } });
  writer.recordUnmerge({ rowId: 40, fp: 'f40' });
  writer.recordDecision(decisionOn(3, 4, 'approve'));
  writer.withdrawDecision('12-977');
  const before = writer.edits();
  writer.close();

  const reader = StateDb.open(file);
  try {
    const edits = reader.edits();
    assert.deepEqual(edits, before);
    assert.deepEqual(edits.map((e) => [e.seq, e.kind]), [
      [1, 'decision'], [2, 'shatter'], [3, 'unmerge'], [4, 'decision'], [5, 'withdraw'],
    ]);
    const [decision, shatter, unmerge, , withdraw] = edits;
    assert.ok(decision.kind === 'decision' && decision.note === 'twins' && decision.fp_a === 'fp-12');
    assert.ok(shatter.kind === 'shatter');
    assert.deepEqual(shatter.members, [12, 40, 977], 'members are stored sorted');
    assert.deepEqual(shatter.fingerprints, { 12: 'f12', 40: 'f40', 977: 'f977' });
    assert.equal(shatter.cluster_id, 12);
    assert.ok(unmerge.kind === 'unmerge' && unmerge.row_id === 40 && unmerge.fp === 'f40');
    assert.ok(withdraw.kind === 'withdraw' && withdraw.withdraws_seq === 1);
    for (let i = 1; i < edits.length; i++) assert.ok(edits[i].created_at >= edits[i - 1].created_at);
    // New edits continue the sequence rather than reuse numbers.
    assert.equal(reader.recordDecision(decisionOn(5, 6)).seq, 6);
  } finally {
    reader.close();
  }
});

test('a shatter must name its smallest member as the cluster and fingerprint every member', () => {
  const db = StateDb.open(join(tmp.dir, 'shatter.sqlite'));
  try {
    const refused = (e: unknown) => e instanceof KindredError && e.code === 'invalid_request';
    assert.throws(() => db.recordShatter({ clusterId: 40, members: [12, 40], fingerprints: { 12: 'a', 40: 'b' } }), refused);
    assert.throws(() => db.recordShatter({ clusterId: 12, members: [12, 40], fingerprints: { 12: 'a' } }), refused);
    assert.throws(() => db.recordShatter({ clusterId: 12, members: [12, 12], fingerprints: { 12: 'a' } }), refused);
    assert.throws(() => db.recordUnmerge({ rowId: -1, fp: 'a' }), refused);
    assert.deepEqual(db.edits(), []);
  } finally {
    db.close();
  }
});

test('the log is append-only even for a plain SQLite connection', () => {
  const file = join(tmp.dir, 'append-only.sqlite');
  const db = StateDb.open(file);
  db.recordDecision(decisionOn(1, 2));
  db.close();
  const plain = new Database(file);
  try {
    assert.throws(() => plain.exec(`UPDATE edits SET decision = 'reject'`), /append-only/);
    assert.throws(() => plain.exec('DELETE FROM edits'), /append-only/);
    assert.equal(plain.prepare('SELECT count(*) FROM edits').pluck().get(), 1);
  } finally {
    plain.close();
  }
});
