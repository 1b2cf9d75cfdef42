/** Bearer-token authentication: the 401 matrix, open routes, and that the token is never echoed. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { bearerAuth } from './index.js';
import { onError } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { readError } from '../testing/error-body.js';

const TOKEN = 's3cret-token-value';
let server: TestServer;

before(async () => {
  const app = new Hono();
  app.onError(onError);
  app.use(bearerAuth({ token: TOKEN, isOpen: (method, path) => method === 'GET' && path === '/health' }));
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/stats', (c) => c.json({ total_records: 3 }));
  server = await listen(app);
});
after(() => server.close());

async function getStats(authorization?: string): Promise<Response> {
  return fetch(`${server.url}/stats`, { headers: authorization === undefined ? {} : { authorization } });
}

async function assertUnauthorized(res: Response): Promise<void> {
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('www-authenticate'), 'Bearer');
  const text = await res.clone().text();
  assert.equal((await readError(res)).code, 'unauthorized');
  assert.ok(!text.includes(TOKEN), 'the token must never appear in a response');
  for (const [, value] of res.headers) assert.ok(!value.includes(TOKEN));
}

test('no Authorization header → 401 unauthorized with WWW-Authenticate: Bearer', async () => {
  await assertUnauthorized(await getStats());
});

test('another scheme (Basic) with the right secret → 401', async () => {
  await assertUnauthorized(await getStats(`Basic ${TOKEN}`));
});

test('a wrong token, a prefix of the token and an empty bearer → 401', async () => {
  await assertUnauthorized(await getStats('Bearer wrong'));
  await assertUnauthorized(await getStats(`Bearer ${TOKEN.slice(0, -1)}`));
  await assertUnauthorized(await getStats(`Bearer ${TOKEN}x`));
  await assertUnauthorized(await getStats('Bearer'));
});

test('the right token passes, and the scheme is case-insensitive', async () => {
  const res = await getStats(`Bearer ${TOKEN}`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { total_records: 3 });
  assert.equal((await getStats(`bearer ${TOKEN}`)).status, 200);
});

test('an open route needs no token', async () => {
  const res = await fetch(`${server.url}/health`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok' });
});

test('without a configured token (undefined or empty) nothing is required', async () => {
  for (const token of [undefined, '']) {
    const app = new Hono();
    app.onError(onError);
    app.use(bearerAuth({ token, isOpen: () => false }));
    app.get('/stats', (c) => c.json({ ok: true }));
    const res = await app.request('/stats');
    assert.equal(res.status, 200);
  }
});
