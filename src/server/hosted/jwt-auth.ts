// Verifies identity-provider JWTs on the hosted surface and checks the permissions they grant.
import { errors, jwtVerify, type JWTPayload } from 'jose';
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import { KindredError, isKindredError } from '../../errors/registry.js';
import type { HostedAuthConfig } from './jwt-config.js';
import type { KeySource } from './jwks.js';
import { readBearerHeader } from './bearer-header.js';
import { permissionsOf } from './permissions.js';

/**
 * Who a verified token speaks for.
 *
 * @example
 * const who: Principal = { subject: 'auth0|42', claims: { sub: 'auth0|42' }, permissions: new Set(['sources:read']) };
 */
export interface Principal {
  /** The token's `sub`. */
  subject: string;
  /** The verified claims set. */
  claims: JWTPayload;
  /** Union of the `permissions` and `scope` claims. */
  permissions: ReadonlySet<string>;
}

/**
 * Hono environment of the hosted surface: `c.get('principal')` after {@link jwtAuth}.
 *
 * @example
 * const app = new Hono<HostedEnv>();
 * app.get('/api/me', (c) => c.json({ sub: c.get('principal').subject }));
 */
export type HostedEnv = { Variables: { principal: Principal } };

/**
 * The challenge for a request that sent no bearer token at all.
 *
 * @example
 * res.headers.get('WWW-Authenticate') === CHALLENGE_NO_TOKEN;
 */
export const CHALLENGE_NO_TOKEN = 'Bearer';

/**
 * The challenge for a request whose bearer token was rejected.
 *
 * @example
 * res.headers.get('WWW-Authenticate') === CHALLENGE_INVALID_TOKEN;
 */
export const CHALLENGE_INVALID_TOKEN = 'Bearer error="invalid_token"';

function invalidToken(message: string): KindredError {
  return new KindredError('unauthorized', message, undefined, { 'WWW-Authenticate': CHALLENGE_INVALID_TOKEN });
}

// Says which check failed without echoing the token or its claim values.
function rejectionMessage(e: unknown): string {
  if (e instanceof errors.JWTExpired) return 'the token has expired';
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.reason === 'missing') return `the token has no "${e.claim}" claim`;
    if (e.claim === 'iss') return 'the token was not issued by the expected issuer';
    if (e.claim === 'aud') return 'the token is not meant for this audience';
    if (e.claim === 'nbf') return 'the token is not valid yet';
    return `the token's "${e.claim}" claim is invalid`;
  }
  if (e instanceof errors.JOSEAlgNotAllowed || e instanceof errors.JOSENotSupported) {
    return "the token's signing algorithm is not accepted";
  }
  if (e instanceof errors.JWKSNoMatchingKey) return 'the token was signed with an unknown key';
  if (e instanceof errors.JWSSignatureVerificationFailed) return "the token's signature is invalid";
  if (e instanceof errors.JWSInvalid || e instanceof errors.JWTInvalid) return 'the bearer token is not a valid JWT';
  return 'the bearer token is invalid';
}

/**
 * Verifies a compact JWT against the configuration: signature by a key of the
 * key source, an allowed algorithm, exact `iss`, `aud` containing the audience,
 * `exp` (required: access tokens must be short-lived) and `nbf` with the clock
 * tolerance, and a non-empty string `sub`. Throws `unauthorized` (with the
 * `invalid_token` challenge) for any fault of the token, and lets
 * `auth_unavailable` through when the keys cannot be obtained.
 *
 * @example
 * const principal = await verifyAccessToken(token, config, keySource);
 * principal.permissions.has('sources:read');
 */
export async function verifyAccessToken(
  token: string,
  config: HostedAuthConfig,
  keySource: KeySource,
): Promise<Principal> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySource.resolve, {
      algorithms: [...config.algorithms],
      issuer: config.issuer,
      audience: config.audience,
      clockTolerance: config.clockToleranceSeconds,
      requiredClaims: ['sub', 'exp'],
    }));
  } catch (e) {
    if (isKindredError(e)) throw e;
    // Anything else came from parsing or checking attacker-supplied input: the token is not acceptable.
    throw invalidToken(rejectionMessage(e));
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') {
    throw invalidToken('the token has no subject ("sub" claim)');
  }
  return { subject: payload.sub, claims: payload, permissions: permissionsOf(payload) };
}

// A CORS preflight never carries credentials (Fetch standard), so it cannot be authenticated;
// the contract exempts it and leaves it to the CORS layer.
function isPreflight(method: string, accessControlRequestMethod: string | undefined): boolean {
  return method === 'OPTIONS' && accessControlRequestMethod !== undefined;
}

/**
 * Middleware that requires a valid bearer JWT and stores the {@link Principal}
 * as `c.get('principal')`. No token → 401 with `WWW-Authenticate: Bearer`;
 * a rejected token → 401 with `Bearer error="invalid_token"`; keys unavailable
 * → 503 `auth_unavailable`. Errors are thrown as `KindredError` for the app's
 * error handler.
 *
 * @example
 * app.use('/api/*', jwtAuth(config, createJwksKeySource(config.jwksUrl)));
 */
export function jwtAuth(config: HostedAuthConfig, keySource: KeySource): MiddlewareHandler<HostedEnv> {
  return createMiddleware<HostedEnv>(async (c, next) => {
    if (isPreflight(c.req.method, c.req.header('Access-Control-Request-Method'))) {
      await next();
      return;
    }
    const header = readBearerHeader(c.req.header('Authorization'));
    if (header.kind === 'absent') {
      throw new KindredError('unauthorized', header.reason, undefined, { 'WWW-Authenticate': CHALLENGE_NO_TOKEN });
    }
    c.set('principal', await verifyAccessToken(header.token, config, keySource));
    await next();
  });
}

/**
 * Middleware that answers 403 `forbidden` unless the authenticated principal
 * holds `name`. Must run after {@link jwtAuth}.
 *
 * @example
 * app.get('/api/sources', requirePermission('sources:read'), (c) => c.json({ sources: [] }));
 */
export function requirePermission(name: string): MiddlewareHandler<HostedEnv> {
  return createMiddleware<HostedEnv>(async (c, next) => {
    const principal: Principal | undefined = c.get('principal');
    if (principal === undefined) {
      // Wiring bug (no jwtAuth in front): fail closed rather than serve.
      throw new KindredError('unauthorized', 'authentication is required', undefined, {
        'WWW-Authenticate': CHALLENGE_NO_TOKEN,
      });
    }
    if (!principal.permissions.has(name)) {
      throw new KindredError('forbidden', `this request needs the "${name}" permission, which the token does not grant`, undefined, {
        'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${name}"`,
      });
    }
    await next();
  });
}
