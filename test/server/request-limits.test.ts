/** The request caps of API.md 2.5 are the server's options: lowered, they answer 413 (batch) and 400 (top_k, limit) at the new bounds, and --help lists them. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runCli } from '../cli/run-cli.js';
import { arr, call, errorCode, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
const rows = fixtureRows();
before(async () => {
  t = await startTestServer({ app: { limits: { maxBatch: 3, maxTopK: 2, maxLimit: 5 } } });
});
after(() => t.stop());

test('a batch over --max-batch is 413; at it, 200', async () => {
  assert.equal((await call(t.server.url, 'POST', '/match/batch', { records: rows.slice(0, 3) })).status, 200);
  const over = await call(t.server.url, 'POST', '/match/batch', { records: rows.slice(0, 4) });
  assert.equal(over.status, 413);
  assert.equal(errorCode(over.body), 'payload_too_large');
});

test('top_k over --max-top-k is 400 on /match and /match/batch; at it, 200', async () => {
  assert.equal((await call(t.server.url, 'POST', '/match', { record: rows[0], top_k: 2 })).status, 200);
  for (const [path, body] of [['/match', { record: rows[0], top_k: 3 }], ['/match/batch', { records: [rows[0]], top_k: 3 }]] as const) {
    const r = await call(t.server.url, 'POST', path, body);
    assert.equal(r.status, 400, path);
    assert.match(JSON.stringify(r.body), /must be at most 2/);
  }
});

test('lowered caps bound the defaults too: /match returns at most max-top-k, /clusters at most max-limit', async () => {
  const clusters = await call(t.server.url, 'GET', '/clusters');
  assert.equal(obj(clusters.body).limit, 5);
  assert.ok(arr(obj(clusters.body).clusters).length <= 5);
  const copy = rows.find((_, i) => i > 0) as Record<string, string>;
  assert.ok(arr(obj((await call(t.server.url, 'POST', '/match', copy)).body).matches).length <= 2);
});

test('limit over --max-limit is 400 on /clusters and /reviews/decisions; at it, 200', async () => {
  for (const path of ['/clusters', '/reviews/decisions']) {
    assert.equal((await call(t.server.url, 'GET', `${path}?limit=5`)).status, 200, path);
    const r = await call(t.server.url, 'GET', `${path}?limit=6`);
    assert.equal(r.status, 400, path);
    assert.equal(errorCode(r.body), 'invalid_request');
  }
});

test('serve --help documents every limit option with its default', async () => {
  const r = await runCli(['serve', '--help']);
  assert.equal(r.code, 0);
  for (const option of ['--max-body <bytes>', '--request-timeout <ms>', '--max-batch <n>', '--max-top-k <n>', '--max-limit <n>']) assert.ok(r.stdout.includes(option), option);
  assert.match(r.stdout, /default 10000; more: 413/);
});
