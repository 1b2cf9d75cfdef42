/** CORS: exact-origin allowlist with Vary: Origin, 204 preflight with the three headers, 403 for other origins, never "*". */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, startTestServer, type TestServer } from './server-harness.js';

const ALLOWED = 'https://app.example.com';
let t: TestServer;
before(async () => {
  t = await startTestServer({ app: { corsOrigins: [ALLOWED] } });
});
after(() => t.stop());

test('an allowed origin gets its own origin back and Vary: Origin', async () => {
  for (const p of ['/stats', '/health', '/clusters/999999']) {
    const r = await call(t.server.url, 'GET', p, undefined, { origin: ALLOWED });
    assert.equal(r.headers.get('access-control-allow-origin'), ALLOWED, p);
    assert.match(r.headers.get('vary') ?? '', /\bOrigin\b/i, p);
  }
  const post = await call(t.server.url, 'POST', '/match', { surname: 'smith' }, { origin: ALLOWED });
  assert.equal(post.status, 200);
  assert.equal(post.headers.get('access-control-allow-origin'), ALLOWED);
});

test('other origins get no CORS headers, and nothing is ever "*"', async () => {
  for (const origin of ['https://evil.example.com', 'http://app.example.com', 'https://app.example.com.evil.net', 'null']) {
    const r = await call(t.server.url, 'GET', '/stats', undefined, { origin });
    assert.equal(r.headers.get('access-control-allow-origin'), null, origin);
    assert.equal(r.headers.get('access-control-allow-credentials'), null, origin);
  }
  const none = await call(t.server.url, 'GET', '/stats');
  assert.equal(none.headers.get('access-control-allow-origin'), null);
});

test('a preflight from the allowed origin → 204 with methods, headers and max-age', async () => {
  const r = await call(t.server.url, 'OPTIONS', '/match', undefined, {
    origin: ALLOWED,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, content-type',
  });
  assert.equal(r.status, 204);
  assert.equal(r.headers.get('access-control-allow-origin'), ALLOWED);
  assert.equal(r.headers.get('access-control-allow-methods'), 'GET, POST, DELETE, OPTIONS');
  assert.equal(r.headers.get('access-control-allow-headers'), 'Authorization, Content-Type');
  assert.equal(r.headers.get('access-control-max-age'), '600');
});

test('a preflight from another origin → 403 without CORS headers', async () => {
  const r = await call(t.server.url, 'OPTIONS', '/match', undefined, { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' });
  assert.equal(r.status, 403);
  assert.equal(r.headers.get('access-control-allow-origin'), null);
  assert.equal(r.headers.get('access-control-allow-methods'), null);
  assert.equal(r.headers.get('access-control-allow-headers'), null);
});
