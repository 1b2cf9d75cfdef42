// The provider rotates keys: new kids are picked up by a refresh, and unknown-kid refreshes are rate-limited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startHosted } from './hosted-harness.js';
import { createSigningKey, signToken, validClaims } from './signing-keys.js';

test('a new key published under a new kid is fetched on first sight, and a retired one stops working', async () => {
  const oldKey = await createSigningKey('RS256', 'rsa-2025');
  const newKey = await createSigningKey('ES256', 'ec-2026');
  const h = await startHosted({ keys: [oldKey.publicJwk], keySource: { cooldownMs: 0 } });
  try {
    const oldToken = await signToken(oldKey, validClaims());
    assert.equal((await h.request('/api/sources', { token: oldToken })).status, 200);
    assert.equal(h.jwks.fetches, 1);
    // Cached: a second request with a known kid fetches nothing.
    assert.equal((await h.request('/api/sources', { token: oldToken })).status, 200);
    assert.equal(h.jwks.fetches, 1);

    h.jwks.keys = [newKey.publicJwk];
    const newToken = await signToken(newKey, validClaims());
    assert.equal((await h.request('/api/sources', { token: newToken })).status, 200);
    assert.equal(h.jwks.fetches, 2, 'the unknown kid triggered exactly one refresh');

    // The refreshed set no longer holds the old key.
    const res = await h.request('/api/sources', { token: oldToken });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
  } finally {
    await h.close();
  }
});

test('unknown kids trigger at most one refresh per 30 s cooldown', async (t) => {
  const current = await createSigningKey('RS256', 'rsa-current');
  const next = await createSigningKey('ES256', 'ec-next');
  const stranger = await createSigningKey('ES256', 'ec-stranger');
  // Production cooldown (30 s): only the clock is simulated, so the window is the real one.
  const h = await startHosted({ keys: [current.publicJwk] });
  try {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    assert.equal((await h.request('/api/sources', { token: await signToken(current, validClaims()) })).status, 200);
    assert.equal(h.jwks.fetches, 1);

    h.jwks.keys = [current.publicJwk, next.publicJwk];
    const nextToken = await signToken(next, validClaims());
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await h.request('/api/sources', { token: nextToken })).status, 401);
      assert.equal((await h.request('/api/sources', { token: await signToken(stranger, validClaims(), `random-${i}`) })).status, 401);
    }
    assert.equal(h.jwks.fetches, 1, 'no refresh inside the cooldown, however many unknown kids arrive');

    t.mock.timers.tick(29_000);
    assert.equal((await h.request('/api/sources', { token: nextToken })).status, 401);
    assert.equal(h.jwks.fetches, 1);

    t.mock.timers.tick(1_500);
    assert.equal((await h.request('/api/sources', { token: nextToken })).status, 200);
    assert.equal(h.jwks.fetches, 2, 'one refresh once the cooldown has passed');

    // The refresh starts a new cooldown.
    assert.equal((await h.request('/api/sources', { token: await signToken(stranger, validClaims()) })).status, 401);
    assert.equal(h.jwks.fetches, 2);
  } finally {
    t.mock.timers.reset();
    await h.close();
  }
});

test('concurrent requests with a new kid share one refresh', async () => {
  const first = await createSigningKey('ES256', 'ec-a');
  const second = await createSigningKey('ES256', 'ec-b');
  const h = await startHosted({ keys: [first.publicJwk], keySource: { cooldownMs: 0 } });
  try {
    assert.equal((await h.request('/api/sources', { token: await signToken(first, validClaims()) })).status, 200);
    h.jwks.keys = [first.publicJwk, second.publicJwk];
    const token = await signToken(second, validClaims());
    const statuses = await Promise.all(Array.from({ length: 8 }, () => h.request('/api/sources', { token }).then((r) => r.status)));
    assert.deepEqual(statuses, Array(8).fill(200));
    assert.equal(h.jwks.fetches, 2);
  } finally {
    await h.close();
  }
});
