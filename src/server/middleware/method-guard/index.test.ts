/** Method guard: 404 JSON for unknown paths, 405 with Allow for wrong methods, HEAD and OPTIONS handled. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { methodGuard } from './index.js';
import { defineRoutes } from '../route-table/index.js';
import { onError, notFound } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { readError } from '../testing/error-body.js';

const ROUTES = defineRoutes({
  '/health': ['GET'],
  '/clusters/:id': ['GET'],
  '/reviews/decide': ['POST'],
  '/reviews/decisions/:pair': ['GET', 'DELETE'],
});
let server: TestServer;

before(async () => {
  const app = new Hono();
  app.onError(onError);
  app.notFound(notFound);
  app.use(methodGuard({ routes: ROUTES }));
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/clusters/:id', (c) => c.json({ id: c.req.param('id') }));
  app.post('/reviews/decide', (c) => c.json({ ok: true }));
  app.get('/reviews/decisions/:pair', (c) => c.json({ pair: c.req.param('pair') }));
  app.delete('/reviews/decisions/:pair', (c) => c.json({ withdrawn: c.req.param('pair') }));
  server = await listen(app);
});
after(() => server.close());

test('an unknown path → 404 not_found as JSON, whatever the method', async () => {
  for (const [method, path] of [['GET', '/nope'], ['POST', '/clusters'], ['GET', '/clusters/1/extra'], ['GET', '/health/']]) {
    const res = await fetch(`${server.url}${path}`, { method });
    assert.equal(res.status, 404, `${method} ${path}`);
    assert.equal((await readError(res)).code, 'not_found');
  }
});

test('a known path with the wrong method → 405 with Allow', async () => {
  const post = await fetch(`${server.url}/clusters/7`, { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
  assert.equal((await readError(post)).code, 'method_not_allowed');

  const get = await fetch(`${server.url}/reviews/decide`);
  assert.equal(get.status, 405);
  assert.equal(get.headers.get('allow'), 'POST, OPTIONS');

  const put = await fetch(`${server.url}/reviews/decisions/1-2`, { method: 'PUT' });
  assert.equal(put.status, 405);
  assert.equal(put.headers.get('allow'), 'GET, HEAD, DELETE, OPTIONS');
});

test('declared methods reach their handlers; HEAD is served where GET is', async () => {
  const get = await fetch(`${server.url}/clusters/7`);
  assert.deepEqual(await get.json(), { id: '7' });
  const del = await fetch(`${server.url}/reviews/decisions/1-2`, { method: 'DELETE' });
  assert.deepEqual(await del.json(), { withdrawn: '1-2' });
  const head = await fetch(`${server.url}/health`, { method: 'HEAD' });
  assert.equal(head.status, 200);
});

test('a plain OPTIONS gets 204 with Allow', async () => {
  const res = await fetch(`${server.url}/reviews/decide`, { method: 'OPTIONS' });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('allow'), 'POST, OPTIONS');
});
