/** --key-column and PUT /records/by-key/<key>: create when absent, replace when present, one record per key (duplicates in the file or in changes are errors naming the key), durable across a restart. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, CLI_MAIN, errorCode, FIXTURE_CSV, fixtureRows, obj, startTestServer, type TestServer } from '../server-harness.js';

const rows = fixtureRows();
let dir: string;
let t: TestServer;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-key-'));
  t = await startTestServer({ stateDir: dir, keyColumn: 'rec_id' });
});
after(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('an upsert of a new key creates the record (201), of a known key replaces it in place (200)', async () => {
  const url = t.server.url;
  const { rec_id: _drop, ...fields } = rows[0];
  const created = await call(url, 'PUT', '/records/by-key/new%2F1', fields);
  assert.equal(created.status, 201);
  assert.deepEqual(obj(created.body), { status: 'created', row_id: rows.length, cluster_id: t.server.state.current.clusters.clusterOf(0) });
  assert.equal(t.server.state.current.record(rows.length).rec_id, 'new/1', 'the path’s key fills the key column');
  const replaced = await call(url, 'PUT', '/records/by-key/new%2F1', { rec_id: 'new/1', surname: 'zzkeyed' });
  assert.equal(replaced.status, 200);
  assert.deepEqual(obj(replaced.body), { status: 'updated', row_id: rows.length, cluster_id: rows.length });
  // A loaded record is found by its key too.
  const loaded = await call(url, 'PUT', `/records/by-key/${rows[5].rec_id}`, { ...rows[5], given_name: 'changed' });
  assert.equal(obj(loaded.body).row_id, 5);
});

test('a second record with a key already held is 409 naming the key and its record; nothing changes', async () => {
  const url = t.server.url;
  const before = obj((await call(url, 'GET', '/stats')).body).total_records;
  const dup = await call(url, 'POST', '/records', { ...rows[3] });
  assert.equal(dup.status, 409);
  assert.match(obj(obj(dup.body).error).message as string, new RegExp(`key "${rows[3].rec_id}" is already record 3`));
  const inBatch = await call(url, 'POST', '/records', { records: [{ rec_id: 'b-1', surname: 'x' }, { rec_id: 'b-1', surname: 'y' }] });
  assert.equal(inBatch.status, 409);
  assert.match(JSON.stringify(inBatch.body), /records\[1\]\.rec_id/);
  const renameOnto = await call(url, 'PUT', '/records/7', { ...rows[7], rec_id: rows[8].rec_id });
  assert.equal(renameOnto.status, 409);
  const noKey = await call(url, 'POST', '/records', { surname: 'keyless' });
  assert.equal(noKey.status, 400);
  assert.match(JSON.stringify(noKey.body), /rec_id/);
  const contradiction = await call(url, 'PUT', '/records/by-key/abc', { rec_id: 'xyz' });
  assert.equal(errorCode(contradiction.body), 'invalid_request');
  assert.equal(obj((await call(url, 'GET', '/stats')).body).total_records, before);
  assert.equal(t.server.state.current.record(7).rec_id, rows[7].rec_id);
});

test('a deleted record frees its key; after a restart the keys are what the change log made them', async () => {
  const url = t.server.url;
  assert.equal((await call(url, 'DELETE', '/records/9')).status, 200);
  const again = await call(url, 'PUT', `/records/by-key/${rows[9].rec_id}`, rows[9]);
  assert.equal(again.status, 201);
  const reborn = Number(obj(again.body).row_id);
  assert.equal(reborn, rows.length + 1, 'a new row id, never the deleted one');
  await t.stop();
  t = await startTestServer({ stateDir: dir, keyColumn: 'rec_id' });
  const after = await call(t.server.url, 'PUT', `/records/by-key/${rows[9].rec_id}`, rows[9]);
  assert.deepEqual([after.status, obj(after.body).row_id], [200, reborn]);
  const keyed = await call(t.server.url, 'PUT', '/records/by-key/new%2F1', { surname: 'zzkeyed' });
  assert.deepEqual([keyed.status, obj(keyed.body).row_id], [200, rows.length]);
});

test('a duplicate key in the loaded file fails the initial run naming the key and both rows', async () => {
  const file = path.join(dir, 'dup.csv');
  const lines = readFileSync(FIXTURE_CSV, 'utf8').trimEnd().split('\n');
  writeFileSync(file, [...lines.slice(0, 6), lines[2]].join('\n') + '\n');
  await assert.rejects(startTestServer({ file, keyColumn: 'rec_id' }), new RegExp(`key "${rows[1].rec_id}" is on row 1 \\(data row 2 of .*dup.csv\\) and on row 5`));
});

test('without --key-column the by-key route says which option it needs', async () => {
  const plain = await startTestServer({});
  try {
    const r = await call(plain.server.url, 'PUT', '/records/by-key/x', { surname: 'a' });
    assert.equal(r.status, 404);
    assert.match(r.text, /--key-column/);
  } finally {
    await plain.stop();
  }
});

test('kindred serve: --key-column given twice or naming no column is a usage error (exit 2)', () => {
  const twice = spawnSync(process.execPath, [CLI_MAIN, 'serve', '--file', FIXTURE_CSV, '--key-column', 'rec_id', '--key-column', 'surname', '--port', '0'], { encoding: 'utf8' });
  assert.equal(twice.status, 2);
  assert.match(twice.stderr, /--key-column is given twice/);
  const unknown = spawnSync(process.execPath, [CLI_MAIN, 'serve', '--file', FIXTURE_CSV, '--key-column', 'nope', '--port', '0'], { encoding: 'utf8' });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /no column "nope"/);
});
