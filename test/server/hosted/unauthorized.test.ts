// Every way a request can fail authentication on the hosted surface answers 401 with the right challenge.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT, UnsecuredJWT, exportSPKI, exportJWK } from 'jose';
import { startHosted, errorBody, type HostedHarness } from './hosted-harness.js';
import { createSigningKey, nowSeconds, signToken, validClaims, TEST_AUDIENCE, type SigningKey } from './signing-keys.js';

let h: HostedHarness;
let rsa: SigningKey;
let ec: SigningKey;
let unpublished: SigningKey;

before(async () => {
  rsa = await createSigningKey('RS256', 'rsa-1');
  ec = await createSigningKey('ES256', 'ec-1');
  unpublished = await createSigningKey('RS256', 'rsa-unpublished');
  h = await startHosted({ keys: [rsa.publicJwk, ec.publicJwk] });
});
after(async () => {
  await h.close();
});

async function assertNoTokenChallenge(res: Response): Promise<void> {
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('www-authenticate'), 'Bearer');
  assert.equal((await errorBody(res)).code, 'unauthorized');
}

async function assertRejected(token: string, path = '/api/sources'): Promise<string> {
  const res = await h.request(path, { token });
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
  const text = await res.text();
  assert.ok(!text.includes(token), 'the token is never echoed');
  const body: { error: { code: string; message: string } } = JSON.parse(text);
  assert.equal(body.error.code, 'unauthorized');
  return body.error.message;
}

test('a valid token is accepted (control for the cases below)', async () => {
  const res = await h.request('/api/sources', { token: await signToken(rsa, validClaims()) });
  assert.equal(res.status, 200);
});

test('no Authorization header: 401 with exactly "WWW-Authenticate: Bearer"', async () => {
  await assertNoTokenChallenge(await h.request('/api/sources'));
  await assertNoTokenChallenge(await h.request('/api/v1/controller/telemetry'));
  await assertNoTokenChallenge(await h.request('/api/sources/9b1f0c2e7a'));
});

test('another scheme, or an empty Bearer: 401 with the plain challenge (no bearer token was sent)', async () => {
  const jwt = await signToken(rsa, validClaims());
  await assertNoTokenChallenge(await h.request('/api/sources', { authorization: 'Basic dXNlcjpwYXNz' }));
  await assertNoTokenChallenge(await h.request('/api/sources', { authorization: `Token ${jwt}` }));
  await assertNoTokenChallenge(await h.request('/api/sources', { authorization: `Bearer${jwt}` }));
  await assertNoTokenChallenge(await h.request('/api/sources', { authorization: 'Bearer' }));
});

test('unknown /api paths also need a token before anything else', async () => {
  await assertNoTokenChallenge(await h.request('/api/does-not-exist'));
});

test('not a JWT', async () => {
  for (const junk of ['not-a-jwt', 'a.b.c', 'eyJhbGciOiJSUzI1NiJ9.e30', '...', 'eyJ.eyJ.eyJ', 'a b']) {
    await assertRejected(junk);
  }
});

test('bad signature: payload altered after signing', async () => {
  const [header, , signature] = (await signToken(rsa, validClaims({ permissions: [] }))).split('.');
  const forgedPayload = Buffer.from(JSON.stringify(validClaims())).toString('base64url');
  assert.match(await assertRejected(`${header}.${forgedPayload}.${signature}`), /signature/);
});

test('bad signature: signed by another key under a published kid', async () => {
  assert.match(await assertRejected(await signToken(unpublished, validClaims(), rsa.kid)), /signature/);
});

test('unknown key: a kid the JWKS does not hold', async () => {
  assert.match(await assertRejected(await signToken(unpublished, validClaims())), /unknown key/);
});

test('alg "none": an unsigned token', async () => {
  const unsigned = new UnsecuredJWT(validClaims()).encode();
  assert.match(await assertRejected(unsigned), /algorithm/);
  // The same with a signature part appended and the kid of a real key.
  const header = Buffer.from(JSON.stringify({ alg: 'none', kid: rsa.kid })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(validClaims())).toString('base64url');
  await assertRejected(`${header}.${payload}.c2ln`);
});

test('HS256 "signed" with the RSA public key (algorithm confusion) is refused', async () => {
  const pem = await exportSPKI(rsa.publicKey);
  const jwkText = JSON.stringify(await exportJWK(rsa.publicKey));
  for (const secretText of [pem, pem.trim(), jwkText]) {
    const secret = new TextEncoder().encode(secretText);
    const forged = await new SignJWT(validClaims()).setProtectedHeader({ alg: 'HS256', kid: rsa.kid, typ: 'JWT' }).sign(secret);
    assert.match(await assertRejected(forged), /algorithm/);
  }
});

test('other HMAC algorithms are refused too', async () => {
  const secret = new TextEncoder().encode('x'.repeat(64));
  for (const alg of ['HS384', 'HS512']) {
    const forged = await new SignJWT(validClaims()).setProtectedHeader({ alg, kid: rsa.kid }).sign(secret);
    await assertRejected(forged);
  }
});

test('wrong issuer', async () => {
  assert.match(await assertRejected(await signToken(rsa, validClaims({ iss: 'https://evil.test.invalid/' }))), /issuer/);
  // Exact match: a missing trailing slash is another issuer.
  await assertRejected(await signToken(rsa, validClaims({ iss: 'https://id.test.invalid' })));
  await assertRejected(await signToken(rsa, validClaims({ iss: undefined })));
});

test('wrong audience', async () => {
  assert.match(await assertRejected(await signToken(rsa, validClaims({ aud: 'https://other.test.invalid' }))), /audience/);
  await assertRejected(await signToken(rsa, validClaims({ aud: ['https://a.test.invalid', 'https://b.test.invalid'] })));
  await assertRejected(await signToken(rsa, validClaims({ aud: undefined })));
});

test('an audience array that contains the audience is accepted', async () => {
  const token = await signToken(rsa, validClaims({ aud: ['https://other.test.invalid', TEST_AUDIENCE] }));
  assert.equal((await h.request('/api/sources', { token })).status, 200);
});

test('expired, beyond the 60 s tolerance', async () => {
  const now = nowSeconds();
  assert.match(await assertRejected(await signToken(rsa, validClaims({ iat: now - 3600, exp: now - 120 }))), /expired/);
});

test('expired within the 60 s tolerance is still accepted', async () => {
  const now = nowSeconds();
  const token = await signToken(rsa, validClaims({ iat: now - 3600, exp: now - 20 }));
  assert.equal((await h.request('/api/sources', { token })).status, 200);
});

test('not yet valid, beyond the 60 s tolerance', async () => {
  assert.match(await assertRejected(await signToken(rsa, validClaims({ nbf: nowSeconds() + 300 }))), /not valid yet/);
});

test('not yet valid within the 60 s tolerance is accepted', async () => {
  const token = await signToken(rsa, validClaims({ nbf: nowSeconds() + 20 }));
  assert.equal((await h.request('/api/sources', { token })).status, 200);
});

test('missing, empty or non-string sub', async () => {
  assert.match(await assertRejected(await signToken(rsa, validClaims({ sub: undefined }))), /"sub"/);
  await assertRejected(await signToken(rsa, validClaims({ sub: '' })));
  await assertRejected(await signToken(rsa, validClaims({ sub: 42 })));
});

test('a token without exp is refused (access tokens must expire)', async () => {
  assert.match(await assertRejected(await signToken(rsa, validClaims({ exp: undefined }))), /"exp"/);
});

test('an EC (ES256) token fails the same checks as an RSA one', async () => {
  const now = nowSeconds();
  await assertRejected(await signToken(ec, validClaims({ exp: now - 120 })));
  await assertRejected(await signToken(ec, validClaims({ iss: 'https://evil.test.invalid/' })));
  // The EC key's kid with an RSA signature: no key of that kid fits RS256.
  await assertRejected(await signToken(rsa, validClaims(), ec.kid));
});

test('every endpoint rejects the same way', async () => {
  const expired = await signToken(rsa, validClaims({ exp: nowSeconds() - 120 }));
  await assertRejected(expired, '/api/sources/9b1f0c2e7a');
  await assertRejected(expired, '/api/v1/controller/telemetry');
  await assertRejected(expired, '/api/unknown');
});
