/** The server's routes declared once: path patterns with their methods, matched without Hono's router. */
import { KindredError } from '../../../errors/registry.js';

/**
 * Methods a route may declare. HEAD and OPTIONS are implied, never declared.
 *
 * @example
 * const methods: RouteMethod[] = ['GET', 'DELETE'];
 */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Path pattern (`/clusters/:id`) → the methods it serves.
 *
 * @example
 * const table: RouteTable = { '/clusters/:id': ['GET'], '/shatter': ['POST'] };
 */
export type RouteTable = Readonly<Record<string, readonly RouteMethod[]>>;

/**
 * Says whether a request (method as sent, path without query) is on an open route.
 *
 * @example
 * const isOpen: OpenRoutePredicate = (method, path) => method === 'GET' && path === '/health';
 */
export type OpenRoutePredicate = (method: string, path: string) => boolean;

const LITERAL_SEGMENT = /^[A-Za-z0-9._~-]+$/;
const PARAM_SEGMENT = /^:[A-Za-z_][A-Za-z0-9_]*$/;
const METHODS: ReadonlySet<string> = new Set<RouteMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Declare the route table once; the app registers its handlers from it and
 * gives it to `methodGuard`. Patterns are `/`-separated literal segments or
 * `:name` parameters (one non-empty segment each), with an optional trailing
 * slash that makes a route of its own (`/ui/` is not `/ui`); matching is
 * exact, with no trailing-slash folding, like Hono's default router. A malformed table is a
 * programming error and throws `internal` at start-up.
 *
 * @example
 * export const ROUTES = defineRoutes({
 *   '/health': ['GET'],
 *   '/clusters/:id': ['GET'],
 *   '/reviews/decide': ['POST'],
 * });
 */
export function defineRoutes<const T extends RouteTable>(table: T): T {
  for (const [pattern, methods] of Object.entries(table)) {
    const segments = pattern.split('/').slice(1);
    // A trailing slash (`/ui/`) is an empty last segment: its own route, distinct from `/ui`.
    const named = pattern.length > 1 && pattern.endsWith('/') ? segments.slice(0, -1) : segments;
    const badSegment = named.find((s) => !(LITERAL_SEGMENT.test(s) || PARAM_SEGMENT.test(s)));
    if (!pattern.startsWith('/') || (pattern !== '/' && badSegment !== undefined)) {
      throw new KindredError('internal', `route pattern ${JSON.stringify(pattern)} is malformed`);
    }
    if (methods.length === 0 || methods.some((m) => !METHODS.has(m)) || new Set(methods).size !== methods.length) {
      throw new KindredError('internal', `route ${pattern} must list distinct methods among ${[...METHODS].join(', ')}`);
    }
  }
  return Object.freeze({ ...table });
}

/**
 * A route table ready for matching request paths.
 *
 * @example
 * const routes: CompiledRoutes = compileRoutes(ROUTES);
 * routes.methodsFor('/clusters/3'); // ['GET']
 */
export interface CompiledRoutes {
  /** Every method a path is served with (the union over matching patterns), or `undefined` for an unknown path. */
  methodsFor(path: string): readonly RouteMethod[] | undefined;
}

/**
 * Compile a table for matching. A path that fits several patterns
 * (`/clusters/:id` and `/clusters/stats`) gets the union of their methods.
 *
 * @example
 * const routes = compileRoutes(ROUTES);
 * routes.methodsFor('/clusters/17'); // ['GET']
 * routes.methodsFor('/nope');        // undefined
 */
export function compileRoutes(table: RouteTable): CompiledRoutes {
  const compiled = Object.entries(table).map(([pattern, methods]) => ({
    segments: pattern === '/' ? [''] : pattern.split('/').slice(1),
    methods,
  }));
  // Clients send the same few paths over and over; a bounded cache spares
  // splitting and matching them on every request (twice or thrice: the
  // method guard, bearer auth and readiness all ask).
  const known = new Map<string, readonly RouteMethod[] | undefined>();
  const match = (path: string): readonly RouteMethod[] | undefined => {
    const parts = path === '/' ? [''] : path.split('/').slice(1);
    const found = new Set<RouteMethod>();
    let matched = false;
    for (const route of compiled) {
      if (route.segments.length !== parts.length) continue;
      const fits = route.segments.every((segment, i) => (segment.startsWith(':') ? parts[i] !== '' : segment === parts[i]));
      if (!fits) continue;
      matched = true;
      for (const method of route.methods) found.add(method);
    }
    return matched ? [...found] : undefined;
  };
  return {
    methodsFor(path) {
      if (known.has(path)) return known.get(path);
      const methods = match(path);
      if (known.size < MAX_CACHED_PATHS && path.length <= MAX_CACHED_PATH_LENGTH) known.set(path, methods);
      return methods;
    },
  };
}

/** Distinct paths remembered by {@link compileRoutes}, and the longest: ids in paths (`/clusters/17`) and junk paths could otherwise grow it without end. */
const MAX_CACHED_PATHS = 1024;
const MAX_CACHED_PATH_LENGTH = 256;

/**
 * The `Allow` header value for declared methods: HEAD follows GET (Hono
 * answers HEAD from the GET handler) and OPTIONS is always allowed.
 *
 * @example
 * allowHeader(['GET', 'DELETE']); // 'GET, HEAD, DELETE, OPTIONS'
 */
export function allowHeader(methods: readonly RouteMethod[]): string {
  return allowedMethods(methods).join(', ');
}

/**
 * Every method a route answers, in `Allow` order: declared ones, HEAD after GET, then OPTIONS.
 *
 * @example
 * allowedMethods(['POST']); // ['POST', 'OPTIONS']
 */
export function allowedMethods(methods: readonly RouteMethod[]): string[] {
  const out: string[] = [];
  for (const method of methods) {
    out.push(method);
    if (method === 'GET') out.push('HEAD');
  }
  out.push('OPTIONS');
  return out;
}

/**
 * An `isOpen` predicate (for `bearerAuth` and `readinessGate`) from a table
 * of open routes; a HEAD request is open where GET is.
 *
 * @example
 * const isOpen = openRoutes({ '/health': ['GET'] });
 * isOpen('GET', '/health');  // true
 * isOpen('POST', '/health'); // false
 */
export function openRoutes(table: RouteTable): OpenRoutePredicate {
  const routes = compileRoutes(defineRoutes(table));
  return (method, path) => {
    const methods = routes.methodsFor(path);
    if (methods === undefined) return false;
    const asDeclared = method === 'HEAD' ? 'GET' : method;
    return methods.some((m) => m === asDeclared);
  };
}
