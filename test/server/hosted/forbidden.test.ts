// A valid token without the endpoint's permission gets 403; permissions come from `permissions` or `scope`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHosted, errorBody, type HostedHarness } from './hosted-harness.js';
import { createSigningKey, signToken, validClaims, type SigningKey } from './signing-keys.js';

let h: HostedHarness;
let rsa: SigningKey;
let ec: SigningKey;

before(async () => {
  rsa = await createSigningKey('RS256', 'rsa-1');
  ec = await createSigningKey('ES256', 'ec-1');
  h = await startHosted({ keys: [rsa.publicJwk, ec.publicJwk] });
});
after(async () => {
  await h.close();
});

const ENDPOINTS = [
  { path: '/api/sources', permission: 'sources:read' },
  { path: '/api/sources/9b1f0c2e7a', permission: 'sources:read' },
  { path: '/api/v1/controller/telemetry', permission: 'telemetry:read' },
] as const;

async function status(path: string, claims: Record<string, unknown>, key: SigningKey = rsa): Promise<Response> {
  return h.request(path, { token: await signToken(key, validClaims({ permissions: undefined, ...claims })) });
}

async function assertForbidden(res: Response, permission: string): Promise<void> {
  assert.equal(res.status, 403);
  const { code, message } = await errorBody(res);
  assert.equal(code, 'forbidden');
  assert.ok(message.includes(permission), `message names ${permission}: ${message}`);
}

for (const { path, permission } of ENDPOINTS) {
  const other = permission === 'sources:read' ? 'telemetry:read' : 'sources:read';

  test(`${path}: 403 when the permissions claim lacks ${permission}`, async () => {
    await assertForbidden(await status(path, { permissions: [other, 'sources:write'] }), permission);
    await assertForbidden(await status(path, { permissions: [] }), permission);
    await assertForbidden(await status(path, { permissions: [other] }, ec), permission);
  });

  test(`${path}: 403 when the scope claim lacks ${permission}`, async () => {
    await assertForbidden(await status(path, { scope: `openid profile ${other}` }), permission);
    // A near miss is not the permission.
    await assertForbidden(await status(path, { scope: `${permission}s ${permission.toUpperCase()}` }), permission);
  });

  test(`${path}: 403 with no permission claim at all, or one of the wrong type`, async () => {
    await assertForbidden(await status(path, {}), permission);
    await assertForbidden(await status(path, { permissions: permission }), permission);
    await assertForbidden(await status(path, { scope: [permission] }), permission);
  });

  test(`${path}: 200 when the permissions array grants ${permission}`, async () => {
    assert.equal((await status(path, { permissions: [permission] })).status, 200);
    assert.equal((await status(path, { permissions: [permission] }, ec)).status, 200);
  });

  test(`${path}: 200 when the scope string grants ${permission}`, async () => {
    assert.equal((await status(path, { scope: `openid  ${permission} offline_access` })).status, 200);
    assert.equal((await status(path, { scope: permission }, ec)).status, 200);
  });
}

test('the two claims are united', async () => {
  const claims = { permissions: ['sources:read'], scope: 'telemetry:read' };
  assert.equal((await status('/api/sources', claims)).status, 200);
  assert.equal((await status('/api/v1/controller/telemetry', claims)).status, 200);
});

test('a 403 carries the insufficient_scope challenge, not invalid_token', async () => {
  const res = await status('/api/sources', { permissions: ['telemetry:read'] });
  assert.equal(res.status, 403);
  assert.equal(res.headers.get('www-authenticate'), 'Bearer error="insufficient_scope", scope="sources:read"');
});
