// The hosted surface under /api/: JWT-authenticated sources and telemetry endpoints, mountable into the main app.
import { Hono, type Context } from 'hono';
import { KindredError } from '../../errors/registry.js';
import type { HostedAuthConfig } from './jwt-config.js';
import type { KeySource } from './jwks.js';
import { jwtAuth, requirePermission, type HostedEnv } from './jwt-auth.js';
import { notFound, onError } from '../http-errors.js';
import { readinessGate } from '../middleware/readiness/index.js';

/**
 * One loaded dataset as the hosted surface reports it.
 *
 * @example
 * const source: SourceInfo = {
 *   id: '3f2a9c', name: 'people.csv', records: 5000, columns: ['name', 'zip'],
 *   status: 'ready', loaded_at: '2026-11-21T10:15:02.123Z',
 * };
 */
export interface SourceInfo {
  /** The dataset fingerprint. */
  id: string;
  /** The file name. */
  name: string;
  records: number;
  columns: string[];
  status: 'initializing' | 'ready' | 'failed';
  /** ISO 8601. */
  loaded_at: string;
}

/**
 * What the hosted surface reads from the running server. Either function may
 * return a promise.
 *
 * @example
 * const deps: HostedDeps = {
 *   sources: () => [source],
 *   telemetry: () => store.latestTelemetry() ?? { available: false, source: null },
 * };
 */
export interface HostedDeps {
  sources(): SourceInfo[] | Promise<SourceInfo[]>;
  /** The telemetry object of API.md §5; `null`/`undefined` means no autoconfig has run. */
  telemetry(): unknown;
  /**
   * False while the server's initial run is going: every hosted endpoint then
   * answers 503 `not_ready` after authentication, as the local ones do
   * (API.md 2.1). Absent means always ready.
   */
  isReady?(): boolean;
}

/**
 * Permission each hosted endpoint needs.
 *
 * @example
 * HOSTED_PERMISSIONS.sources; // 'sources:read'
 */
export const HOSTED_PERMISSIONS = { sources: 'sources:read', telemetry: 'telemetry:read' } as const;

/**
 * Telemetry before any autoconfig run, exactly as API.md §5.1 fixes it.
 *
 * @example
 * JSON.stringify(NO_TELEMETRY); // '{"available":false,"source":null}'
 */
export const NO_TELEMETRY = { available: false, source: null } as const;

const HOSTED_PREFIX = '/api/';
const ALLOW_GET = 'GET, HEAD';
const MAX_ECHOED_ID = 100;

/**
 * True for paths the hosted surface owns (everything under `/api/`). The main
 * app's `SERVICE_API_TOKEN` check must treat these as open when hosted
 * authentication is on, since they carry an identity-provider JWT instead.
 *
 * @example
 * bearerAuth({ token, isOpen: (m, p) => p === '/health' || isHostedPath(p) });
 */
export function isHostedPath(path: string): boolean {
  return path.startsWith(HOSTED_PREFIX);
}

// Only the contract's six fields: whatever else the server keeps about a source stays private.
function publicSource(s: SourceInfo): SourceInfo {
  return { id: s.id, name: s.name, records: s.records, columns: [...s.columns], status: s.status, loaded_at: s.loaded_at };
}

function methodNotAllowed(c: Context): never {
  throw new KindredError('method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}; use GET`, undefined, {
    Allow: ALLOW_GET,
  });
}

/**
 * Builds the hosted surface (API.md §3): every `/api/*` request needs a valid
 * identity-provider JWT (401 otherwise, 503 when the provider's keys cannot
 * be fetched), then a ready server (503 `not_ready` during start-up), then
 * the endpoint's permission (403), then:
 *
 * - `GET /api/sources` → `{"sources": [SourceInfo, ...]}` (`sources:read`)
 * - `GET /api/sources/:id` → one `SourceInfo`, 404 `not_found` if unknown (`sources:read`)
 * - `GET /api/v1/controller/telemetry` → the telemetry object (`telemetry:read`)
 *
 * Other methods on those paths → 405 with `Allow`; other `/api/*` paths → 404.
 * Every error is the JSON error body; every answer is `Cache-Control: no-store`.
 * Mount it with `app.route('/', createHostedApp(...))` after CORS and before
 * the app's own 404; its error handler stays attached to its routes.
 *
 * @example
 * const config = readHostedAuthConfig(process.env);
 * app.route('/', createHostedApp(deps, config, createJwksKeySource(config.jwksUrl)));
 */
export function createHostedApp(deps: HostedDeps, config: HostedAuthConfig, keySource: KeySource): Hono<HostedEnv> {
  const app = new Hono<HostedEnv>();
  app.onError(onError);
  app.notFound(notFound);

  app.use('/api/*', async (c, next) => {
    await next();
    // Authenticated answers are per-user: no shared cache may keep them.
    c.header('Cache-Control', 'no-store');
  });
  // Authentication precedes routing, so unauthenticated callers cannot probe which paths exist.
  app.use('/api/*', jwtAuth(config, keySource));
  // After authentication, like the local chain: an anonymous caller learns nothing, not even readiness.
  app.use('/api/*', readinessGate({ isReady: () => deps.isReady?.() ?? true, isOpen: () => false }));

  app.get('/api/sources', requirePermission(HOSTED_PERMISSIONS.sources), async (c) => {
    const sources = await deps.sources();
    return c.json({ sources: sources.map(publicSource) });
  });
  app.all('/api/sources', methodNotAllowed);

  app.get('/api/sources/:id', requirePermission(HOSTED_PERMISSIONS.sources), async (c) => {
    const id = c.req.param('id');
    const found = (await deps.sources()).find((s) => s.id === id);
    if (found === undefined) {
      const shown = id.length > MAX_ECHOED_ID ? `${id.slice(0, MAX_ECHOED_ID)}...` : id;
      throw new KindredError('not_found', `source "${shown}" does not exist`);
    }
    return c.json(publicSource(found));
  });
  app.all('/api/sources/:id', methodNotAllowed);

  app.get('/api/v1/controller/telemetry', requirePermission(HOSTED_PERMISSIONS.telemetry), async (c) => {
    const telemetry: unknown = await deps.telemetry();
    return c.json(telemetry ?? NO_TELEMETRY);
  });
  app.all('/api/v1/controller/telemetry', methodNotAllowed);

  app.all('/api/*', (c) => {
    throw new KindredError('not_found', `no endpoint ${c.req.method} ${c.req.path}`);
  });
  return app;
}
