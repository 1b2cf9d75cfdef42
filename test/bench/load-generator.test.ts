// The load generator against a real local server: successes are counted and timed, failures are counted as errors and never as served.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runLoad } from '../../bench/lib/load-generator.js';

let server: http.Server;
let origin: URL;

before(async () => {
  // Every third request fails with 500.
  let n = 0;
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.writeHead(n % 3 === 0 ? 500 : 200, { 'content-type': 'application/json' });
      res.end(n % 3 === 0 ? '{"error":{}}' : '{"matches":[]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('failed answers are errors, not requests served', async () => {
  const r = await runLoad({
    origin,
    connections: 4,
    warmupMs: 0,
    durationMs: 300,
    request: () => ({ method: 'POST', path: '/match', body: Buffer.from('{}') }),
    accept: (e) => e.status === 200 && e.body.startsWith('{"matches":['),
  });
  assert.equal(r.mode, 'closed_loop');
  assert.ok(r.requests > 0 && r.errors > 0);
  assert.equal(r.requests + r.errors, r.sent);
  assert.equal(r.latency.count, r.requests);
  assert.ok(r.error_samples.some((e) => e.startsWith('500')));
});

test('a fixed rate sends about rate × duration requests', async () => {
  const r = await runLoad({
    origin,
    connections: 2,
    warmupMs: 0,
    durationMs: 500,
    ratePerSecond: 100,
    request: () => ({ method: 'GET', path: '/' }),
    accept: () => true,
  });
  assert.equal(r.mode, 'fixed_rate');
  assert.equal(r.sent, 50);
  assert.equal(r.requests, 50);
});

test('a connection that cannot be made is an error with its reason', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const r = await runLoad({
    origin: new URL(`http://127.0.0.1:${port}`),
    connections: 1,
    warmupMs: 0,
    durationMs: 50,
    request: () => ({ method: 'GET', path: '/' }),
    accept: (e) => e.status === 200,
  });
  assert.equal(r.requests, 0);
  assert.ok(r.errors > 0);
  assert.match(r.error_samples[0], /ECONNREFUSED/);
});
