/** Request timeout: a handler that never finishes gets 503 timeout JSON and its signal is aborted; fast ones are untouched. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { RequestDeadline, requestTimeout, type RequestTimeoutEnv } from './index.js';
import { onError } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { readError } from '../testing/error-body.js';

let server: TestServer;
const aborted: Promise<unknown>[] = [];

before(async () => {
  const app = new Hono<RequestTimeoutEnv>();
  app.onError(onError);
  app.use(requestTimeout({ ms: 50 }));
  app.get('/stuck', async (c) => {
    const signal = c.var.timeout.signal;
    aborted.push(new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true })));
    // A promise nobody resolves: the handler can only end by the timeout.
    await new Promise<never>(() => {});
    return c.json({ unreachable: true });
  });
  server = await listen(app);
});
after(() => server.close());

test('a handler that never finishes → 503 timeout as JSON', async () => {
  const res = await fetch(`${server.url}/stuck`);
  assert.equal(res.status, 503);
  const error = await readError(res);
  assert.equal(error.code, 'timeout');
  assert.match(error.message, /GET \/stuck/);
  // ...and the handler's signal was aborted with that same timeout error.
  assert.equal(aborted.length, 1);
  const reason = await aborted[0];
  assert.ok(reason instanceof Error && 'code' in reason && reason.code === 'timeout');
});

test('a handler that finishes in time is unaffected', async () => {
  // A generous timeout, so the outcome cannot depend on machine speed.
  const app = new Hono<RequestTimeoutEnv>();
  app.onError(onError);
  app.use(requestTimeout({ ms: 60_000 }));
  app.get('/fast', (c) => c.json({ aborted: c.var.timeout.signal.aborted }));
  const res = await app.request('/fast');
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { aborted: false });
});

test('a non-positive timeout is refused at construction', () => {
  assert.throws(() => requestTimeout({ ms: 0 }), /positive/);
  assert.throws(() => requestTimeout({ ms: Number.NaN }), /positive/);
});

test('a signal first asked for after the timeout is already aborted, with the timeout error', () => {
  const deadline = new RequestDeadline();
  const error = new Error('late');
  deadline.expire(error);
  assert.equal(deadline.signal.aborted, true);
  assert.equal(deadline.signal.reason, error);
});
