/** Request hygiene: 415 for non-JSON bodies, 403 forbidden_host without a token, 400 invalid_json, 400 invalid_request with details, 404 JSON, 405 with Allow. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { arr, call, errorCode, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

function rawGet(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a body without Content-Type: application/json → 415 unsupported_media_type; a charset is fine', async () => {
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
    const r = await call(t.server.url, 'POST', '/match', '{"surname":"smith"}', { 'content-type': type });
    assert.equal(r.status, 415, type);
    assert.equal(errorCode(r.body), 'unsupported_media_type', type);
  }
  const ok = await call(t.server.url, 'POST', '/match', '{"surname":"smith"}', { 'content-type': 'application/json; charset=utf-8' });
  assert.equal(ok.status, 200);
});

test('without a token, a non-loopback Host → 403 forbidden_host; loopback names pass', async () => {
  const port = t.server.port;
  const evil = await rawGet(`${t.server.url}/stats`, 'evil.example.com');
  assert.equal(evil.status, 403);
  assert.equal(errorCode(JSON.parse(evil.body)), 'forbidden_host');
  const evilPort = await rawGet(`${t.server.url}/stats`, `evil.example.com:${port}`);
  assert.equal(evilPort.status, 403);
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
    const r = await rawGet(`${t.server.url}/stats`, host);
    assert.equal(r.status, 200, host);
  }
});

test('a body that is not JSON → 400 invalid_json', async () => {
  for (const body of ['{"surname": ', 'not json', '{a:1}']) {
    const r = await call(t.server.url, 'POST', '/match', body);
    assert.equal(r.status, 400, body);
    assert.equal(errorCode(r.body), 'invalid_json', body);
  }
});

test('wrong types on every POST → 400 invalid_request with details', async () => {
  const cases: [string, unknown][] = [
    ['/match', 'just a string'],
    ['/match/batch', { records: 'x' }],
    ['/explain', { row_id_a: 'one', row_id_b: 2 }],
    ['/reviews/decide', { pair_id: 1, decision: 'approve' }],
    ['/shatter', { cluster_id: 'twelve' }],
    ['/unmerge', { row_id: true }],
  ];
  for (const [p, body] of cases) {
    const r = await call(t.server.url, 'POST', p, typeof body === 'string' ? JSON.stringify(body) : body);
    const label = `${p} ${JSON.stringify(body)}`;
    assert.equal(r.status, 400, label);
    assert.equal(errorCode(r.body), 'invalid_request', label);
    const details = arr(obj(obj(r.body).error).details);
    assert.ok(details.length > 0, label);
    for (const d of details) assert.ok(typeof d.path === 'string' && typeof d.message === 'string', label);
  }
});

test('an unknown path → 404 not_found as JSON', async () => {
  for (const p of ['/nope', '/clusters/1/extra', '/reviews/decisions/1-2/x']) {
    const r = await call(t.server.url, 'GET', p);
    assert.equal(r.status, 404, p);
    assert.match(r.headers.get('content-type') ?? '', /application\/json/, p);
    assert.equal(errorCode(r.body), 'not_found', p);
  }
});

test('a known path with the wrong method → 405 method_not_allowed with Allow', async () => {
  const cases: [string, string, string][] = [
    ['POST', '/stats', 'GET'],
    ['GET', '/match', 'POST'],
    ['DELETE', '/clusters/0', 'GET'],
    ['PUT', '/reviews/decide', 'POST'],
    ['GET', '/reviews/decisions/0-1', 'DELETE'],
  ];
  for (const [method, p, allow] of cases) {
    const r = await call(t.server.url, method, p, method === 'GET' || method === 'DELETE' ? undefined : {});
    assert.equal(r.status, 405, `${method} ${p}`);
    assert.equal(errorCode(r.body), 'method_not_allowed', `${method} ${p}`);
    assert.ok((r.headers.get('allow') ?? '').split(/,\s*/).includes(allow), `${method} ${p}: Allow ${String(r.headers.get('allow'))}`);
  }
});

test(
  'an array where an object is required → 400 invalid_request',
  async () => {
    for (const [p, body] of [['/match', [1]], ['/match/batch', { records: [[1]] }], ['/explain', { record_a: ['x'], record_b: {} }]] as const) {
      const r = await call(t.server.url, 'POST', p, body);
      assert.equal(r.status, 400, `${p} ${JSON.stringify(body)}`);
      assert.equal(errorCode(r.body), 'invalid_request');
    }
  },
);
