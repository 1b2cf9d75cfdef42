/** POST /match/batch: results in input order, each as /match; a bad element is named by index; more than 10,000 records → 413. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, clusterDetails, errorCode, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let picks: number[];
const rows = fixtureRows();

before(async () => {
  t = await startTestServer();
  const clustered = (await clusterDetails(t.server.url, 2)).map((c) => Number(c.cluster_id));
  // Mix clustered rows with arbitrary rows, in a non-sorted order, so order mistakes show.
  picks = [...clustered.slice(0, 6), 250, 3, 120, 77].reverse();
});
after(() => t.stop());

test('results come back in input order, each equal to its /match answer', async () => {
  const r = await call(t.server.url, 'POST', '/match/batch', { records: picks.map((p) => rows[p]), top_k: 3 });
  assert.equal(r.status, 200);
  const results = arr(obj(r.body).results);
  assert.equal(results.length, picks.length);
  for (let i = 0; i < picks.length; i++) {
    const single = obj((await call(t.server.url, 'POST', '/match', { record: rows[picks[i]], top_k: 3 })).body);
    assert.deepEqual(results[i], single, `element ${i} (row ${picks[i]})`);
    assert.equal(arr(results[i].matches)[0].row_id, picks[i]);
  }
});

test('a bad element answers 400 invalid_request naming its index', async () => {
  const records: unknown[] = picks.map((p) => rows[p]);
  records[3] = { given_name: ['not', 'a', 'scalar'] };
  const r = await call(t.server.url, 'POST', '/match/batch', { records });
  assert.equal(r.status, 400);
  assert.equal(errorCode(r.body), 'invalid_request');
  const details = arr(obj(obj(r.body).error).details);
  assert.ok(details.some((d) => String(d.path).startsWith('records[3]')), JSON.stringify(details));
});

test('an empty batch, a missing records key and a non-array answer 400', async () => {
  for (const body of [{ records: [] }, {}, { records: { a: 1 } }, { records: [rows[0]], top_k: 0 }]) {
    const r = await call(t.server.url, 'POST', '/match/batch', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(errorCode(r.body), 'invalid_request');
  }
});

test('more than 10,000 records answers 413 payload_too_large; exactly 10,000 is accepted', async () => {
  const over = await call(t.server.url, 'POST', '/match/batch', { records: Array.from({ length: 10_001 }, () => ({})) });
  assert.equal(over.status, 413);
  assert.equal(errorCode(over.body), 'payload_too_large');
  const limit = await call(t.server.url, 'POST', '/match/batch', { records: Array.from({ length: 10_000 }, () => ({ surname: 'zzqx' })), top_k: 1 });
  assert.equal(limit.status, 200);
  assert.equal(arr(obj(limit.body).results).length, 10_000);
});
