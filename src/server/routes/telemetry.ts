/** GET /controller/telemetry and GET /api/v1/controller/telemetry: the latest POST /autoconfig telemetry from the state database, or the sentinel; `?run=` asks for the start-up run or the latest of any. */
import type { Context, Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import { KindredError } from '../../errors/registry.js';
import { parseTelemetry, TELEMETRY_SENTINEL, TELEMETRY_SOURCES } from '../../autoconfig/telemetry-schema.js';

/**
 * Which saved run `?run=` names: `autoconfig` (the default, the contract's
 * slot: the most recent POST /autoconfig), `startup` (this dataset's
 * zero-config start-up run) or `latest` (whatever ran last: start-up, CLI,
 * SQL or POST /autoconfig).
 *
 * @example
 * TELEMETRY_RUNS.startup; // 'startup'
 */
export const TELEMETRY_RUNS: Readonly<Record<string, string | null>> = { autoconfig: TELEMETRY_SOURCES.rest, startup: TELEMETRY_SOURCES.startup, latest: null };

/**
 * The saved telemetry of a run (parsed JSON) or the sentinel.
 *
 * @example
 * latestTelemetry(state); // the latest POST /autoconfig, or { available: false, source: null }
 * latestTelemetry(state, 'startup');
 */
export function latestTelemetry(state: ServerState, run = 'autoconfig'): unknown {
  if (!(run in TELEMETRY_RUNS)) {
    throw new KindredError('invalid_request', `run must be one of ${Object.keys(TELEMETRY_RUNS).join(', ')}; got ${JSON.stringify(run.slice(0, 50))}`);
  }
  const source = TELEMETRY_RUNS[run];
  const row = state.db?.latestTelemetry(source ?? undefined) ?? null;
  // Every reader parses with the one telemetry parser (API.md 5.1).
  return row === null ? TELEMETRY_SENTINEL : parseTelemetry(JSON.parse(row.json) as unknown);
}

/** Registers the local telemetry routes (the hosted `/api/v1` one too when hosted auth is off). */
export function registerTelemetry(app: Hono<ServerEnv>, state: ServerState, options: { localWorkbench: boolean }): void {
  const handler = (c: Context<ServerEnv>): Response => {
    const runs = c.req.queries('run') ?? [];
    // One run per request: a repeated option is an error, never a silent pick.
    if (runs.length > 1) throw new KindredError('invalid_request', `query parameter run is given ${runs.length} times; give it once`);
    return safeJson(c, latestTelemetry(state, runs[0] ?? 'autoconfig'));
  };
  app.get('/controller/telemetry', handler);
  if (options.localWorkbench) app.get('/api/v1/controller/telemetry', handler);
}
