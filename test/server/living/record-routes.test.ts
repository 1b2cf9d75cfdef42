/** POST/PUT/DELETE /records over HTTP: ids for life, clusters and /match see a change at once, bad input rejected with nothing changed, and a restart gives back the same table and clusters. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, errorCode, fixtureRows, obj, arr, startTestServer, type TestServer } from '../server-harness.js';

let stateDir: string;
let t: TestServer;
before(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-records-'));
  t = await startTestServer({ stateDir, app: { limits: { maxBatch: 3 } } });
});
after(async () => {
  await t.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

const rows = fixtureRows();

test('an added copy of a record gets the next row id and joins that record’s cluster; /match and /clusters see it', async () => {
  const url = t.server.url;
  const copy = { ...rows[0], rec_id: 'rec-new-1' };
  const added = await call(url, 'POST', '/records', copy);
  assert.equal(added.status, 201);
  assert.equal(obj(added.body).row_id, rows.length);
  const cluster = Number(obj(added.body).cluster_id);
  assert.equal(cluster, t.server.state.current.clusters.clusterOf(0));
  const detail = obj((await call(url, 'GET', `/clusters/${cluster}`)).body);
  assert.ok(arr(detail.members).some((m) => m.row_id === rows.length));
  const match = obj((await call(url, 'POST', '/match', copy)).body);
  assert.ok(arr(match.matches).some((m) => m.row_id === rows.length), '/match finds the added record');
  assert.equal(obj((await call(url, 'GET', '/stats')).body).total_records, rows.length + 1);
});

test('an update moves the record; a delete leaves its id taken (410), unknown ids are 404', async () => {
  const url = t.server.url;
  const id = rows.length;
  const moved = await call(url, 'PUT', `/records/${id}`, { given_name: 'zebedee', surname: 'quixotic', postcode: '0001' });
  assert.equal(moved.status, 200);
  assert.equal(obj(moved.body).cluster_id, id, 'a record like no other is its own cluster');
  assert.deepEqual(obj((await call(url, 'GET', `/clusters/${id}`)).body).size, 1);
  const gone = await call(url, 'DELETE', `/records/${id}`);
  assert.equal(gone.status, 200);
  assert.equal((await call(url, 'DELETE', `/records/${id}`)).status, 410);
  assert.equal(errorCode((await call(url, 'PUT', `/records/${id}`, { surname: 'x' })).body), 'gone');
  assert.equal((await call(url, 'PUT', '/records/99999', { surname: 'x' })).status, 404);
  assert.equal((await call(url, 'GET', `/clusters/${id}`)).status, 404);
  const next = await call(url, 'POST', '/records', { surname: 'fresh' });
  assert.equal(obj(next.body).row_id, id + 1, 'a deleted id is never reused');
});

test('bad input is rejected and changes nothing: unknown column 400 naming it, oversize batch 413', async () => {
  const url = t.server.url;
  const before = obj((await call(url, 'GET', '/stats')).body);
  const bad = await call(url, 'POST', '/records', { records: [{ surname: 'a' }, { surnme: 'b' }] });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /records\[1\]\.surnme/);
  const big = await call(url, 'POST', '/records', { records: [{ surname: 'a' }, { surname: 'b' }, { surname: 'c' }, { surname: 'd' }] });
  assert.equal(big.status, 413);
  const notInt = await call(url, 'DELETE', '/records/abc');
  assert.equal(notInt.status, 400);
  assert.deepEqual(obj((await call(url, 'GET', '/stats')).body), before);
  const ok = await call(url, 'POST', '/records', { records: [{ surname: 'a' }, { surname: 'b' }] });
  assert.equal(ok.status, 201);
  assert.deepEqual(arr(obj(ok.body).records).map((r) => r.row_id), [rows.length + 2, rows.length + 3], 'the rejected requests took no ids');
});

test('a restart replays the change log: the same records, clusters and ids', async () => {
  const state = t.server.state.current;
  const ids = state.clusters.clusterIds();
  const records = Array.from({ length: state.rowCount }, (_, r) => (state.live.table.exists(r) ? state.record(r) : null));
  await t.server.close();
  t = await startTestServer({ stateDir, app: { limits: { maxBatch: 3 } } });
  const again = t.server.state.current;
  assert.deepEqual(again.clusters.clusterIds(), ids);
  assert.deepEqual(Array.from({ length: again.rowCount }, (_, r) => (again.live.table.exists(r) ? again.record(r) : null)), records);
  assert.equal(obj((await call(t.server.url, 'POST', '/records', { surname: 'after restart' })).body).row_id, rows.length + 4);
});
