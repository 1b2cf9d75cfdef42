/** Answers 503 `timeout` when the rest of the chain has not finished within the request timeout, and tells the work to stop. */
import type { Context, MiddlewareHandler } from 'hono';
import { KindredError } from '../../../errors/registry.js';

/**
 * Hono variables set by {@link requestTimeout}: aborted when the request times out.
 *
 * @example
 * const app = new Hono<RequestTimeoutEnv>();
 * app.post('/autoconfig', async (c) => safeJson(c, await pool.run(task, { signal: c.var.timeoutSignal })));
 */
export type RequestTimeoutEnv = { Variables: { timeoutSignal: AbortSignal } };

/**
 * The contract's default `--request-timeout`: 120 s.
 *
 * @example
 * requestTimeout({ ms: options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_MS });
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/**
 * Options of {@link requestTimeout}.
 *
 * @example
 * const options: RequestTimeoutOptions = { ms: 120_000 };
 */
export interface RequestTimeoutOptions {
  /** Milliseconds the downstream chain may take (`--request-timeout`). */
  ms: number;
}

/**
 * Race the rest of the chain against a timer: when it has not finished after
 * `ms`, the client gets 503 `timeout` at once and `c.var.timeoutSignal` is
 * aborted so routes can cancel their work (pass it to worker-pool tasks);
 * whatever the handler produces afterwards is discarded.
 *
 * Written here rather than with `hono/timeout`, whose exception must be an
 * `HTTPException`, so the error comes from the one registry and the signal
 * can be offered. The timer starts when this middleware runs, so time spent
 * uploading the body before it is bounded by Node's `server.requestTimeout`.
 *
 * @example
 * app.use(requestTimeout({ ms: options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_MS }));
 * app.post('/autoconfig', async (c) => safeJson(c, await pool.run(task, { signal: c.var.timeoutSignal })));
 */
export function requestTimeout(options: RequestTimeoutOptions): MiddlewareHandler<RequestTimeoutEnv> {
  const { ms } = options;
  if (!Number.isFinite(ms) || ms <= 0) throw new KindredError('usage', `the request timeout must be a positive number of milliseconds, got ${String(ms)}`);
  return async (c, next) => {
    const controller = new AbortController();
    c.set('timeoutSignal', controller.signal);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = timeoutError(c, ms);
        controller.abort(error);
        reject(error);
      }, ms);
    });
    try {
      await Promise.race([next(), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}

function timeoutError(c: Context, ms: number): KindredError {
  return new KindredError('timeout', `${c.req.method} ${c.req.path} did not finish within ${ms} ms (--request-timeout) and was cancelled`);
}
