/** GET /ui, /ui/ and /ui/<asset>: the review workbench's page and bundle, open without a token (the page asks for one) and with strict security headers. */
import type { Context, Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { KindredError } from '../../errors/registry.js';
import { loadStaticAssets, type StaticAsset } from '../workbench/static-assets.js';
import { WORKBENCH_DIR } from '../workbench-dir.js';
import { WORKBENCH_HEADERS } from '../workbench/security-headers.js';

/**
 * The workbench's routes, to declare in the route table and as open routes:
 * static files that reveal nothing about the data, served before the
 * initial run is done so the page can show that it is loading.
 *
 * @example
 * const ROUTES = defineRoutes({ ...WORKBENCH_ROUTES, '/health': ['GET'] });
 */
export const WORKBENCH_ROUTES = { '/ui': ['GET'], '/ui/': ['GET'], '/ui/:asset': ['GET'] } as const;

/**
 * Registers the workbench routes, serving the files of `dir` (default: the
 * built `dist/ui`). `/ui` redirects to `/ui/` so the page's relative asset
 * URLs resolve under `/ui/`.
 *
 * @example
 * registerWorkbench(app);
 */
export function registerWorkbench(app: Hono<ServerEnv>, dir: string = WORKBENCH_DIR): void {
  const assets = loadStaticAssets(dir);
  const send = (c: Context<ServerEnv>, name: string): Response => {
    const asset = assets.get(name);
    if (asset === undefined) {
      throw new KindredError(
        'not_found',
        assets.size === 0 ? `the review workbench is not built (no files in ${dir}); run make build` : `no workbench file ${JSON.stringify(name.slice(0, 100))}`,
      );
    }
    return answer(c, asset);
  };
  app.get('/ui', (c) => c.redirect('/ui/', 308));
  app.get('/ui/', (c) => send(c, 'index.html'));
  app.get('/ui/:asset', (c) => send(c, c.req.param('asset')));
}

function answer(c: Context<ServerEnv>, asset: StaticAsset): Response {
  const headers = new Headers(WORKBENCH_HEADERS);
  headers.set('ETag', asset.etag);
  const seen = c.req.header('if-none-match');
  if (seen !== undefined && seen.split(',').some((tag) => tag.trim() === asset.etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', asset.type);
  headers.set('Content-Length', String(asset.body.length));
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(asset.body), { status: 200, headers });
}
