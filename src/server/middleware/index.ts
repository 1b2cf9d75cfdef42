/** The server's HTTP middleware and error handlers, re-exported from one place for the app. */

/**
 * Everything the app needs to mount the middleware chain. Mount order and
 * rationale: docs/api-middleware.md, or use {@link middlewareChain} directly.
 *
 * @example
 * import { middlewareChain, parseCorsOrigins, defineRoutes, openRoutes, onError, notFound } from './middleware/index.js';
 */
export { bearerAuth, type BearerAuthOptions } from './bearer-auth/index.js';
export { corsAllowlist, parseCorsOrigins, CORS_ORIGINS_VARIABLE, type CorsAllowlistOptions } from './cors/index.js';
export { requireJsonContentType, hasRequestBody, isJsonMediaType } from './content-type/index.js';
export { hostCheck, isLoopbackHost, type HostCheckOptions } from './host-check/index.js';
export { jsonBody, readJson, parseJsonBody, DEFAULT_MAX_BODY_BYTES, type JsonBodyEnv, type JsonBodyOptions } from './json-body/index.js';
export { locateJsonSyntaxError, type JsonSyntaxPosition } from './json-body/locate-syntax-error.js';
export { requestTimeout, RequestDeadline, DEFAULT_REQUEST_TIMEOUT_MS, type RequestTimeoutEnv, type RequestTimeoutOptions } from './request-timeout/index.js';
export { readinessGate, type ReadinessGateOptions } from './readiness/index.js';
export { methodGuard, type MethodGuardOptions } from './method-guard/index.js';
export {
  defineRoutes,
  compileRoutes,
  allowHeader,
  allowedMethods,
  openRoutes,
  type RouteMethod,
  type RouteTable,
  type CompiledRoutes,
  type OpenRoutePredicate,
} from './route-table/index.js';
export { middlewareChain, type MiddlewareChainOptions, type ServerEnv } from './chain/index.js';
export {
  onError,
  notFound,
  errorHandler,
  safeJson,
  kindredErrorResponse,
  httpExceptionToKindred,
  INTERNAL_MESSAGE,
  type ErrorHandlerOptions,
  type ErrorLogger,
} from '../http-errors.js';
