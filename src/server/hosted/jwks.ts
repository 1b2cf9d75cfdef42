// The identity provider's signing keys: a cached remote JWKS that tells "key unknown" from "provider down".
import { createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';
import { KindredError } from '../../errors/registry.js';

/**
 * Resolves the verification key for a token's protected header. A failure
 * that is the token's fault (no key with its `kid`/`alg`) is rethrown as the
 * jose error; a failure to obtain the key set at all is thrown as
 * `KindredError('auth_unavailable')`.
 *
 * @example
 * const source: KeySource = createJwksKeySource(new URL('https://id.example.com/jwks.json'));
 * await jwtVerify(token, source.resolve, { algorithms: ['RS256'] });
 */
export interface KeySource {
  resolve: JWTVerifyGetKey;
}

/**
 * Fetch and cache tuning; the defaults suit production, tests shorten them.
 *
 * @example
 * const options: JwksKeySourceOptions = { timeoutMs: 200, cooldownMs: 0 };
 */
export interface JwksKeySourceOptions {
  /** Abort a JWKS request after this long (the request then answers 503). */
  timeoutMs?: number;
  /** After a successful fetch, an unknown `kid` triggers no new fetch for this long. */
  cooldownMs?: number;
  /** Refetch the key set once it is this old, even when every `kid` is known. */
  cacheMaxAgeMs?: number;
}

/**
 * Production defaults: 5 s fetch timeout, at most one unknown-`kid` refresh per
 * 30 s (the contract's rate limit), keys kept for 10 minutes.
 *
 * @example
 * JWKS_DEFAULTS.cooldownMs; // 30000
 */
export const JWKS_DEFAULTS = { timeoutMs: 5_000, cooldownMs: 30_000, cacheMaxAgeMs: 600_000 } as const;

/**
 * True when a key-resolution error means the token names no usable key (→ 401),
 * false when the key set itself could not be obtained or used (→ 503).
 *
 * @example
 * isTokenKeyError(new errors.JWKSNoMatchingKey()); // true
 * isTokenKeyError(new errors.JWKSTimeout());       // false
 */
export function isTokenKeyError(e: unknown): boolean {
  return (
    e instanceof errors.JWKSNoMatchingKey ||
    e instanceof errors.JWKSMultipleMatchingKeys ||
    e instanceof errors.JOSENotSupported
  );
}

function unavailableReason(e: unknown): string {
  if (e instanceof errors.JWKSTimeout) return 'the key set request timed out';
  if (e instanceof errors.JWKSInvalid) return 'the key set is malformed';
  if (e instanceof errors.JOSEError) return 'the key set endpoint did not answer with a usable key set';
  return 'the key set endpoint could not be reached';
}

/**
 * A key source backed by jose's remote JWKS: fetched on first use, cached,
 * refreshed when a token names an unknown `kid` (at most once per cooldown),
 * concurrent refreshes shared. A fetch that fails leaves no cooldown behind, so
 * the first request after the provider comes back fetches again and succeeds.
 *
 * @example
 * const keys = createJwksKeySource(config.jwksUrl);
 * const app = createHostedApp(deps, config, keys);
 */
export function createJwksKeySource(jwksUrl: URL, options: JwksKeySourceOptions = {}): KeySource {
  const remote = createRemoteJWKSet(jwksUrl, {
    timeoutDuration: options.timeoutMs ?? JWKS_DEFAULTS.timeoutMs,
    cooldownDuration: options.cooldownMs ?? JWKS_DEFAULTS.cooldownMs,
    cacheMaxAge: options.cacheMaxAgeMs ?? JWKS_DEFAULTS.cacheMaxAgeMs,
  });
  const resolve: JWTVerifyGetKey = async (protectedHeader, token) => {
    try {
      return await remote(protectedHeader, token);
    } catch (e) {
      // Rethrow the original object: jwtVerify iterates JWKSMultipleMatchingKeys itself.
      if (isTokenKeyError(e)) throw e;
      throw new KindredError(
        'auth_unavailable',
        `the identity provider's signing keys are unavailable (${unavailableReason(e)}); try again later`,
      );
    }
  };
  return { resolve };
}
