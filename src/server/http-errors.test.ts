/** Error handling: every error becomes contract JSON; bugs answer 500 without internals and are logged; no NaN/Infinity in JSON. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { KindredError } from '../errors/registry.js';
import { errorHandler, notFound, safeJson, INTERNAL_MESSAGE } from './http-errors.js';
import { listen, type TestServer } from './middleware/testing/listen.js';
import { readError } from './middleware/testing/error-body.js';

const logged: string[] = [];
let server: TestServer;

before(async () => {
  const app = new Hono();
  app.onError(errorHandler({ log: (line) => logged.push(line) }));
  app.notFound(notFound);
  app.get('/kindred', () => {
    throw new KindredError('invalid_request', 'top_k must be an integer in 1..1000', [{ path: 'top_k', message: 'expected an integer, got "x"' }]);
  });
  app.get('/with-headers', () => {
    throw new KindredError('method_not_allowed', 'POST only', undefined, { Allow: 'POST, OPTIONS' });
  });
  app.get('/hono-401', () => {
    throw new HTTPException(401, { res: new Response('<h1>no</h1>', { headers: { 'WWW-Authenticate': 'Bearer realm="x"' } }) });
  });
  app.get('/hono-500', () => {
    throw new HTTPException(500, { message: 'db handle /var/secret/state.db locked' });
  });
  app.get('/bug', () => {
    const secretPath = '/home/user/private/data.csv';
    throw new TypeError(`cannot read ${secretPath}`);
  });
  app.get('/numbers', (c) => safeJson(c, { nan: Number.NaN, inf: Infinity, neg: -Infinity, ok: 0.5, nested: [1, Number.NaN], big: 12n }));
  server = await listen(app);
});
after(() => server.close());

test('a KindredError answers with its status and body, details included', async () => {
  const res = await fetch(`${server.url}/kindred`);
  assert.equal(res.status, 400);
  assert.deepEqual(await readError(res), {
    code: 'invalid_request',
    message: 'top_k must be an integer in 1..1000',
    details: [{ path: 'top_k', message: 'expected an integer, got "x"' }],
  });
});

test('a KindredError\'s headers are sent', async () => {
  const res = await fetch(`${server.url}/with-headers`);
  assert.equal(res.status, 405);
  assert.equal(res.headers.get('allow'), 'POST, OPTIONS');
});

test('a Hono HTTPException is mapped to JSON, keeping WWW-Authenticate and dropping its HTML', async () => {
  const res = await fetch(`${server.url}/hono-401`);
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="x"');
  const error = await readError(res);
  assert.equal(error.code, 'unauthorized');
  assert.doesNotMatch(error.message, /<h1>/);
});

test('a 5xx HTTPException reveals nothing and is logged', async () => {
  const before = logged.length;
  const res = await fetch(`${server.url}/hono-500`);
  assert.equal(res.status, 500);
  assert.deepEqual(await readError(res), { code: 'internal', message: INTERNAL_MESSAGE });
  assert.equal(logged.length, before + 1);
});

test('an unexpected error → 500 internal without internals; the stack goes to the log', async () => {
  const before = logged.length;
  const res = await fetch(`${server.url}/bug`);
  assert.equal(res.status, 500);
  const text = await res.clone().text();
  assert.deepEqual(await readError(res), { code: 'internal', message: INTERNAL_MESSAGE });
  assert.doesNotMatch(text, /private|TypeError|at /);
  assert.equal(logged.length, before + 1);
  assert.match(logged[before], /GET \/bug/);
  assert.match(logged[before], /TypeError: cannot read \/home\/user\/private\/data\.csv\n\s+at /);
});

test('an unknown route → 404 not_found JSON, never HTML', async () => {
  const res = await fetch(`${server.url}/nowhere`);
  assert.equal(res.status, 404);
  assert.equal((await readError(res)).code, 'not_found');
});

test('safeJson writes non-finite numbers as null and bigints as numbers', async () => {
  const res = await fetch(`${server.url}/numbers`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const text = await res.text();
  assert.doesNotMatch(text, /NaN|Infinity/);
  const parsed: unknown = JSON.parse(text);
  assert.deepEqual(parsed, { nan: null, inf: null, neg: null, ok: 0.5, nested: [1, null], big: 12 });
});
