/** Content-Type check: bodies must be JSON (charset allowed); empty bodies pass. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { requireJsonContentType } from './index.js';
import { onError } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { readError } from '../testing/error-body.js';

let server: TestServer;
let reached = 0;

before(async () => {
  const app = new Hono();
  app.onError(onError);
  app.use(requireJsonContentType());
  app.post('/match', async (c) => {
    reached += 1;
    return c.json({ received: (await c.req.text()).length });
  });
  server = await listen(app);
});
after(() => server.close());

function post(body: RequestInit['body'], headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/match`, { method: 'POST', body, headers });
}

async function assert415(res: Response): Promise<void> {
  assert.equal(res.status, 415);
  assert.equal((await readError(res)).code, 'unsupported_media_type');
}

test('a text/plain body → 415 and the handler never runs', async () => {
  const before = reached;
  await assert415(await post('{"a":1}', { 'content-type': 'text/plain' }));
  assert.equal(reached, before);
});

test('form and multipart bodies → 415', async () => {
  await assert415(await post(new URLSearchParams({ a: '1' })));
  const form = new FormData();
  form.set('a', '1');
  await assert415(await post(form));
});

test('a body without any Content-Type → 415', async () => {
  await assert415(await post(new Uint8Array([123, 125])));
});

test('a chunked (streamed) text/plain body → 415', async () => {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{}'));
      controller.close();
    },
  });
  const res = await fetch(`${server.url}/match`, {
    method: 'POST',
    body: stream,
    headers: { 'content-type': 'text/plain' },
    duplex: 'half',
  });
  await assert415(res);
});

test('application/json passes, with a charset and in any case', async () => {
  for (const contentType of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;Charset=UTF-8']) {
    const res = await post('{"a":1}', { 'content-type': contentType });
    assert.equal(res.status, 200, contentType);
    assert.deepEqual(await res.json(), { received: 7 });
  }
});

test('a JSON-looking media type that is not application/json → 415', async () => {
  await assert415(await post('{}', { 'content-type': 'application/jsonx' }));
  await assert415(await post('{}', { 'content-type': 'text/json' }));
});

test('a POST without a body passes whatever its Content-Type', async () => {
  assert.equal((await post(undefined)).status, 200);
  assert.equal((await post(undefined, { 'content-type': 'text/plain' })).status, 200);
});
