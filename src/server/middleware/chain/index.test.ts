/** The whole chain in its documented order: which check answers first, and CORS headers on every answer. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { middlewareChain, type ServerEnv } from './index.js';
import { defineRoutes, openRoutes } from '../route-table/index.js';
import { readJson } from '../json-body/index.js';
import { onError, notFound, safeJson } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { readError } from '../testing/error-body.js';

const TOKEN = 'chain-token';
const ORIGIN = 'https://app.example.com';
const ROUTES = defineRoutes({ '/health': ['GET'], '/match': ['POST'] });
const state = { ready: true };
let server: TestServer;

before(async () => {
  const app = new Hono<ServerEnv>();
  app.onError(onError);
  app.notFound(notFound);
  app.use(
    ...middlewareChain({
      token: TOKEN,
      corsOrigins: [ORIGIN],
      routes: ROUTES,
      isOpen: openRoutes({ '/health': ['GET'] }),
      isReady: () => state.ready,
      maxBodyBytes: 64,
      requestTimeoutMs: 60_000,
    }),
  );
  app.get('/health', (c) => safeJson(c, { ready: state.ready }, state.ready ? 200 : 503));
  app.post('/match', (c) => safeJson(c, { got: readJson(c) ?? null, signal: c.var.timeout.signal.aborted }));
  server = await listen(app);
});
after(() => server.close());

const auth = { authorization: `Bearer ${TOKEN}` };
const json = { 'content-type': 'application/json' };

async function codeAndCors(res: Response): Promise<[number, string, string | null]> {
  return [res.status, (await readError(res)).code, res.headers.get('access-control-allow-origin')];
}

test('a preflight from an allowed origin is answered before authentication', async () => {
  const res = await fetch(`${server.url}/match`, { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
});

test('authentication comes before the route check, the Content-Type check and the body', async () => {
  assert.deepEqual(await codeAndCors(await fetch(`${server.url}/nowhere`, { headers: { origin: ORIGIN } })), [401, 'unauthorized', ORIGIN]);
  const res = await fetch(`${server.url}/match`, { method: 'POST', body: 'x'.repeat(100), headers: { origin: ORIGIN, 'content-type': 'text/plain' } });
  assert.deepEqual(await codeAndCors(res), [401, 'unauthorized', ORIGIN]);
});

test('with the token: 404, 405, 415, 413 and 400 in that order of checks, each with CORS headers', async () => {
  const h = { ...auth, origin: ORIGIN };
  assert.deepEqual(await codeAndCors(await fetch(`${server.url}/nowhere`, { headers: h })), [404, 'not_found', ORIGIN]);
  const wrongMethod = await fetch(`${server.url}/match`, { headers: h });
  assert.equal(wrongMethod.headers.get('allow'), 'POST, OPTIONS');
  assert.deepEqual(await codeAndCors(wrongMethod), [405, 'method_not_allowed', ORIGIN]);
  const textBody = await fetch(`${server.url}/match`, { method: 'POST', body: 'x'.repeat(100), headers: { ...h, 'content-type': 'text/plain' } });
  assert.deepEqual(await codeAndCors(textBody), [415, 'unsupported_media_type', ORIGIN]);
  const bigBody = await fetch(`${server.url}/match`, { method: 'POST', body: 'x'.repeat(100), headers: { ...h, ...json } });
  assert.deepEqual(await codeAndCors(bigBody), [413, 'payload_too_large', ORIGIN]);
  const badJson = await fetch(`${server.url}/match`, { method: 'POST', body: '{x', headers: { ...h, ...json } });
  assert.deepEqual(await codeAndCors(badJson), [400, 'invalid_json', ORIGIN]);
});

test('not ready: open routes answer, others get 503 not_ready after authentication', async () => {
  state.ready = false;
  try {
    assert.equal((await fetch(`${server.url}/health`)).status, 503);
    assert.equal((await fetch(`${server.url}/match`, { method: 'POST' })).status, 401);
    const res = await fetch(`${server.url}/match`, { method: 'POST', headers: auth });
    assert.equal((await readError(res)).code, 'not_ready');
  } finally {
    state.ready = true;
  }
});

test('a well-formed authenticated request reaches its route with the parsed body', async () => {
  const res = await fetch(`${server.url}/match`, { method: 'POST', body: '{"name":"Ann"}', headers: { ...auth, ...json, origin: ORIGIN } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
  assert.deepEqual(await res.json(), { got: { name: 'Ann' }, signal: false });
});

test('with a token the Host check is off; without one it is on', async () => {
  const open = new Hono();
  open.onError(onError);
  open.use(...middlewareChain({ token: undefined, corsOrigins: [], routes: ROUTES, isOpen: () => false, isReady: () => true }));
  open.get('/health', (c) => c.json({ ok: true }));
  const refused = await open.request('http://attacker.example/health', { headers: { host: 'attacker.example' } });
  assert.equal((await readError(refused)).code, 'forbidden_host');
  const local = await open.request('http://localhost/health', { headers: { host: 'localhost:8080' } });
  assert.equal(local.status, 200);
});
