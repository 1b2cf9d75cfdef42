/** A small HTTP load generator on node:http keep-alive connections: closed loop (as fast as answers come) or a fixed offered rate (latency counted from each request's scheduled time). */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { exchange, type Exchange, type RequestSpec } from './http-exchange.js';
import { latencySummary, type LatencySummary } from './latency-percentiles.js';

/**
 * What to send, how hard and for how long.
 *
 * @example
 * const options: LoadOptions = { origin, connections: 32, warmupMs: 2000, durationMs: 10_000, request: () => spec, accept: (e) => e.status === 200, ratePerSecond: 3000 };
 */
export interface LoadOptions {
  origin: URL;
  /** Concurrent keep-alive connections, each with one request in flight at a time. */
  connections: number;
  /** Load before the measured window; its answers are checked but not counted. */
  warmupMs: number;
  /** The measured window. */
  durationMs: number;
  /** The i-th request sent (counting over all connections). */
  request: (i: number) => RequestSpec;
  /** Whether an answer is a success; anything else is an error and is not counted as served. */
  accept: (e: Exchange) => boolean;
  /**
   * Offered requests per second over all connections. Omitted: closed loop,
   * each connection sends its next request as soon as its answer is in.
   */
  ratePerSecond?: number;
  /** A label for the i-th request (e.g. add, update, delete): the result then holds latencies per label too. */
  kindOf?: (i: number) => string;
}

/**
 * What one load run measured (successes only in the latencies and the rate).
 *
 * @example
 * const r: LoadResult = await runLoad(options);
 * if (r.errors === 0) console.log(r.requests_per_second, r.latency.p99_ms);
 */
export interface LoadResult {
  mode: 'closed_loop' | 'fixed_rate';
  connections: number;
  offered_per_second: number | null;
  /** The measured window (the warm-up excluded): requests scheduled in it are the measured ones. */
  duration_ms: number;
  /**
   * From the window's start to the last answer to a measured request. Longer
   * than the window when the server fell behind a fixed rate and answered the
   * backlog afterwards.
   */
  elapsed_ms: number;
  /** Successful answers to requests scheduled inside the window. */
  requests: number;
  /** Every request sent, warm-up included (for CPU time per request). */
  sent: number;
  /** CPU time of this (generator) process per request sent, warm-up included. */
  generator_cpu_ms_per_request: number;
  /** Failed answers (wrong status or body, connection errors) in the window and the warm-up. */
  errors: number;
  /** Up to five distinct error descriptions. */
  error_samples: string[];
  /**
   * How late this process's own event loop ran during the load (p99 and max,
   * ms): when the generator itself is held up, answers are noticed late and
   * count as slow, so a latency tail that matches this is the machine's, not
   * the server's.
   */
  generator_loop_delay_p99_ms: number;
  generator_loop_delay_max_ms: number;
  /** Measured successes ÷ elapsed time: the rate the server really answered at. */
  requests_per_second: number;
  latency: LatencySummary;
  /** The measured latencies per `kindOf` label; present only when `kindOf` was given. */
  by_kind?: Record<string, LatencySummary>;
}

/**
 * Runs the load. In fixed-rate mode connection k sends at `start + k·Δ/C +
 * n·Δ` (Δ = C ÷ rate); when its previous answer arrives after that slot,
 * the next request goes out at once and its latency is counted from the
 * slot, so a slow server cannot hide its queueing by slowing the load down
 * (no coordinated omission). When the slot is still ahead, the latency is
 * counted from the actual send, so the generator's own timer slack is not
 * charged to the server.
 *
 * @example
 * const r = await runLoad({
 *   origin: new URL(url), connections: 32, warmupMs: 2000, durationMs: 10_000,
 *   request: (i) => ({ method: 'POST', path: '/match', body: bodies[i % bodies.length] }),
 *   accept: (e) => e.status === 200,
 * });
 * r.requests_per_second;
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { connections, ratePerSecond } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  const errorSamples = new Set<string>();
  let errors = 0;
  let sent = 0;
  let lastAnswer = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const windowStart = start + options.warmupMs;
  const windowEnd = windowStart + options.durationMs;
  const interval = ratePerSecond === undefined ? 0 : (connections * 1000) / ratePerSecond;

  const connection = async (k: number): Promise<void> => {
    let slot = start + (interval * k) / connections;
    for (;;) {
      let from: number;
      if (ratePerSecond === undefined) {
        from = performance.now();
        if (from >= windowEnd) return;
      } else {
        if (slot >= windowEnd) return;
        const ready = performance.now();
        if (ready >= slot) from = slot;
        else {
          await sleep(slot - ready);
          from = performance.now();
        }
        slot += interval;
      }
      const i = sent++;
      const e = await exchange(agent, options.origin, options.request(i));
      const inWindow = from >= windowStart;
      if (!options.accept(e)) {
        errors++;
        if (errorSamples.size < 5) errorSamples.add(e.error ?? `${e.status}: ${e.body.slice(0, 200)}`);
      } else if (inWindow) {
        const now = performance.now();
        latencies.push(now - from);
        if (options.kindOf !== undefined) {
          const kind = options.kindOf(i);
          const list = byKind.get(kind);
          if (list === undefined) byKind.set(kind, [now - from]);
          else list.push(now - from);
        }
        lastAnswer = Math.max(lastAnswer, now);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, k) => connection(k)));
  agent.destroy();
  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  const elapsed = Math.max(options.durationMs, lastAnswer - windowStart);
  return {
    mode: ratePerSecond === undefined ? 'closed_loop' : 'fixed_rate',
    connections,
    offered_per_second: ratePerSecond ?? null,
    duration_ms: options.durationMs,
    elapsed_ms: elapsed,
    requests: latencies.length,
    sent,
    generator_cpu_ms_per_request: sent > 0 ? (cpu.user + cpu.system) / 1000 / sent : 0,
    // The histogram is in ns and includes the sampling resolution itself.
    generator_loop_delay_p99_ms: loopDelay.percentile(99) / 1e6,
    generator_loop_delay_max_ms: loopDelay.max / 1e6,
    errors,
    error_samples: [...errorSamples],
    requests_per_second: latencies.length / (elapsed / 1000),
    latency: latencySummary(latencies),
    ...(options.kindOf === undefined ? {} : { by_kind: Object.fromEntries([...byKind].map(([k, xs]) => [k, latencySummary(xs)])) }),
  };
}
