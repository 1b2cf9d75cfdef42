/** CORS by exact-origin allowlist: echoes allowed origins, answers preflights, refuses everything else. */
import type { MiddlewareHandler } from 'hono';
import { KindredError, type Issue } from '../../../errors/registry.js';

/**
 * The environment variable the allowlist comes from, named in error messages.
 *
 * @example
 * const origins = parseCorsOrigins(process.env[CORS_ORIGINS_VARIABLE]);
 */
export const CORS_ORIGINS_VARIABLE = 'SERVICE_API_CORS_ORIGINS';

/**
 * Parse the comma-separated allowlist of `SERVICE_API_CORS_ORIGINS`: split on
 * commas, trim, drop empty entries. Each entry must be an exact `http`/`https`
 * origin (scheme, host, optional port; a single trailing `/` is tolerated) and
 * is stored in the form browsers send (`https://App.example.com:443/` →
 * `https://app.example.com`). `*`, `null`, paths, queries, credentials and
 * other schemes are refused with one `usage` error listing every bad entry.
 *
 * @example
 * parseCorsOrigins(' https://app.example.com, http://localhost:5173 ,');
 * // ['https://app.example.com', 'http://localhost:5173']
 * parseCorsOrigins(undefined); // []
 * parseCorsOrigins('*'); // throws KindredError('usage', ...)
 */
export function parseCorsOrigins(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const origins: string[] = [];
  const issues: Issue[] = [];
  entries.forEach((entry, index) => {
    const problem = originProblem(entry);
    if (problem === undefined) origins.push(new URL(entry).origin);
    else issues.push({ path: `${CORS_ORIGINS_VARIABLE}[${index}]`, message: `${JSON.stringify(entry)}: ${problem}` });
  });
  if (issues.length > 0) {
    throw new KindredError(
      'usage',
      `${CORS_ORIGINS_VARIABLE} must be a comma-separated list of exact origins such as https://app.example.com`,
      issues,
    );
  }
  return [...new Set(origins)];
}

/** Why `entry` is not an exact web origin, or `undefined` when it is one. */
function originProblem(entry: string): string | undefined {
  if (entry.includes('*')) return 'wildcards are not allowed; list each origin';
  if (entry === 'null') return 'the "null" origin would admit sandboxed and file: pages';
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return 'not a URL (expected scheme://host[:port])';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the scheme must be http or https';
  if (url.username !== '' || url.password !== '') return 'an origin has no user name or password';
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') return 'an origin has no path, query or fragment';
  if (/^[a-z]+:\/\/[^/]+\/.+/i.test(entry)) return 'an origin has no path, query or fragment';
  return undefined;
}

/**
 * Options of {@link corsAllowlist}.
 *
 * @example
 * const options: CorsAllowlistOptions = { origins: ['https://app.example.com'] };
 */
export interface CorsAllowlistOptions {
  /** Exact origins, as returned by {@link parseCorsOrigins}; empty denies every cross-origin use. */
  origins: readonly string[];
}

const ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type';
const MAX_AGE_SECONDS = '600';
/** Methods a disallowed origin may still use: they change nothing, and without CORS headers the page cannot read the answer. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CORS by exact allowlist; never `Access-Control-Allow-Origin: *`.
 *
 * - Request from an allowed `Origin`: the response (errors included, since
 *   this runs first and decorates whatever the rest of the chain answered)
 *   gets `Access-Control-Allow-Origin: <origin>` and `Vary: Origin`.
 * - Preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`)
 *   from an allowed origin: 204 with the allowed methods and headers and
 *   `Access-Control-Max-Age: 600`, answered here, so no token is needed.
 * - Preflight from any other origin: 403 `cors_denied`, no CORS headers.
 * - Non-preflight request from another origin: no CORS headers, so the
 *   browser hides the answer. Safe methods (GET, HEAD, OPTIONS) still run;
 *   state-changing ones (POST, DELETE, ...) are refused with 403
 *   `cors_denied` before they can change anything, because a page can send a
 *   "simple" cross-site POST without any preflight. Requests without an
 *   `Origin` header (curl, the client library) are not affected.
 *
 * Mount it first, so its headers reach every response, including errors.
 *
 * @example
 * const origins = parseCorsOrigins(process.env.SERVICE_API_CORS_ORIGINS);
 * app.use(corsAllowlist({ origins }));
 */
export function corsAllowlist(options: CorsAllowlistOptions): MiddlewareHandler {
  const allowed = new Set(options.origins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    // A browser sends Origin on its own page's POSTs too (the workbench at /ui/); a page of the
    // server's own origin is not cross-origin, so it is served like a request without Origin: no CORS
    // headers, nothing allowed to anyone else. A DNS-rebinding page would match here as well, which is
    // why the Host check (before auth, without a token) refuses any Host that is not loopback.
    if (origin === undefined || isSameOrigin(origin, c.req.url)) {
      await next();
      return;
    }
    const isAllowed = allowed.has(origin);
    const isPreflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (!isAllowed) {
      if (isPreflight) throw new KindredError('cors_denied', `origin ${truncate(origin)} is not allowed by ${CORS_ORIGINS_VARIABLE}`);
      if (!SAFE_METHODS.has(c.req.method)) {
        throw new KindredError('cors_denied', `cross-origin ${c.req.method} from ${truncate(origin)} is refused; the origin is not allowed by ${CORS_ORIGINS_VARIABLE}`);
      }
      await next();
      return;
    }
    if (isPreflight) {
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': ALLOW_METHODS,
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Max-Age': MAX_AGE_SECONDS,
        Vary: 'Origin',
      });
    }
    await next();
    c.header('Access-Control-Allow-Origin', origin);
    const vary = c.res.headers.get('vary');
    if (!vary?.split(',').some((v) => v.trim().toLowerCase() === 'origin')) c.header('Vary', 'Origin', { append: true });
  };
}

/** Bound what a client-controlled header can add to a message. */
/** Whether `origin` is the origin of the request URL (scheme, host and port as the client addressed the server). */
function isSameOrigin(origin: string, requestUrl: string): boolean {
  try {
    return new URL(requestUrl).origin === origin.toLowerCase();
  } catch {
    return false;
  }
}

function truncate(value: string): string {
  return value.length > 100 ? `${JSON.stringify(value.slice(0, 100))}...` : JSON.stringify(value);
}
