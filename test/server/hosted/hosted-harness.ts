// Runs the hosted app over real HTTP against a loopback JWKS server, for one test at a time.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readHostedAuthConfig, type HostedAuthConfig } from '../../../src/server/hosted/jwt-config.js';
import { createJwksKeySource, type JwksKeySourceOptions } from '../../../src/server/hosted/jwks.js';
import { createHostedApp, type HostedDeps, type SourceInfo } from '../../../src/server/hosted/routes.js';
import { startJwksServer, type JwksTestServer } from './jwks-test-server.js';
import { TEST_AUDIENCE, TEST_ISSUER } from './signing-keys.js';
import type { JWK } from 'jose';

// The request handler `serve` accepts; a Hono app's `fetch` is one.
type FetchCallback = Parameters<typeof serve>[0]['fetch'];

/**
 * A source as a server would report it.
 *
 * @example
 * deps.sources = () => [PEOPLE_SOURCE];
 */
export const PEOPLE_SOURCE: SourceInfo = {
  id: '9b1f0c2e7a',
  name: 'people.csv',
  records: 5000,
  columns: ['name', 'zip', 'email'],
  status: 'ready',
  loaded_at: '2026-11-21T10:15:02.123Z',
};

/**
 * Options of {@link startHosted}.
 *
 * @example
 * const options: HostedHarnessOptions = { keys: [rsa.publicJwk], keySource: { cooldownMs: 0 } };
 */
export interface HostedHarnessOptions {
  keys: JWK[];
  deps?: HostedDeps;
  keySource?: JwksKeySourceOptions;
  /** Extra or replacement AUTH_* variables. */
  env?: NodeJS.ProcessEnv;
}

/**
 * A hosted app on 127.0.0.1, its JWKS server, and a `get` helper.
 *
 * @example
 * const h = await startHosted({ keys: [rsa.publicJwk] });
 * const res = await h.get('/api/sources', token);
 */
export interface HostedHarness {
  url: string;
  jwks: JwksTestServer;
  config: HostedAuthConfig;
  /** `fetch` on the app with an optional `Authorization: Bearer <token>` (or a raw header value). */
  request(path: string, init?: { method?: string; token?: string; authorization?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Serves a Hono app on a free loopback port.
 *
 * @example
 * const { url, close } = await serveApp(app);
 */
export function serveApp(app: { fetch: FetchCallback }): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      const http = server as Server;
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            http.close(() => done());
            http.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * Starts a JWKS server with `keys` and the hosted app configured against it.
 *
 * @example
 * const h = await startHosted({ keys: [rsa.publicJwk], keySource: { cooldownMs: 0 } });
 * try { ... } finally { await h.close(); }
 */
export async function startHosted(options: HostedHarnessOptions): Promise<HostedHarness> {
  const jwks = await startJwksServer(options.keys);
  const config = readHostedAuthConfig({
    AUTH_JWKS_URL: jwks.url,
    AUTH_ISSUER: TEST_ISSUER,
    AUTH_AUDIENCE: TEST_AUDIENCE,
    ...options.env,
  });
  const deps: HostedDeps = options.deps ?? {
    sources: () => [PEOPLE_SOURCE],
    telemetry: () => ({ available: false, source: null }),
  };
  const app = createHostedApp(deps, config, createJwksKeySource(config.jwksUrl, options.keySource));
  const served = await serveApp(app);
  return {
    url: served.url,
    jwks,
    config,
    request: (path, init = {}) => {
      const headers: Record<string, string> = {};
      if (init.token !== undefined) headers.Authorization = `Bearer ${init.token}`;
      if (init.authorization !== undefined) headers.Authorization = init.authorization;
      return fetch(`${served.url}${path}`, { method: init.method ?? 'GET', headers });
    },
    close: async () => {
      await served.close();
      await jwks.stop();
    },
  };
}

/**
 * Reads an error response's body and checks nothing but its shape.
 *
 * @example
 * const { code } = await errorBody(res);
 */
export async function errorBody(res: Response): Promise<{ code: string; message: string }> {
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || !('error' in body)) throw new Error(`not an error body: ${JSON.stringify(body)}`);
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) {
    throw new Error(`malformed error: ${JSON.stringify(body)}`);
  }
  return { code: String(error.code), message: String(error.message) };
}
