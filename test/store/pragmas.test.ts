/** Opening a state database turns on WAL, full synchronous commits, foreign keys and a busy timeout, and migrates the schema. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StateDb } from '../../src/store/state-db.js';
import { SCHEMA_VERSION } from '../../src/store/schema.js';
import { KindredError } from '../../src/errors/registry.js';
import { tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);

test('open creates missing folders and sets WAL + FULL + foreign keys + busy timeout', () => {
  const file = join(tmp.dir, 'nested', 'deeper', 'state.sqlite');
  const db = StateDb.open(file, { busyTimeoutMs: 1234 });
  try {
    assert.ok(existsSync(file));
    const c = db.connection;
    assert.equal(c.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(c.pragma('synchronous', { simple: true }), 2); // 2 = FULL
    assert.equal(c.pragma('foreign_keys', { simple: true }), 1);
    assert.equal(c.pragma('busy_timeout', { simple: true }), 1234);
    assert.equal(c.pragma('user_version', { simple: true }), SCHEMA_VERSION);
  } finally {
    db.close();
  }
});

test('WAL mode persists in the file: a plain connection sees it too', () => {
  const file = join(tmp.dir, 'persist.sqlite');
  StateDb.open(file).close();
  const plain = new Database(file);
  try {
    assert.equal(plain.pragma('journal_mode', { simple: true }), 'wal');
  } finally {
    plain.close();
  }
});

test('reopening a migrated file keeps its data and version', () => {
  const file = join(tmp.dir, 'reopen.sqlite');
  const first = StateDb.open(file);
  first.setMeta('dataset_path', '/data/people.csv');
  first.close();
  const second = StateDb.open(file);
  try {
    assert.equal(second.getMeta('dataset_path'), '/data/people.csv');
    assert.equal(second.getMeta('dataset_fingerprint'), null);
    assert.equal(second.connection.pragma('user_version', { simple: true }), SCHEMA_VERSION);
  } finally {
    second.close();
  }
});

test('a file from a newer schema is refused with run_failed', () => {
  const file = join(tmp.dir, 'future.sqlite');
  const plain = new Database(file);
  plain.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
  plain.close();
  assert.throws(() => StateDb.open(file), (e: unknown) => e instanceof KindredError && e.code === 'run_failed' && /newer/.test(e.message));
});

test('a file that is not a database is refused with run_failed naming it', () => {
  const file = join(tmp.dir, 'garbage.sqlite');
  writeFileSync(file, 'this is not sqlite, just some text that is long enough to look like a header '.repeat(20));
  assert.throws(() => StateDb.open(file), (e: unknown) => e instanceof KindredError && e.code === 'run_failed' && e.message.includes(file));
});

test('an event append commits at synchronous NORMAL (its events are a function of the fsynced logs) and leaves the connection FULL, also when it fails', () => {
  // The clock is read inside each transaction: it records the level the commit runs under.
  const levels: unknown[] = [];
  let connection: Database.Database | null = null;
  const clock = (): Date => {
    levels.push(connection?.pragma('synchronous', { simple: true }));
    return new Date();
  };
  const db = StateDb.open(join(tmp.dir, 'events.sqlite'), { clock });
  connection = db.connection;
  try {
    const batch = db.changes.append([{ op: 'delete', row_id: 0, record: null }], 0);
    const stored = db.changes.appendEvents({ kind: 'records', batch }, [{ type: 'record_deleted', data: { row_id: 0, cluster_id: 0 } }]);
    assert.equal(stored.length, 1);
    assert.deepEqual(levels.slice(-2), [2, 1]); // 2 = FULL for the change, 1 = NORMAL for its events
    assert.equal(connection.pragma('synchronous', { simple: true }), 2);
    // A BigInt cannot be written as JSON: the append throws inside its transaction.
    const unwritable = { row_id: 1n, cluster_id: 0 } as unknown as { row_id: number; cluster_id: number };
    assert.throws(() => db.changes.appendEvents({ kind: 'records', batch }, [{ type: 'record_deleted', data: unwritable }]));
    assert.equal(connection.pragma('synchronous', { simple: true }), 2);
    assert.equal(db.changes.eventsSince(0, 10).length, 1);
  } finally {
    db.close();
  }
});

test('a change batch appended with its fsync off the event loop is committed at NORMAL, readable once synced, and leaves the connection FULL', async () => {
  const levels: unknown[] = [];
  let connection: Database.Database | null = null;
  const clock = (): Date => {
    levels.push(connection?.pragma('synchronous', { simple: true }));
    return new Date();
  };
  const file = join(tmp.dir, 'synced.sqlite');
  const db = StateDb.open(file, { clock });
  connection = db.connection;
  try {
    const batch = await db.changes.appendSynced([{ op: 'add', row_id: 7, record: ['Ann'] }], 0);
    assert.equal(batch, 1);
    assert.deepEqual(levels, [1]); // committed at NORMAL; the WAL file was synced after it
    assert.equal(connection.pragma('synchronous', { simple: true }), 2);
    assert.deepEqual(db.changes.batches(), [{ batch: 1, afterEdit: 0, ops: [{ op: 'add', row_id: 7, record: ['Ann'] }] }]);
  } finally {
    db.close();
  }
});

test('when a batch cannot be synced, it is refused and so is every later append (a restart replays the log)', async () => {
  const file = join(tmp.dir, 'unsynced.sqlite');
  const db = StateDb.open(file);
  try {
    db.changes.append([{ op: 'add', row_id: 1, record: ['Bo'] }], 0);
    // Without its WAL file the sync cannot open what it must sync.
    rmSync(`${file}-wal`);
    await assert.rejects(db.changes.appendSynced([{ op: 'add', row_id: 2, record: ['Cy'] }], 0), (e: unknown) => e instanceof KindredError && /could not be synced/.test(e.message));
    assert.throws(() => db.changes.append([{ op: 'add', row_id: 3, record: ['Di'] }], 0), /could not be synced/);
    await assert.rejects(db.changes.appendSynced([{ op: 'add', row_id: 3, record: ['Di'] }], 0), /could not be synced/);
  } finally {
    db.close();
  }
});
