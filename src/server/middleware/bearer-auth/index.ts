/** Requires `Authorization: Bearer <token>` on every non-open request when the server has a token. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { KindredError } from '../../../errors/registry.js';
import type { OpenRoutePredicate } from '../route-table/index.js';

/**
 * Options of {@link bearerAuth}.
 *
 * @example
 * const options: BearerAuthOptions = { token: process.env.SERVICE_API_TOKEN, isOpen: openRoutes({ '/health': ['GET'] }) };
 */
export interface BearerAuthOptions {
  /** The `SERVICE_API_TOKEN` value; `undefined` or empty turns the check off. */
  token: string | undefined;
  /** Requests that never need the token (the app passes `openRoutes({ '/health': ['GET'] })`). */
  isOpen: OpenRoutePredicate;
}

/** The scheme of RFC 6750, matched case-insensitively as RFC 9110 says auth schemes are. */
const BEARER = /^Bearer +(.+)$/i;

/**
 * Refuse requests without the configured bearer token: a missing header,
 * another scheme or a wrong token all answer 401 `unauthorized` with
 * `WWW-Authenticate: Bearer`, and the message never says which of the three
 * it was nor echoes anything the client sent.
 *
 * Both sides are hashed with SHA-256 before `timingSafeEqual`, so the
 * comparison takes the same time whatever the token and its length.
 * CORS preflights never reach this middleware when `corsAllowlist` is mounted
 * before it (it answers them itself), which is the documented order.
 *
 * @example
 * const token = process.env.SERVICE_API_TOKEN;
 * app.use(bearerAuth({ token, isOpen: (method, path) => path === '/health' && (method === 'GET' || method === 'HEAD') }));
 */
export function bearerAuth(options: BearerAuthOptions): MiddlewareHandler {
  if (options.token === undefined || options.token === '') {
    return async (_c, next) => {
      await next();
    };
  }
  const expected = digest(options.token);
  const { isOpen } = options;
  return async (c, next) => {
    if (!isOpen(c.req.method, c.req.path)) {
      const presented = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
      // Hash even when nothing was presented, so a missing header costs the same as a wrong one.
      const matches = timingSafeEqual(digest(presented ?? ''), expected) && presented !== undefined;
      if (!matches) {
        throw new KindredError('unauthorized', 'a valid bearer token is required (Authorization: Bearer <token>)', undefined, {
          'WWW-Authenticate': 'Bearer',
        });
      }
    }
    await next();
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
