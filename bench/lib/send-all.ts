/** Sends a fixed list of requests over a few keep-alive connections, each taking the next one as soon as its answer is in, and counts what failed. */
import http from 'node:http';
import { exchange, type Exchange, type RequestSpec } from './http-exchange.js';

/**
 * What sending the whole list took.
 *
 * @example
 * const r: SendAllResult = { requests: 120, ms: 950, errors: 0, error_samples: [] };
 */
export interface SendAllResult {
  requests: number;
  /** From the first send to the last answer. */
  ms: number;
  errors: number;
  /** Up to five distinct error descriptions. */
  error_samples: string[];
}

/**
 * Sends every spec once, `connections` at a time, in list order as
 * connections free up; never rejects (a failed request is counted).
 *
 * @example
 * const r = await sendAll(origin, specs, 4, (e) => e.status === 200);
 * r.errors; // 0
 */
export async function sendAll(origin: URL, specs: readonly RequestSpec[], connections: number, accept: (e: Exchange) => boolean): Promise<SendAllResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const errorSamples = new Set<string>();
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  const connection = async (): Promise<void> => {
    while (next < specs.length) {
      const e = await exchange(agent, origin, specs[next++]);
      if (!accept(e)) {
        errors++;
        if (errorSamples.size < 5) errorSamples.add(e.error ?? `${e.status}: ${e.body.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, connections) }, () => connection()));
  agent.destroy();
  return { requests: specs.length, ms: performance.now() - t0, errors, error_samples: [...errorSamples] };
}
