/** Answers 503 `not_ready` on every non-open route until the initial matching run has finished. */
import type { MiddlewareHandler } from 'hono';
import { KindredError } from '../../../errors/registry.js';
import type { OpenRoutePredicate } from '../route-table/index.js';

/**
 * Options of {@link readinessGate}.
 *
 * @example
 * const options: ReadinessGateOptions = { isReady: () => state.ready, isOpen: openRoutes({ '/health': ['GET'] }) };
 */
export interface ReadinessGateOptions {
  /** True once results are populated (and saved edits re-applied). Called on every request. */
  isReady: () => boolean;
  /** Routes that answer while not ready (the app passes `GET /health`, which reports the state itself). */
  isOpen: OpenRoutePredicate;
}

/**
 * While `isReady()` is false, refuse every non-open request with 503
 * `not_ready`. Mount it after `bearerAuth` (and the other checks): the
 * contract says authentication is still checked first, so an unauthenticated
 * client learns nothing, not even whether the server is ready.
 *
 * @example
 * const state = { ready: false };
 * app.use(readinessGate({ isReady: () => state.ready, isOpen: (m, p) => p === '/health' && (m === 'GET' || m === 'HEAD') }));
 */
export function readinessGate(options: ReadinessGateOptions): MiddlewareHandler {
  const { isReady, isOpen } = options;
  return async (c, next) => {
    if (!isReady() && !isOpen(c.req.method, c.req.path)) {
      throw new KindredError('not_ready', 'the initial matching run has not finished yet; retry when GET /health reports "ready": true');
    }
    await next();
  };
}
