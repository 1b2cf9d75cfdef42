// Locally generated identity-provider keys and the tokens they sign, for hosted-surface tests.
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/**
 * Issuer every test token carries unless told otherwise.
 *
 * @example
 * readHostedAuthConfig({ AUTH_ISSUER: TEST_ISSUER, ... });
 */
export const TEST_ISSUER = 'https://id.test.invalid/';
/**
 * Audience every test token carries unless told otherwise.
 *
 * @example
 * validClaims({ aud: ['other', TEST_AUDIENCE] });
 */
export const TEST_AUDIENCE = 'https://kindred.test.invalid';

/**
 * A provider signing key: the private half signs, the public JWK is published.
 *
 * @example
 * const rsa = await createSigningKey('RS256', 'rsa-1');
 */
export interface SigningKey {
  alg: 'RS256' | 'ES256';
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Generates an RSA (RS256) or EC P-256 (ES256) key pair and its published JWK.
 *
 * @example
 * const ec = await createSigningKey('ES256', 'ec-1');
 * jwks.keys = [ec.publicJwk];
 */
export async function createSigningKey(alg: 'RS256' | 'ES256', kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { alg, kid, privateKey, publicKey, publicJwk };
}

/**
 * Seconds since the epoch, as JWT time claims count.
 *
 * @example
 * validClaims({ exp: nowSeconds() - 120 }); // expired beyond the tolerance
 */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Claims of a valid access token (every permission, ten minutes left);
 * `overrides` replace or, when `undefined`, remove claims.
 *
 * @example
 * validClaims({ sub: undefined }); // no "sub"
 */
export function validClaims(overrides: Record<string, unknown> = {}): JWTPayload {
  const now = nowSeconds();
  const claims: Record<string, unknown> = {
    iss: TEST_ISSUER,
    aud: TEST_AUDIENCE,
    sub: 'user-1',
    iat: now,
    exp: now + 600,
    permissions: ['sources:read', 'telemetry:read'],
  };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete claims[k];
    else claims[k] = v;
  }
  return claims as JWTPayload;
}

/**
 * Signs `claims` with `key`, its `alg` and (unless `kid` is given, or null to omit it) its `kid`.
 *
 * @example
 * const token = await signToken(rsa, validClaims({ exp: nowSeconds() - 3600 }));
 */
export async function signToken(key: SigningKey, claims: JWTPayload, kid: string | null = key.kid): Promise<string> {
  const header = kid === null ? { alg: key.alg, typ: 'JWT' } : { alg: key.alg, typ: 'JWT', kid };
  return new SignJWT(claims).setProtectedHeader(header).sign(key.privateKey);
}
