/** JSON body: byte limit (declared and streamed), invalid JSON with position, overflowing numbers, empty bodies. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { Hono } from 'hono';
import { jsonBody, readJson, type JsonBodyEnv } from './index.js';
import { errorHandler, onError } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { readError } from '../testing/error-body.js';

const LIMIT = 1024;
let server: TestServer;
let handled = 0;

before(async () => {
  const app = new Hono<JsonBodyEnv>();
  app.onError(onError);
  app.use(jsonBody({ maxBytes: LIMIT }));
  app.post('/echo', (c) => {
    handled += 1;
    const body = readJson(c);
    return c.json({ empty: body === undefined, body: body ?? null });
  });
  app.post('/text', async (c) => c.json({ text: await c.req.text() }));
  server = await listen(app);
});
after(() => server.close());

function postJson(body: RequestInit['body'], path = '/echo'): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]);
      else controller.close();
    },
  });
}

test('a JSON body is parsed and readable with readJson', async () => {
  const res = await postJson('{"records": [{"name": "Ann", "age": 41.5}], "top_k": 3}');
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { empty: false, body: { records: [{ name: 'Ann', age: 41.5 }], top_k: 3 } });
});

test('an empty body gives undefined', async () => {
  const res = await postJson(undefined);
  assert.deepEqual(await res.json(), { empty: true, body: null });
});

test('the raw text stays available to c.req.text()', async () => {
  const res = await postJson('{"a": 1}', '/text');
  assert.deepEqual(await res.json(), { text: '{"a": 1}' });
});

test('invalid JSON → 400 invalid_json with the line and column', async () => {
  const res = await postJson('{\n  "a": 1,\n  "b": tru\n}');
  assert.equal(res.status, 400);
  const error = await readError(res);
  assert.equal(error.code, 'invalid_json');
  assert.match(error.message, /line 3, column 11/);
});

test('bodies that are not UTF-8 → 400 invalid_json', async () => {
  const res = await postJson(new Uint8Array([0x22, 0xff, 0xfe, 0x22]));
  assert.equal(res.status, 400);
  assert.equal((await readError(res)).code, 'invalid_json');
});

test('a number that would be Infinity → 400 invalid_request naming its path', async () => {
  const res = await postJson('{"records": [{"age": 1e400}], "x": -1e999}');
  assert.equal(res.status, 400);
  const error = await readError(res);
  assert.equal(error.code, 'invalid_request');
  assert.deepEqual(error.details?.map((d) => d.path), ['records[0].age', 'x']);
});

test('a body exactly at the limit passes', async () => {
  const text = `"${'a'.repeat(LIMIT - 2)}"`;
  const res = await postJson(text);
  assert.equal(res.status, 200);
});

test('a declared Content-Length over the limit → 413 before the handler', async () => {
  const before = handled;
  const res = await postJson(`"${'a'.repeat(LIMIT)}"`);
  assert.equal(res.status, 413);
  assert.equal((await readError(res)).code, 'payload_too_large');
  assert.equal(handled, before);
});

test('a streamed body without Content-Length over the limit → 413', async () => {
  const chunk = new TextEncoder().encode('a'.repeat(400));
  const res = await fetch(`${server.url}/echo`, {
    method: 'POST',
    body: streamOf([chunk, chunk, chunk, chunk]),
    headers: { 'content-type': 'application/json' },
    duplex: 'half',
  });
  assert.equal(res.status, 413);
  assert.equal((await readError(res)).code, 'payload_too_large');
});

test('the 413 arrives while the client is still sending (the limit is enforced mid-stream)', async () => {
  // One chunk over the limit and the request is left open: only a server that
  // counts bytes as they arrive can answer before the body ends.
  const status = await new Promise<number>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      agent: false,
    });
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      req.destroy();
    });
    req.on('error', reject);
    req.write('a'.repeat(LIMIT * 2));
  });
  assert.equal(status, 413);
});

test('readJson on a route without the middleware is a wiring bug → 500 internal', async () => {
  const logged: string[] = [];
  const app = new Hono();
  app.onError(errorHandler({ log: (line) => logged.push(line) }));
  app.post('/x', (c) => c.json({ body: readJson(c) ?? null }));
  const res = await app.request('/x', { method: 'POST', body: '{}' });
  assert.equal(res.status, 500);
  assert.equal((await readError(res)).code, 'internal');
  assert.equal(logged.length, 1);
  assert.match(logged[0], /without the jsonBody middleware/);
});
