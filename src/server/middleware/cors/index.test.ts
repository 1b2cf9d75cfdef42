/** CORS allowlist: echo for allowed origins (errors too), preflights, refusals, and never a wildcard. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { corsAllowlist, parseCorsOrigins } from './index.js';
import { KindredError } from '../../../errors/registry.js';
import { onError } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { readError } from '../testing/error-body.js';

const ALLOWED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';
let server: TestServer;
let posts = 0;

before(async () => {
  const app = new Hono();
  app.onError(onError);
  app.use(corsAllowlist({ origins: parseCorsOrigins(`${ALLOWED}, http://localhost:5173`) }));
  app.get('/stats', (c) => c.json({ total_records: 3 }));
  app.post('/shatter', (c) => {
    posts += 1;
    return c.json({ ok: true });
  });
  app.get('/clusters/:id', () => {
    throw new KindredError('not_found', 'cluster 99 does not exist');
  });
  server = await listen(app);
});
after(() => server.close());

function corsHeaders(res: Response): string[] {
  return [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));
}

function assertNoWildcard(res: Response): void {
  assert.notEqual(res.headers.get('access-control-allow-origin'), '*');
}

test('an allowed origin is echoed with Vary: Origin', async () => {
  const res = await fetch(`${server.url}/stats`, { headers: { origin: ALLOWED } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), ALLOWED);
  assert.equal(res.headers.get('vary'), 'Origin');
});

test('error responses to an allowed origin carry the CORS headers too', async () => {
  const res = await fetch(`${server.url}/clusters/99`, { headers: { origin: ALLOWED } });
  assert.equal(res.status, 404);
  assert.equal(res.headers.get('access-control-allow-origin'), ALLOWED);
  assert.equal(res.headers.get('vary'), 'Origin');
  assert.equal((await readError(res)).code, 'not_found');
});

test('a preflight from an allowed origin → 204 with methods, headers and max-age', async () => {
  const res = await fetch(`${server.url}/shatter`, {
    method: 'OPTIONS',
    headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('access-control-allow-origin'), ALLOWED);
  assert.equal(res.headers.get('access-control-allow-methods'), 'GET, POST, DELETE, OPTIONS');
  assert.equal(res.headers.get('access-control-allow-headers'), 'Authorization, Content-Type');
  assert.equal(res.headers.get('access-control-max-age'), '600');
  assert.equal(res.headers.get('vary'), 'Origin');
});

test('a preflight from another origin → 403 cors_denied without any CORS header', async () => {
  const res = await fetch(`${server.url}/shatter`, {
    method: 'OPTIONS',
    headers: { origin: OTHER, 'access-control-request-method': 'POST' },
  });
  assert.equal(res.status, 403);
  assert.deepEqual(corsHeaders(res), []);
  assert.equal((await readError(res)).code, 'cors_denied');
});

test('a GET from another origin runs but gets no CORS headers', async () => {
  const res = await fetch(`${server.url}/stats`, { headers: { origin: OTHER } });
  assert.equal(res.status, 200);
  assert.deepEqual(corsHeaders(res), []);
  assertNoWildcard(res);
});

test('a POST from another origin is refused before the handler runs', async () => {
  const before = posts;
  const res = await fetch(`${server.url}/shatter`, { method: 'POST', headers: { origin: OTHER } });
  assert.equal(res.status, 403);
  assert.equal((await readError(res)).code, 'cors_denied');
  assert.deepEqual(corsHeaders(res), []);
  assert.equal(posts, before);
});

test('requests without Origin are untouched; an allowed POST runs', async () => {
  const plain = await fetch(`${server.url}/shatter`, { method: 'POST' });
  assert.equal(plain.status, 200);
  assert.deepEqual(corsHeaders(plain), []);
  const allowed = await fetch(`${server.url}/shatter`, { method: 'POST', headers: { origin: 'http://localhost:5173' } });
  assert.equal(allowed.status, 200);
  assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://localhost:5173');
});

test('origins match exactly: scheme, host and port all count', async () => {
  for (const near of ['http://app.example.com', 'https://app.example.com:8443', 'https://APP.example.com.evil.net']) {
    const res = await fetch(`${server.url}/stats`, { headers: { origin: near } });
    assert.deepEqual(corsHeaders(res), [], near);
  }
});

test('parseCorsOrigins splits, trims, drops empties and normalises', () => {
  assert.deepEqual(parseCorsOrigins(undefined), []);
  assert.deepEqual(parseCorsOrigins(' , '), []);
  assert.deepEqual(parseCorsOrigins(' https://App.Example.com/ ,, http://localhost:5173,https://x.org:443'), [
    'https://app.example.com',
    'http://localhost:5173',
    'https://x.org',
  ]);
});

test('parseCorsOrigins rejects *, null and malformed origins with a usage error naming each', () => {
  for (const bad of ['*', 'https://*.example.com', 'null', 'app.example.com', 'ftp://x.org', 'https://x.org/app', 'https://u:p@x.org', 'https://x.org?a=1']) {
    assert.throws(
      () => parseCorsOrigins(`https://ok.example.com,${bad}`),
      (err: unknown) =>
        err instanceof KindredError &&
        err.code === 'usage' &&
        err.message.includes('SERVICE_API_CORS_ORIGINS') &&
        err.details?.length === 1 &&
        err.details[0].path === 'SERVICE_API_CORS_ORIGINS[1]',
      bad,
    );
  }
});
