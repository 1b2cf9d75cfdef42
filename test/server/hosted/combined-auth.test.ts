// Mounted in a main app, the hosted surface owns /api/* with JWTs while local endpoints keep SERVICE_API_TOKEN and /health stays open.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { bearerAuth } from '../../../src/server/middleware/bearer-auth/index.js';
import { corsAllowlist } from '../../../src/server/middleware/cors/index.js';
import { notFound, onError } from '../../../src/server/http-errors.js';
import { readHostedAuthConfig } from '../../../src/server/hosted/jwt-config.js';
import { createJwksKeySource } from '../../../src/server/hosted/jwks.js';
import { createHostedApp, isHostedPath } from '../../../src/server/hosted/routes.js';
import { startJwksServer, type JwksTestServer } from './jwks-test-server.js';
import { serveApp, PEOPLE_SOURCE } from './hosted-harness.js';
import { createSigningKey, signToken, validClaims, TEST_AUDIENCE, TEST_ISSUER, type SigningKey } from './signing-keys.js';

const SERVICE_TOKEN = 'local-service-token-0123456789';
const ORIGIN = 'https://app.example.com';

let jwks: JwksTestServer;
let server: { url: string; close(): Promise<void> };
let rsa: SigningKey;

before(async () => {
  rsa = await createSigningKey('RS256', 'rsa-1');
  jwks = await startJwksServer([rsa.publicJwk]);
  const config = readHostedAuthConfig({ AUTH_JWKS_URL: jwks.url, AUTH_ISSUER: TEST_ISSUER, AUTH_AUDIENCE: TEST_AUDIENCE });
  const app = new Hono();
  app.onError(onError);
  app.notFound(notFound);
  app.use(corsAllowlist({ origins: [ORIGIN] }));
  app.use(
    bearerAuth({
      token: SERVICE_TOKEN,
      isOpen: (method, path) => (path === '/health' && (method === 'GET' || method === 'HEAD')) || isHostedPath(path),
    }),
  );
  app.get('/health', (c) => c.json({ status: 'ok', ready: true, service: 'kindred' }));
  app.get('/stats', (c) => c.json({ total_records: 5000 }));
  app.route('/', createHostedApp({ sources: () => [PEOPLE_SOURCE], telemetry: () => null }, config, createJwksKeySource(config.jwksUrl)));
  server = await serveApp(app);
});
after(async () => {
  await server.close();
  await jwks.stop();
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { headers });
}

test('/health needs no credentials of either kind', async () => {
  assert.equal((await get('/health')).status, 200);
});

test('a local endpoint keeps the SERVICE_API_TOKEN rule and refuses a JWT', async () => {
  assert.equal((await get('/stats')).status, 401);
  assert.equal((await get('/stats', { Authorization: `Bearer ${SERVICE_TOKEN}` })).status, 200);
  const jwt = await signToken(rsa, validClaims());
  const res = await get('/stats', { Authorization: `Bearer ${jwt}` });
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('www-authenticate'), 'Bearer');
});

test('a hosted endpoint takes the JWT and refuses the service token', async () => {
  const jwt = await signToken(rsa, validClaims());
  const ok = await get('/api/sources', { Authorization: `Bearer ${jwt}` });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { sources: [PEOPLE_SOURCE] });
  const res = await get('/api/sources', { Authorization: `Bearer ${SERVICE_TOKEN}` });
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
  assert.equal((await get('/api/sources')).headers.get('www-authenticate'), 'Bearer');
});

test('CORS in front: an allowed preflight needs no token, and answers carry the origin', async () => {
  const preflight = await fetch(`${server.url}/api/sources`, {
    method: 'OPTIONS',
    headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN);
  const jwt = await signToken(rsa, validClaims());
  const res = await get('/api/v1/controller/telemetry', { Origin: ORIGIN, Authorization: `Bearer ${jwt}` });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
  assert.deepEqual(await res.json(), { available: false, source: null });
});

test('paths outside /api/ are not the hosted surface\'s business', async () => {
  const res = await get('/nowhere', { Authorization: `Bearer ${SERVICE_TOKEN}` });
  assert.equal(res.status, 404);
  assert.equal(res.headers.get('cache-control'), null);
});
