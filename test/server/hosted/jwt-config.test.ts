// Hosted-auth settings: required variables, http(s) JWKS URL, and an algorithm list that never admits none or HMAC.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readHostedAuthConfig, DEFAULT_ALGORITHMS } from '../../../src/server/hosted/jwt-config.js';
import { KindredError } from '../../../src/errors/registry.js';

const VALID = {
  AUTH_JWKS_URL: 'https://id.example.com/.well-known/jwks.json',
  AUTH_ISSUER: 'https://id.example.com/',
  AUTH_AUDIENCE: 'https://kindred.example.com',
};

function usageError(env: NodeJS.ProcessEnv): KindredError {
  try {
    readHostedAuthConfig(env);
  } catch (e) {
    assert.ok(e instanceof KindredError, `expected a KindredError, got ${String(e)}`);
    assert.equal(e.code, 'usage');
    assert.equal(e.exitCode, 2);
    return e;
  }
  assert.fail('expected readHostedAuthConfig to throw');
}

test('a complete environment gives the config with the default algorithms and 60 s tolerance', () => {
  const config = readHostedAuthConfig({ ...VALID, PATH: '/usr/bin' });
  assert.equal(config.jwksUrl.href, VALID.AUTH_JWKS_URL);
  assert.equal(config.issuer, VALID.AUTH_ISSUER);
  assert.equal(config.audience, VALID.AUTH_AUDIENCE);
  assert.deepEqual([...config.algorithms], ['RS256', 'ES256']);
  assert.deepEqual([...DEFAULT_ALGORITHMS], ['RS256', 'ES256']);
  assert.equal(config.clockToleranceSeconds, 60);
});

for (const name of ['AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE'] as const) {
  test(`missing or blank ${name} is a usage error naming it`, () => {
    const { [name]: _omitted, ...rest } = VALID;
    for (const env of [rest, { ...rest, [name]: '' }, { ...rest, [name]: '   ' }]) {
      const e = usageError(env);
      assert.ok(e.message.includes(name), e.message);
      assert.deepEqual(e.details?.map((d) => d.path), [name]);
    }
  });
}

test('every problem is reported at once', () => {
  const e = usageError({ AUTH_ALGORITHMS: 'none' });
  assert.deepEqual(e.details?.map((d) => d.path), ['AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE', 'AUTH_ALGORITHMS']);
});

test('the JWKS URL must be an http(s) URL', () => {
  for (const url of ['ftp://id.example.com/jwks.json', 'file:///etc/jwks.json', 'id.example.com/jwks.json', 'not a url']) {
    const e = usageError({ ...VALID, AUTH_JWKS_URL: url });
    assert.deepEqual(e.details?.map((d) => d.path), ['AUTH_JWKS_URL']);
  }
  assert.equal(readHostedAuthConfig({ ...VALID, AUTH_JWKS_URL: 'http://127.0.0.1:9000/jwks' }).jwksUrl.port, '9000');
});

test('"none" is refused in any spelling', () => {
  for (const list of ['none', 'RS256,none', 'NONE', ' None ']) {
    const e = usageError({ ...VALID, AUTH_ALGORITHMS: list });
    assert.ok(e.message.includes('AUTH_ALGORITHMS'), e.message);
    assert.match(e.message, /none/i);
  }
});

test('HMAC algorithms are refused', () => {
  for (const list of ['HS256', 'RS256,HS384', 'hs512']) {
    const e = usageError({ ...VALID, AUTH_ALGORITHMS: list });
    assert.ok(e.message.includes('AUTH_ALGORITHMS'), e.message);
    assert.match(e.message, /HMAC/);
  }
});

test('unknown algorithms and empty lists are refused', () => {
  usageError({ ...VALID, AUTH_ALGORITHMS: 'RS265' });
  usageError({ ...VALID, AUTH_ALGORITHMS: 'A256GCM' });
  usageError({ ...VALID, AUTH_ALGORITHMS: ' , ,' });
});

test('asymmetric algorithms are accepted, canonically spelled and de-duplicated', () => {
  const config = readHostedAuthConfig({ ...VALID, AUTH_ALGORITHMS: 'rs256, PS256 ,ES384,eddsa,RS256' });
  assert.deepEqual([...config.algorithms], ['RS256', 'PS256', 'ES384', 'EdDSA']);
  assert.deepEqual([...readHostedAuthConfig({ ...VALID, AUTH_ALGORITHMS: '' }).algorithms], ['RS256', 'ES256']);
});
