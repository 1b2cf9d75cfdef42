/** GET /controller/telemetry and GET /api/v1/controller/telemetry: the latest autoconfig telemetry from the state database, or the sentinel. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';

import { parseTelemetry, TELEMETRY_SENTINEL } from '../../autoconfig/telemetry-schema.js';

/** The latest telemetry object (parsed JSON) or the sentinel. */
export function latestTelemetry(state: ServerState): unknown {
  const row = state.db?.latestTelemetry() ?? null;
  // Every reader parses with the one telemetry parser (API.md 5.1).
  return row === null ? TELEMETRY_SENTINEL : parseTelemetry(JSON.parse(row.json) as unknown);
}

/** Registers the local telemetry routes (the hosted `/api/v1` one too when hosted auth is off). */
export function registerTelemetry(app: Hono<ServerEnv>, state: ServerState, options: { localWorkbench: boolean }): void {
  app.get('/controller/telemetry', (c) => safeJson(c, latestTelemetry(state)));
  if (options.localWorkbench) app.get('/api/v1/controller/telemetry', (c) => safeJson(c, latestTelemetry(state)));
}
