/** Builds the Hono app of the local server: the route table, the middleware chain in contract order, and every route module. */
import { Hono } from 'hono';
import { middlewareChain, type ServerEnv } from './middleware/chain/index.js';
import { defineRoutes, openRoutes } from './middleware/route-table/index.js';
import { errorHandler, notFound } from './http-errors.js';
import type { ServerState } from './server-state.js';
import { registerHealth } from './routes/health.js';
import { registerMatch } from './routes/match.js';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './request-limits.js';
import { registerExplain } from './routes/explain.js';
import { registerClusters } from './routes/clusters.js';
import { registerReviews } from './routes/reviews.js';
import { registerEdits } from './routes/edits.js';
import { registerTelemetry } from './routes/telemetry.js';
import { registerAnalysis } from './routes/analysis.js';
import { registerAutoconfig } from './routes/autoconfig.js';
import { registerDistributions } from './routes/distributions.js';
import { registerWorkbench, WORKBENCH_ROUTES } from './routes/workbench.js';
import { registerRecords } from './routes/records.js';
import { registerEvents } from './routes/events.js';

/** Every route of the local server, declared once (the method guard answers 404/405 from it). */
export const ROUTES = defineRoutes({
  '/health': ['GET'],
  '/stats': ['GET'],
  '/stats/scores': ['GET'],
  '/stats/cluster-sizes': ['GET'],
  '/match': ['POST'],
  '/match/batch': ['POST'],
  '/explain': ['POST'],
  '/clusters': ['GET'],
  '/clusters/:id': ['GET'],
  '/reviews': ['GET'],
  '/reviews/decide': ['POST'],
  '/reviews/decisions': ['GET'],
  '/reviews/decisions/:pair_id': ['DELETE'],
  '/shatter': ['POST'],
  '/unmerge': ['POST'],
  '/suggest': ['GET'],
  '/certify-recall': ['POST'],
  '/retrieve': ['POST'],
  '/autoconfig': ['POST'],
  '/controller/telemetry': ['GET'],
  '/api/v1/controller/telemetry': ['GET'],
  '/api/sources': ['GET'],
  '/api/sources/:id': ['GET'],
  '/records': ['POST'],
  '/records/:row_id': ['PUT', 'DELETE'],
  '/records/by-key/:key': ['PUT'],
  '/events': ['GET'],
  ...WORKBENCH_ROUTES,
});

/** Options of {@link createApp}, from the command line and environment. */
export interface AppOptions {
  token: string | undefined;
  corsOrigins: readonly string[];
  maxBodyBytes: number;
  requestTimeoutMs: number;
  log: (line: string) => void;
  /** Mounts the hosted `/api/*` surface (JWT) when `--auth jwt`; otherwise `/api/v1/controller/telemetry` follows the local rules. */
  mountHosted?: (app: Hono<ServerEnv>) => void;
  /** Batch, `top_k` and `limit` caps (API.md 2.5); the contract's defaults where absent. */
  limits?: Partial<RequestLimits>;
}

/**
 * The whole local server as a Hono app (no socket; `serve()` binds it).
 *
 * @example
 * const app = createApp(state, { token: undefined, corsOrigins: [], maxBodyBytes: 10 << 20, requestTimeoutMs: 120_000, log: console.error });
 */
export function createApp(state: ServerState, options: AppOptions): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.onError(errorHandler({ log: options.log }));
  app.notFound(notFound);
  const hosted = options.mountHosted !== undefined;
  // The workbench's static files are open too: the page must load to ask for the token (docs/ui.md).
  const isOpen = openRoutes({ '/health': ['GET'], ...WORKBENCH_ROUTES });
  const [cors, ...rest] = middlewareChain({
    token: options.token,
    corsOrigins: options.corsOrigins,
    routes: ROUTES,
    isOpen,
    isReady: () => state.ready,
    maxBodyBytes: options.maxBodyBytes,
    requestTimeoutMs: options.requestTimeoutMs,
  });
  app.use(cors);
  // The hosted surface authenticates with JWTs before any routing (so an
  // unauthenticated caller cannot probe which /api paths exist); mounted here,
  // after CORS and before the local chain, its handlers answer /api/* first.
  if (hosted) options.mountHosted?.(app);
  app.use(...rest);
  registerHealth(app, state);
  const limits: RequestLimits = { ...DEFAULT_REQUEST_LIMITS, ...options.limits };
  registerMatch(app, state, limits);
  registerExplain(app, state);
  registerClusters(app, state, limits);
  registerAutoconfig(app, state);
  registerReviews(app, state, limits);
  registerEdits(app, state);
  registerRecords(app, state, limits);
  registerEvents(app, state);
  registerAnalysis(app, state);
  registerTelemetry(app, state, { localWorkbench: !hosted });
  registerDistributions(app, state);
  registerWorkbench(app);
  return app;
}
