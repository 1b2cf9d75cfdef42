/** The server's middleware in the one order the contract needs, so the app cannot mount them out of order. */
import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from '../bearer-auth/index.js';
import { corsAllowlist } from '../cors/index.js';
import { requireJsonContentType } from '../content-type/index.js';
import { hostCheck } from '../host-check/index.js';
import { DEFAULT_MAX_BODY_BYTES, jsonBody, type JsonBodyEnv } from '../json-body/index.js';
import { methodGuard } from '../method-guard/index.js';
import { readinessGate } from '../readiness/index.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, requestTimeout, type RequestTimeoutEnv } from '../request-timeout/index.js';
import type { OpenRoutePredicate, RouteTable } from '../route-table/index.js';

/**
 * Hono environment of an app using the whole chain: `c.var.body` and `c.var.timeout` (its `signal`).
 *
 * @example
 * const app = new Hono<ServerEnv>();
 * app.post('/match', (c) => safeJson(c, run(readJson(c), c.var.timeout.signal)));
 */
export type ServerEnv = { Variables: JsonBodyEnv['Variables'] & RequestTimeoutEnv['Variables'] };

/**
 * Everything the chain needs from the command line and environment.
 *
 * @example
 * const options: MiddlewareChainOptions = { token: undefined, corsOrigins: [], routes: ROUTES, isOpen: () => false, isReady: () => true };
 */
export interface MiddlewareChainOptions {
  /** `SERVICE_API_TOKEN`; undefined or empty means no token, which turns the Host check on. */
  token: string | undefined;
  /** From `parseCorsOrigins(process.env.SERVICE_API_CORS_ORIGINS)`. */
  corsOrigins: readonly string[];
  /** The route table the app registers its handlers from. */
  routes: RouteTable;
  /** Routes that need no token and answer before readiness (`openRoutes({ '/health': ['GET'] })`). */
  isOpen: OpenRoutePredicate;
  /** True once the initial run has finished. */
  isReady: () => boolean;
  /** `--max-body`, default 10 MiB. */
  maxBodyBytes?: number;
  /** `--request-timeout` in ms, default 120 000. */
  requestTimeoutMs?: number;
}

/**
 * The middleware of the local server, in order (docs/api-middleware.md says why):
 * CORS → Host check → bearer auth → route/method check → Content-Type →
 * body limit + JSON → readiness → timeout. Pair it with `app.onError(onError)`
 * and `app.notFound(notFound)` from `http-errors.ts`. The handlers are typed
 * for any app environment (Hono's `Context` is invariant in it); declare the
 * app as `Hono<ServerEnv>` to get `c.var.body` and `c.var.timeout` (its `signal`) typed.
 *
 * @example
 * const app = new Hono<ServerEnv>();
 * app.onError(onError);
 * app.notFound(notFound);
 * app.use(...middlewareChain({
 *   token: process.env.SERVICE_API_TOKEN,
 *   corsOrigins: parseCorsOrigins(process.env.SERVICE_API_CORS_ORIGINS),
 *   routes: ROUTES,
 *   isOpen: openRoutes({ '/health': ['GET'] }),
 *   isReady: () => state.ready,
 *   maxBodyBytes: options.maxBody,
 *   requestTimeoutMs: options.requestTimeout,
 * }));
 * app.get('/health', healthHandler);
 */
export function middlewareChain(options: MiddlewareChainOptions): MiddlewareHandler[] {
  const hasToken = options.token !== undefined && options.token !== '';
  return [
    corsAllowlist({ origins: options.corsOrigins }),
    hostCheck({ enabled: !hasToken }),
    bearerAuth({ token: options.token, isOpen: options.isOpen }),
    methodGuard({ routes: options.routes }),
    requireJsonContentType(),
    jsonBody({ maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES }),
    readinessGate({ isReady: options.isReady, isOpen: options.isOpen }),
    requestTimeout({ ms: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS }),
  ];
}
