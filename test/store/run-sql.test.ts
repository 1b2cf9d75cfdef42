/** runSql turns one user statement into columns and rows, and classifies its failures for the CLI. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { StateDb } from '../../src/store/state-db.js';
import { runSql } from '../../src/store/run-sql.js';
import { KindredError } from '../../src/errors/registry.js';
import { decisionOn, tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);

test('a query returns its column names and rows in column order', () => {
  const db = StateDb.open(join(tmp.dir, 'query.sqlite'));
  try {
    db.recordDecision(decisionOn(1, 2, 'approve'));
    db.recordDecision(decisionOn(3, 9, 'reject'));
    const result = runSql(db.connection, `SELECT pair_id, decision, score FROM edits WHERE kind = 'decision' ORDER BY seq;`);
    assert.deepEqual(result, { columns: ['pair_id', 'decision', 'score'], rows: [['1-2', 'approve', 0.8], ['3-9', 'reject', 0.8]] });
    assert.deepEqual(runSql(db.connection, 'SELECT 1 AS a WHERE 0'), { columns: ['a'], rows: [] });
  } finally {
    db.close();
  }
});

test('a non-query reports the number of changed rows', () => {
  const db = StateDb.open(join(tmp.dir, 'write.sqlite'));
  try {
    assert.deepEqual(runSql(db.connection, `INSERT INTO meta (key, value) VALUES ('note', 'x'), ('other', 'y')`), { columns: ['changes'], rows: [[2]] });
    assert.equal(db.getMeta('note'), 'x');
  } finally {
    db.close();
  }
});

test('SQL that does not compile is a usage error; one that fails while running is run_failed', () => {
  const db = StateDb.open(join(tmp.dir, 'errors.sqlite'));
  try {
    assert.throws(() => runSql(db.connection, 'SELEC 1'), (e: unknown) => e instanceof KindredError && e.code === 'usage' && /SQL error/.test(e.message));
    assert.throws(() => runSql(db.connection, 'SELECT * FROM no_such_table'), (e: unknown) => e instanceof KindredError && e.code === 'usage');
    db.recordDecision(decisionOn(1, 2));
    assert.throws(() => runSql(db.connection, 'DELETE FROM edits'), (e: unknown) => e instanceof KindredError && e.code === 'run_failed' && /append-only/.test(e.message));
  } finally {
    db.close();
  }
});
