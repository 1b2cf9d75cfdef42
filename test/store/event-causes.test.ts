/** The change feed's events carry their cause (a record batch, a steward edit, a re-run); a file of the previous schema keeps its events, seqs and batches; the feed snapshot round-trips. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StateDb } from '../../src/store/state-db.js';
import { MIGRATIONS } from '../../src/store/schema.js';
import { tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);

test('a version-3 file keeps its events (seq, batch, data) when migrated; new events name their cause', () => {
  const file = join(tmp.dir, 'v3.sqlite');
  const old = new Database(file);
  for (const step of MIGRATIONS.filter((m) => m.version <= 3)) old.exec(step.sql);
  old.pragma('user_version = 3');
  old.prepare("INSERT INTO record_changes (batch, op, row_id, record, after_edit, created_at) VALUES (1, 'add', 5, '[\"a\"]', 0, 't')").run();
  old.prepare("INSERT INTO events (batch, type, data, created_at) VALUES (1, 'cluster_created', '{\"cluster_id\":5,\"members\":[5]}', 't')").run();
  old.close();

  const db = StateDb.open(file);
  try {
    assert.deepEqual(db.changes.eventsSince(0, 10), [{ seq: 1, cause: { kind: 'records', batch: 1 }, type: 'cluster_created', data: { cluster_id: 5, members: [5] }, created_at: 't' }]);
    const edit = db.recordUnmerge({ rowId: 5, fp: 'fp' });
    const stored = db.changes.appendEvents({ kind: 'edit', seq: edit.seq }, [{ type: 'record_moved', data: { row_id: 5, from: 4, to: 5 } }]);
    assert.equal(stored[0].seq, 2);
    db.changes.appendEvents({ kind: 'rerun' }, [{ type: 'record_moved', data: { row_id: 5, from: 5, to: 4 } }]);
    assert.deepEqual(db.changes.eventsSince(1, 10).map((e) => e.cause), [{ kind: 'edit', seq: edit.seq }, { kind: 'rerun' }]);
    assert.equal(db.changes.hasEvents({ kind: 'edit', seq: edit.seq }), true);
    assert.equal(db.changes.hasEvents({ kind: 'records', batch: 2 }), false);
    // Still append-only, and one cause per event.
    assert.throws(() => db.connection.prepare('DELETE FROM events').run(), /append-only/);
    assert.throws(() => db.connection.prepare("INSERT INTO events (batch, edit_seq, type, data, created_at) VALUES (1, 1, 'record_moved', '{}', 't')").run(), /CHECK/);
  } finally {
    db.close();
  }
});

test('the feed snapshot round-trips and is replaced, not appended', () => {
  const db = StateDb.open(join(tmp.dir, 'snap.sqlite'));
  try {
    assert.equal(db.changes.snapshot(), null);
    db.changes.saveSnapshot(0, Int32Array.of(0, 0, 2, -1));
    db.changes.saveSnapshot(7, Int32Array.of(0, 1, 1, -1, 4));
    assert.deepEqual(db.changes.snapshot(), { seq: 7, clusters: Int32Array.of(0, 1, 1, -1, 4) });
  } finally {
    db.close();
  }
});
