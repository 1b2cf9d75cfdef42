// The hosted endpoints' 200 answers have the contract's shapes; unknown ids 404, wrong methods 405, all in JSON.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHosted, errorBody, PEOPLE_SOURCE, type HostedHarness } from './hosted-harness.js';
import { createSigningKey, signToken, validClaims, type SigningKey } from './signing-keys.js';
import type { SourceInfo } from '../../../src/server/hosted/routes.js';

const COMPANIES: SourceInfo & { path: string } = {
  id: 'c0ffee12',
  name: 'companies.csv',
  records: 12,
  columns: ['company', 'city'],
  status: 'initializing',
  loaded_at: '2026-11-22T08:00:00.000Z',
  // Server-side detail the hosted surface must not leak.
  path: '/srv/data/companies.csv',
};

const TELEMETRY = {
  available: true,
  source: 'rest_autoconfig',
  stop_reason: 'green',
  health: 'green',
  elapsed_ms: 812,
  scoring: { n_pairs_scored: 420, mass_above_threshold: 0.31, mass_in_borderline: 0.05 },
};

let rsa: SigningKey;
let ec: SigningKey;
let fresh: HostedHarness; // no autoconfig has run
let ran: HostedHarness; // an autoconfig has run, two sources

before(async () => {
  [rsa, ec] = await Promise.all([createSigningKey('RS256', 'rsa-1'), createSigningKey('ES256', 'ec-1')]);
  fresh = await startHosted({ keys: [rsa.publicJwk, ec.publicJwk] });
  ran = await startHosted({
    keys: [rsa.publicJwk, ec.publicJwk],
    deps: { sources: async () => [PEOPLE_SOURCE, COMPANIES], telemetry: () => TELEMETRY },
  });
});
after(async () => {
  await fresh.close();
  await ran.close();
});

test('GET /api/sources lists the sources with exactly the contract fields (RS256 token)', async () => {
  const res = await ran.request('/api/sources', { token: await signToken(rsa, validClaims()) });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.deepEqual(await res.json(), {
    sources: [
      {
        id: '9b1f0c2e7a', name: 'people.csv', records: 5000, columns: ['name', 'zip', 'email'],
        status: 'ready', loaded_at: '2026-11-21T10:15:02.123Z',
      },
      {
        id: 'c0ffee12', name: 'companies.csv', records: 12, columns: ['company', 'city'],
        status: 'initializing', loaded_at: '2026-11-22T08:00:00.000Z',
      },
    ],
  });
});

test('GET /api/sources/<id> answers one source (ES256 token)', async () => {
  const res = await ran.request('/api/sources/c0ffee12', { token: await signToken(ec, validClaims()) });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    id: 'c0ffee12', name: 'companies.csv', records: 12, columns: ['company', 'city'],
    status: 'initializing', loaded_at: '2026-11-22T08:00:00.000Z',
  });
});

test('GET /api/sources/<unknown id> is 404 not_found', async () => {
  const res = await ran.request('/api/sources/nope', { token: await signToken(rsa, validClaims()) });
  assert.equal(res.status, 404);
  const { code, message } = await errorBody(res);
  assert.equal(code, 'not_found');
  assert.match(message, /nope/);
});

test('telemetry before any autoconfig run is exactly {"available": false, "source": null}', async () => {
  const res = await fresh.request('/api/v1/controller/telemetry', { token: await signToken(rsa, validClaims()) });
  assert.equal(res.status, 200);
  const text = await res.text();
  assert.deepEqual(JSON.parse(text), { available: false, source: null });
  assert.equal(text.replace(/\s/g, ''), '{"available":false,"source":null}');
});

test('telemetry from a server that has none yet (null) is the same empty object', async () => {
  const h = await startHosted({ keys: [rsa.publicJwk], deps: { sources: () => [], telemetry: () => null } });
  try {
    const res = await h.request('/api/v1/controller/telemetry', { token: await signToken(rsa, validClaims()) });
    assert.deepEqual(await res.json(), { available: false, source: null });
    const sources = await h.request('/api/sources', { token: await signToken(rsa, validClaims()) });
    assert.deepEqual(await sources.json(), { sources: [] });
  } finally {
    await h.close();
  }
});

test('telemetry after a run is the stored object, unchanged', async () => {
  const res = await ran.request('/api/v1/controller/telemetry', { token: await signToken(ec, validClaims()) });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), TELEMETRY);
});

test('HEAD answers like GET without a body', async () => {
  const res = await ran.request('/api/sources', { method: 'HEAD', token: await signToken(rsa, validClaims()) });
  assert.equal(res.status, 200);
  assert.equal(await res.text(), '');
});

test('a wrong method on a hosted path is 405 with Allow, after authentication', async () => {
  const token = await signToken(rsa, validClaims());
  for (const [method, path] of [
    ['POST', '/api/sources'],
    ['DELETE', '/api/sources/9b1f0c2e7a'],
    ['PUT', '/api/v1/controller/telemetry'],
  ] as const) {
    const res = await ran.request(path, { method, token });
    assert.equal(res.status, 405, `${method} ${path}`);
    assert.equal(res.headers.get('allow'), 'GET, HEAD');
    assert.equal((await errorBody(res)).code, 'method_not_allowed');
  }
  assert.equal((await ran.request('/api/sources', { method: 'POST' })).status, 401);
});

test('an unknown /api path with a valid token is a JSON 404', async () => {
  const res = await ran.request('/api/v2/whatever', { token: await signToken(rsa, validClaims()) });
  assert.equal(res.status, 404);
  assert.equal((await errorBody(res)).code, 'not_found');
});

test('error answers are JSON and not cacheable', async () => {
  const res = await ran.request('/api/sources');
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(res.headers.get('cache-control'), 'no-store');
});
