/** Answers 404 for unknown paths and 405 (with `Allow`) for known paths asked with the wrong method, from the declared route table. */
import type { MiddlewareHandler } from 'hono';
import { KindredError } from '../../../errors/registry.js';
import { allowHeader, allowedMethods, compileRoutes, type RouteTable } from '../route-table/index.js';

/**
 * Options of {@link methodGuard}.
 *
 * @example
 * const options: MethodGuardOptions = { routes: defineRoutes({ '/stats': ['GET'] }) };
 */
export interface MethodGuardOptions {
  /** The table from `defineRoutes`, the same one the app registers its handlers from. */
  routes: RouteTable;
}

/** Longest path echoed in a 404 message. */
const MAX_ECHOED_PATH = 200;

/**
 * Check the request against the route table before any body is read:
 * unknown path → 404 `not_found`; known path with an undeclared method → 405
 * `method_not_allowed` with `Allow` listing the methods (HEAD wherever GET is,
 * and OPTIONS). A plain `OPTIONS` (not a CORS preflight, which
 * `corsAllowlist` answers earlier) gets 204 with the same `Allow` header.
 * Hono by itself would answer a wrong method with 404, which the contract forbids.
 *
 * @example
 * app.use(methodGuard({ routes: ROUTES }));
 */
export function methodGuard(options: MethodGuardOptions): MiddlewareHandler {
  const routes = compileRoutes(options.routes);
  return async (c, next) => {
    const path = c.req.path;
    const methods = routes.methodsFor(path);
    if (methods === undefined) {
      const shown = path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}...` : path;
      throw new KindredError('not_found', `no endpoint at ${shown}`);
    }
    const method = c.req.method;
    const allow = allowHeader(methods);
    if (method === 'OPTIONS') return c.body(null, 204, { Allow: allow });
    if (!allowedMethods(methods).includes(method)) {
      throw new KindredError('method_not_allowed', `${method} is not allowed on ${path}; allowed: ${allow}`, undefined, { Allow: allow });
    }
    await next();
  };
}
