// During start-up the hosted endpoints answer 503 not_ready like the local ones (API.md 2.1), but only after the JWT is checked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHosted, errorBody, PEOPLE_SOURCE, type HostedHarness } from './hosted-harness.js';
import { createSigningKey, signToken, validClaims, type SigningKey } from './signing-keys.js';

let rsa: SigningKey;
let h: HostedHarness;
let ready = false;

before(async () => {
  rsa = await createSigningKey('RS256', 'rsa-1');
  h = await startHosted({
    keys: [rsa.publicJwk],
    deps: { sources: () => [PEOPLE_SOURCE], telemetry: () => ({ available: true, source: 'rest_autoconfig' }), isReady: () => ready },
  });
});
after(() => h.close());

const PATHS = ['/api/sources', `/api/sources/${PEOPLE_SOURCE.id}`, '/api/v1/controller/telemetry'];

test('while not ready: a valid token gets 503 not_ready on every hosted path; no token still gets 401 first', async () => {
  ready = false;
  const token = await signToken(rsa, validClaims());
  for (const path of PATHS) {
    const res = await h.request(path, { token });
    assert.equal(res.status, 503, path);
    assert.equal((await errorBody(res)).code, 'not_ready', path);
    const anonymous = await h.request(path);
    assert.equal(anonymous.status, 401, `${path} without a token`);
  }
});

test('once ready the same requests answer 200', async () => {
  ready = true;
  const token = await signToken(rsa, validClaims());
  for (const path of PATHS) assert.equal((await h.request(path, { token })).status, 200, path);
});
