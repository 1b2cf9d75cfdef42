/** Wires the hosted JWT surface (src/server/hosted) into the local server: validates AUTH_* at start-up, serves sources and telemetry from the live state. */
import type { Hono } from 'hono';
import type { ServerEnv } from './middleware/chain/index.js';
import { readHostedAuthConfig } from './hosted/jwt-config.js';
import { createJwksKeySource } from './hosted/jwks.js';
import { createHostedApp, type SourceInfo } from './hosted/routes.js';
import type { ServerState } from './server-state.js';
import { latestTelemetry } from './routes/telemetry.js';

/**
 * Reads and validates the AUTH_* variables now (a bad value exits 2 before
 * anything is bound), and returns a mounter for the app.
 *
 * @example
 * const mount = mountHostedSurface(process.env)(() => state);
 * createApp(state, { ...options, mountHosted: mount });
 */
export function mountHostedSurface(env: NodeJS.ProcessEnv): (getState: () => ServerState) => (app: Hono<ServerEnv>) => void {
  const config = readHostedAuthConfig(env);
  const keySource = createJwksKeySource(config.jwksUrl);
  return (getState) => (app) => {
    const sources = (): SourceInfo[] => {
      const state = getState();
      if (state.source === null) return [];
      const s = state.source;
      const status = state.status === 'ok' ? 'ready' : state.status === 'failed' ? 'failed' : 'initializing';
      return [{ id: s.id, name: s.name, records: s.records, columns: s.columns, status, loaded_at: s.loaded_at }];
    };
    app.route('/', createHostedApp({ sources, telemetry: () => latestTelemetry(getState()), isReady: () => getState().ready }, config, keySource));
  };
}
