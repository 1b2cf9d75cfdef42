// KindredClient error handling without a server: error bodies become KindredError, network failures carry their cause, the timeout aborts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KindredClient, KindredError } from '../../src/client/index.js';

test('a JSON error body becomes a KindredError with status, code, message and details', async () => {
  const fake: typeof fetch = async () =>
    new Response(JSON.stringify({ error: { code: 'invalid_request', message: 'bad k', details: [{ path: 'k', message: 'too big' }] } }), { status: 400 });
  const client = new KindredClient({ fetch: fake });
  await assert.rejects(client.retrieve('x', { k: 5000 }), (e: unknown) => {
    assert.ok(e instanceof KindredError);
    assert.equal(e.status, 400);
    assert.equal(e.code, 'invalid_request');
    assert.equal(e.message, 'bad k');
    assert.deepEqual(e.details, [{ path: 'k', message: 'too big' }]);
    return true;
  });
});

test('a non-JSON error body still gives a KindredError with the status', async () => {
  const client = new KindredClient({ fetch: async () => new Response('oops', { status: 502 }) });
  await assert.rejects(client.stats(), (e: unknown) => e instanceof KindredError && e.status === 502 && e.code === 'http_502');
});

test('requests carry the token, the base URL and query parameters', async () => {
  let seen: { url: string; auth: string | null; method: string } | null = null;
  const fake: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    seen = { url: String(input), auth: headers.get('authorization'), method: init?.method ?? 'GET' };
    return new Response(JSON.stringify({ clusters: [], total: 0, offset: 5, limit: 7 }), { status: 200 });
  };
  const client = new KindredClient({ baseUrl: 'http://example.test:9/', token: 'sekret', fetch: fake });
  await client.clusters({ minSize: 3, limit: 7, offset: 5 });
  assert.deepEqual(seen, { url: 'http://example.test:9/clusters?min_size=3&limit=7&offset=5', auth: 'Bearer sekret', method: 'GET' });
});

test('health() throws on 503 like any non-2xx answer: not_ready, with the state and the failed run\'s error', async () => {
  const answer = (body: object, status: number): typeof fetch => async () => new Response(JSON.stringify(body), { status });
  const starting = new KindredClient({ fetch: answer({ status: 'initializing', ready: false, service: 'kindred' }, 503) });
  await assert.rejects(starting.health(), (e: unknown) => e instanceof KindredError && e.status === 503 && e.code === 'not_ready' && /initializing/.test(e.message));
  const failed = new KindredClient({ fetch: answer({ status: 'failed', ready: false, service: 'kindred', error: 'people.csv: line 9: a quoted value is never closed' }, 503) });
  await assert.rejects(failed.health(), (e: unknown) => e instanceof KindredError && e.code === 'not_ready' && /failed: people\.csv: line 9/.test(e.message));
  const ok = new KindredClient({ fetch: answer({ status: 'ok', ready: true, service: 'kindred' }, 200) });
  assert.deepEqual(await ok.health(), { status: 'ok', ready: true, service: 'kindred' });
});

test('a refused connection throws a KindredError with the cause attached', async () => {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  const client = new KindredClient({ baseUrl: `http://127.0.0.1:${port}` });
  await assert.rejects(client.health(), (e: unknown) => e instanceof KindredError && e.code === 'network_error' && e.status === 0 && e.cause !== undefined);
});

test('a server that never answers is cut off by the timeout', async () => {
  const server = createServer(() => {
    /* never answers */
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  try {
    const client = new KindredClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 50 });
    await assert.rejects(client.health(), (e: unknown) => e instanceof KindredError && e.code === 'timeout' && e.cause !== undefined);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test('the defaults are the documented ones', () => {
  const client = new KindredClient();
  assert.equal(client.baseUrl, 'http://127.0.0.1:8080');
  assert.equal(client.timeoutMs, 30_000);
});
