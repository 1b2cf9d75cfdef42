// When the provider's JWKS cannot be fetched, token-bearing requests get 503 auth_unavailable, and recover with it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { UnsecuredJWT } from 'jose';
import { startHosted, errorBody } from './hosted-harness.js';
import { createSigningKey, nowSeconds, signToken, validClaims, type SigningKey } from './signing-keys.js';
import type { JwksMode } from './jwks-test-server.js';

async function assertUnavailable(res: Response): Promise<void> {
  assert.equal(res.status, 503);
  assert.equal(res.headers.get('www-authenticate'), null, 'an outage is not the client\'s credentials');
  assert.equal((await errorBody(res)).code, 'auth_unavailable');
}

let rsa: SigningKey;
let rsaRotated: SigningKey;
let ec: SigningKey;
before(async () => {
  [rsa, rsaRotated, ec] = await Promise.all([
    createSigningKey('RS256', 'rsa-1'),
    createSigningKey('RS256', 'rsa-2'),
    createSigningKey('ES256', 'ec-1'),
  ]);
});

const FAILURES: JwksMode[] = ['fail', 'drop', 'malformed', 'hang'];

for (const mode of FAILURES) {
  test(`JWKS endpoint in mode "${mode}": 503 auth_unavailable, then 200 once it answers again`, async () => {
    const key = rsa;
    // A short fetch timeout so the hanging endpoint is given up on quickly; long
    // enough that the recovering endpoint's real answer always arrives in time.
    const keySource = mode === 'hang' ? { timeoutMs: 750 } : {};
    const h = await startHosted({ keys: [key.publicJwk], keySource });
    try {
      h.jwks.mode = mode;
      const token = await signToken(key, validClaims());
      await assertUnavailable(await h.request('/api/sources', { token }));
      await assertUnavailable(await h.request('/api/v1/controller/telemetry', { token }));
      assert.equal(h.jwks.fetches, 2, 'a failed fetch leaves no cooldown: each request tries again');

      h.jwks.mode = 'ok';
      assert.equal((await h.request('/api/sources', { token })).status, 200);
      assert.equal(h.jwks.fetches, 3);
    } finally {
      await h.close();
    }
  });
}

test('JWKS port closed: 503, then 200 when the provider listens again', async () => {
  const key = ec;
  const h = await startHosted({ keys: [key.publicJwk] });
  try {
    await h.jwks.stop();
    const token = await signToken(key, validClaims());
    await assertUnavailable(await h.request('/api/sources', { token }));
    await h.jwks.restart();
    assert.equal((await h.request('/api/sources', { token })).status, 200);
  } finally {
    await h.close();
  }
});

test('cached keys keep serving during an outage; only an unknown kid needs the provider', async () => {
  const key = rsa;
  const rotated = rsaRotated;
  const h = await startHosted({ keys: [key.publicJwk], keySource: { cooldownMs: 0 } });
  try {
    const token = await signToken(key, validClaims());
    assert.equal((await h.request('/api/sources', { token })).status, 200);
    h.jwks.mode = 'fail';
    assert.equal((await h.request('/api/sources', { token })).status, 200);
    // The kid may be genuinely new: we cannot tell until the provider answers.
    await assertUnavailable(await h.request('/api/sources', { token: await signToken(rotated, validClaims()) }));
  } finally {
    await h.close();
  }
});

test('requests that are refused before any key is needed still get 401 during an outage', async () => {
  const key = rsa;
  const h = await startHosted({ keys: [key.publicJwk] });
  try {
    h.jwks.mode = 'fail';
    const noToken = await h.request('/api/sources');
    assert.equal(noToken.status, 401);
    assert.equal(noToken.headers.get('www-authenticate'), 'Bearer');
    for (const token of ['garbage', new UnsecuredJWT(validClaims()).encode()]) {
      const res = await h.request('/api/sources', { token });
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
    }
    assert.equal(h.jwks.fetches, 0);
    // A well-formed token needs the key before its claims can be trusted, expired or not.
    await assertUnavailable(await h.request('/api/sources', { token: await signToken(key, validClaims({ exp: nowSeconds() - 600 })) }));
  } finally {
    await h.close();
  }
});
