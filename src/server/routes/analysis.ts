/** Analysis endpoints over the current run: GET /suggest, POST /certify-recall, POST /retrieve. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import type { ServerState } from '../server-state.js';
import { safeJson } from '../http-errors.js';
import { parseRequest, RetrieveSchema } from '../request-schemas.js';
import { suggestOnPool } from '../analysis/suggestions.js';
import { certifyRecall } from '../analysis/recall-certificate.js';
import { retrieve } from '../analysis/retrieval.js';

/**
 * Registers the analysis routes. Each handler reads `state.current` once, so a
 * re-run that swaps the results mid-request cannot mix two runs.
 *
 * @example
 * registerAnalysis(app, state);
 */
export function registerAnalysis(app: Hono<ServerEnv>, state: ServerState): void {
  app.get('/suggest', async (c) => safeJson(c, { suggestions: await suggestOnPool(state.current, state.pool) }));

  // The body is ignored: the certificate is a property of the current run.
  app.post('/certify-recall', async (c) => safeJson(c, await certifyRecall(state.current, state.pool)));

  app.post('/retrieve', async (c) => {
    const body = parseRequest(RetrieveSchema, c.var.body ?? null);
    return safeJson(c, await retrieve(state.current, body, state.pool));
  });
}
