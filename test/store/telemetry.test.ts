/** Autoconfig telemetry: saved durably, latest wins, readable through the plain-SQL view by any client and through autoconfig_telemetry(). */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StateDb } from '../../src/store/state-db.js';
import { registerSqlFunctions } from '../../src/store/sql-functions.js';
import { runSql } from '../../src/store/run-sql.js';
import { KindredError } from '../../src/errors/registry.js';
import { tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);
const SENTINEL = '{"available":false,"source":null}';
const refuseToRun = (): string => {
  throw new Error('runAutoconfig must not be called here');
};

function telemetry(source: string, n: number): string {
  return JSON.stringify({ available: true, source, stop_reason: 'green', health: 'green', elapsed_ms: n });
}

test('latestTelemetry is null before any save, then the newest save, across reopen', () => {
  const file = join(tmp.dir, 'latest.sqlite');
  const db = StateDb.open(file, { clock: () => new Date('2026-11-21T10:15:02.123Z') });
  assert.equal(db.latestTelemetry(), null);
  db.saveTelemetry('cli_autoconfig', telemetry('cli_autoconfig', 1));
  const saved = db.saveTelemetry('rest_autoconfig', telemetry('rest_autoconfig', 2));
  assert.deepEqual(saved, { source: 'rest_autoconfig', json: telemetry('rest_autoconfig', 2), recorded_at: '2026-11-21T10:15:02.123Z' });
  db.close();
  const again = StateDb.open(file);
  try {
    assert.deepEqual(again.latestTelemetry(), saved);
  } finally {
    again.close();
  }
});

test('telemetry that is not a JSON object is refused', () => {
  const db = StateDb.open(join(tmp.dir, 'bad.sqlite'));
  try {
    for (const bad of ['[1]', 'null', '{not json', '"text"']) {
      assert.throws(() => db.saveTelemetry('rest_autoconfig', bad), (e: unknown) => e instanceof KindredError && e.code === 'internal');
    }
    assert.equal(db.latestTelemetry(), null);
  } finally {
    db.close();
  }
});

test('the view is readable from a plain better-sqlite3 connection without kindred functions', () => {
  const file = join(tmp.dir, 'view.sqlite');
  const db = StateDb.open(file, { clock: () => new Date('2026-01-02T03:04:05.678Z') });
  const plain = new Database(file, { readonly: true });
  try {
    const read = () => plain.prepare('SELECT telemetry, source, recorded_at, available FROM latest_autoconfig_telemetry').all();
    assert.deepEqual(read(), [{ telemetry: SENTINEL, source: null, recorded_at: null, available: 0 }]);
    db.saveTelemetry('cli_autoconfig', telemetry('cli_autoconfig', 1));
    db.saveTelemetry('rest_autoconfig', telemetry('rest_autoconfig', 2));
    assert.deepEqual(read(), [{
      telemetry: telemetry('rest_autoconfig', 2), source: 'rest_autoconfig', recorded_at: '2026-01-02T03:04:05.678Z', available: 1,
    }]);
    // JSON1 works on it like on any column: clients can pick fields out in SQL.
    assert.equal(plain.prepare(`SELECT json_extract(telemetry, '$.elapsed_ms') FROM latest_autoconfig_telemetry`).pluck().get(), 2);
  } finally {
    plain.close();
    db.close();
  }
});

test('autoconfig_telemetry() returns the sentinel before any save and the latest JSON after', () => {
  const db = StateDb.open(join(tmp.dir, 'function.sqlite'));
  try {
    registerSqlFunctions(db.connection, refuseToRun);
    assert.deepEqual(runSql(db.connection, 'SELECT autoconfig_telemetry() AS t'), { columns: ['t'], rows: [[SENTINEL]] });
    db.saveTelemetry('rest_autoconfig', telemetry('rest_autoconfig', 7));
    assert.deepEqual(runSql(db.connection, 'SELECT autoconfig_telemetry() AS t'), { columns: ['t'], rows: [[telemetry('rest_autoconfig', 7)]] });
    assert.equal(
      runSql(db.connection, `SELECT json_extract(autoconfig_telemetry(), '$.source') = source FROM latest_autoconfig_telemetry`).rows[0][0],
      1,
      'the function and the view agree',
    );
  } finally {
    db.close();
  }
});

test('autoconfig_telemetry(path) hands the path to the injected controller and returns its JSON', () => {
  const db = StateDb.open(join(tmp.dir, 'run.sqlite'));
  try {
    const seen: string[] = [];
    registerSqlFunctions(db.connection, (path) => {
      seen.push(path);
      return telemetry('sql_autoconfig', path.length);
    });
    const result = runSql(db.connection, `SELECT autoconfig_telemetry('data/people.csv') AS t`);
    assert.deepEqual(seen, ['data/people.csv']);
    assert.deepEqual(result.rows, [[telemetry('sql_autoconfig', 'data/people.csv'.length)]]);
    assert.equal(db.latestTelemetry(), null, 'running through SQL does not save as the latest');
    assert.throws(() => runSql(db.connection, 'SELECT autoconfig_telemetry(1, 2)'), (e: unknown) => e instanceof KindredError && e.code === 'usage');
    assert.throws(() => runSql(db.connection, 'SELECT autoconfig_telemetry(NULL)'), (e: unknown) => e instanceof KindredError && e.code === 'usage');
  } finally {
    db.close();
  }
});
