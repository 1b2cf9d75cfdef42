/** Readiness gate: 503 not_ready before the run ends (open routes excepted), and after auth. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { readinessGate } from './index.js';
import { bearerAuth } from '../bearer-auth/index.js';
import { onError } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { readError } from '../testing/error-body.js';

const TOKEN = 'readiness-token';
const state = { ready: false };
let server: TestServer;

before(async () => {
  const isOpen = (method: string, path: string): boolean => method === 'GET' && path === '/health';
  const app = new Hono();
  app.onError(onError);
  app.use(bearerAuth({ token: TOKEN, isOpen }));
  app.use(readinessGate({ isReady: () => state.ready, isOpen }));
  app.get('/health', (c) => c.json({ ready: state.ready }, state.ready ? 200 : 503));
  app.get('/stats', (c) => c.json({ total_records: 3 }));
  server = await listen(app);
});
after(() => server.close());

const auth = { authorization: `Bearer ${TOKEN}` };

test('before the run ends: 503 not_ready for an authenticated request', async () => {
  state.ready = false;
  const res = await fetch(`${server.url}/stats`, { headers: auth });
  assert.equal(res.status, 503);
  assert.equal((await readError(res)).code, 'not_ready');
});

test('before the run ends: authentication is still checked first', async () => {
  state.ready = false;
  const res = await fetch(`${server.url}/stats`);
  assert.equal(res.status, 401);
  assert.equal((await readError(res)).code, 'unauthorized');
});

test('open routes answer while not ready', async () => {
  state.ready = false;
  const res = await fetch(`${server.url}/health`);
  assert.equal(res.status, 503);
  assert.deepEqual(await res.json(), { ready: false });
});

test('once ready, requests pass', async () => {
  state.ready = true;
  const res = await fetch(`${server.url}/stats`, { headers: auth });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { total_records: 3 });
});
