/** Answers 503 `timeout` when the rest of the chain has not finished within the request timeout, and tells the work to stop. */
import type { Context, MiddlewareHandler } from 'hono';
import { KindredError } from '../../../errors/registry.js';

/**
 * The deadline of one request, as `c.var.timeout`. Its `signal` aborts when
 * the request times out. The signal is only made when a route asks for it:
 * most routes finish in microseconds and never do, and making an
 * AbortSignal costs a few microseconds per request (about 2% of `/match`).
 *
 * @example
 * app.post('/autoconfig', async (c) => safeJson(c, await pool.run(task, { signal: c.var.timeout.signal })));
 */
export class RequestDeadline {
  private controller: AbortController | null = null;
  private expired = false;
  private reason: unknown = undefined;

  /** Aborted, with the 503 `timeout` error as its reason, once the request has timed out (also when first asked for after that). */
  get signal(): AbortSignal {
    if (this.controller === null) {
      this.controller = new AbortController();
      if (this.expired) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Marks the request as timed out (called by {@link requestTimeout} only). */
  expire(reason: unknown): void {
    this.expired = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }
}

/**
 * Hono variables set by {@link requestTimeout}: the request's deadline, whose signal aborts when it times out.
 *
 * @example
 * const app = new Hono<RequestTimeoutEnv>();
 * app.post('/autoconfig', async (c) => safeJson(c, await pool.run(task, { signal: c.var.timeout.signal })));
 */
export type RequestTimeoutEnv = { Variables: { timeout: RequestDeadline } };

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
 * `ms`, the client gets 503 `timeout` at once and `c.var.timeout.signal` is
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
 * app.post('/autoconfig', async (c) => safeJson(c, await pool.run(task, { signal: c.var.timeout.signal })));
 */
export function requestTimeout(options: RequestTimeoutOptions): MiddlewareHandler<RequestTimeoutEnv> {
  const { ms } = options;
  if (!Number.isFinite(ms) || ms <= 0) throw new KindredError('usage', `the request timeout must be a positive number of milliseconds, got ${String(ms)}`);
  return async (c, next) => {
    const deadline = new RequestDeadline();
    c.set('timeout', deadline);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = timeoutError(c, ms);
        deadline.expire(error);
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
