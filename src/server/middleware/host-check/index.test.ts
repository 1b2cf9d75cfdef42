/** Host check: loopback Host headers pass, others and a missing Host get 403 forbidden_host. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { hostCheck, isLoopbackHost } from './index.js';
import { onError } from '../../http-errors.js';
import { listen, type TestServer } from '../testing/listen.js';
import { rawRequest } from '../testing/raw-request.js';

let server: TestServer;
let open: TestServer;

before(async () => {
  const checked = new Hono();
  checked.onError(onError);
  checked.use(hostCheck({ enabled: true }));
  checked.get('/stats', (c) => c.json({ ok: true }));
  // Node refuses a Host-less HTTP/1.1 request itself unless told not to.
  server = await listen(checked, { requireHostHeader: false });

  const unchecked = new Hono();
  unchecked.onError(onError);
  unchecked.use(hostCheck({ enabled: false }));
  unchecked.get('/stats', (c) => c.json({ ok: true }));
  open = await listen(unchecked);
});
after(async () => {
  await server.close();
  await open.close();
});

function codeOf(body: string): unknown {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return undefined;
  const error: unknown = parsed.error;
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

test('loopback Host headers pass', async () => {
  for (const host of ['localhost', `localhost:${server.port}`, 'LOCALHOST:1', '127.0.0.1', `127.0.0.1:${server.port}`, '127.9.8.7:80', '[::1]', `[::1]:${server.port}`]) {
    const res = await rawRequest({ port: server.port, path: '/stats', host });
    assert.equal(res.status, 200, host);
  }
});

test('a non-loopback Host → 403 forbidden_host as JSON', async () => {
  for (const host of ['attacker.example', `attacker.example:${server.port}`, '10.0.0.1', '128.0.0.1', '0.0.0.0', 'localhost.attacker.example', '[::2]', '127.0.0.1.nip.io']) {
    const res = await rawRequest({ port: server.port, path: '/stats', host });
    assert.equal(res.status, 403, host);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(codeOf(res.body), 'forbidden_host', host);
  }
});

test('a missing Host → 403 forbidden_host', async () => {
  const res = await rawRequest({ port: server.port, path: '/stats', host: null });
  assert.equal(res.status, 403);
  assert.equal(codeOf(res.body), 'forbidden_host');
});

test('when disabled (a token is configured), any Host passes', async () => {
  const res = await rawRequest({ port: open.port, path: '/stats', host: 'attacker.example' });
  assert.equal(res.status, 200);
});

test('isLoopbackHost refuses tricks: user info, bad ports, shorthand and malformed values', () => {
  for (const host of [undefined, '', 'evil.example@127.0.0.1', '127.0.0.1:99999', '127.0.0.1:', '127.1', '127.0.0.1/x', 'localhost:80:80', '[::1', '::1', '[::ffff:8.8.8.8]']) {
    assert.equal(isLoopbackHost(host), false, String(host));
  }
  assert.equal(isLoopbackHost('127.255.255.255:65535'), true);
  // The node adapter itself refuses non-canonical IPv6 Host values, so this spelling is checked here only.
  assert.equal(isLoopbackHost('[0:0:0:0:0:0:0:1]:8080'), true);
});
