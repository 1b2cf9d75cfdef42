/** Probes GET /health on a fixed schedule while the server runs its initial matching, recording how long every probe waited for its answer. */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { exchange } from './http-exchange.js';
import { latencySummary, type LatencySummary } from './latency-percentiles.js';

/**
 * What the probes saw from the first one until `/health` said ok (or failed).
 *
 * @example
 * const h: HealthProbeResult = await probeHealthUntilReady(origin, { intervalMs: 10, timeoutMs: 600_000 });
 * h.outcome; // 'ok'
 */
export interface HealthProbeResult {
  outcome: 'ok' | 'failed' | 'timeout';
  /** The `error` of a failed initial run, or why probing stopped. */
  failure: string | null;
  interval_ms: number;
  /** From the first probe to the first 200 `ok` answer. */
  initial_run_ms: number | null;
  /** Latency of every answered probe (503 `initializing` and the final 200s). */
  latency: LatencySummary;
  /** Probes that took longer than 50 ms. */
  over_50ms: number;
  /** Probes without a valid answer (connection errors, other statuses). */
  errors: number;
  error_samples: string[];
  /** The ten slowest probes: when they were sent (ms after the first) and how long they took, to find what stalled. */
  slowest: Array<{ at_ms: number; latency_ms: number }>;
}

/** Idle sockets are closed after this long, well before the server's keep-alive timeout closes them from its side. */
const IDLE_SOCKET_MS = 2000;

/**
 * Sends `GET /health` every `intervalMs` without waiting for earlier probes
 * to finish, so an event loop that stalls for 300 ms shows up as about
 * 300 ÷ interval slow probes, not as one. Stops scheduling at the first 200
 * `ok` or 503 `failed` answer, or after `timeoutMs`, and waits for the
 * probes in flight.
 *
 * @example
 * const h = await probeHealthUntilReady(new URL('http://127.0.0.1:8080'), { intervalMs: 10, timeoutMs: 600_000 });
 * h.latency.p99_ms; // e.g. 3.2
 */
export async function probeHealthUntilReady(origin: URL, options: { intervalMs: number; timeoutMs: number }): Promise<HealthProbeResult> {
  // Many sockets: a probe sent while the server is stalled needs its own connection. Few
  // kept idle, and none idle for long: a socket idle past the server's keep-alive timeout
  // (Node's 5 s) can be closed by the server just as a probe reuses it, a reset that is
  // nobody's fault. Idle sockets are closed here first, after 2 s (a free socket's
  // timeout destroys it; a probe still waiting for its answer is not cut).
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4, timeout: IDLE_SOCKET_MS });
  const t0 = performance.now();
  const latencies: number[] = [];
  const probes: Array<{ at: number; ms: number }> = [];
  const errorSamples = new Set<string>();
  let errors = 0;
  let outcome: HealthProbeResult['outcome'] | null = null;
  let failure: string | null = null;
  let readyAt: number | null = null;
  const inFlight = new Set<Promise<void>>();

  const probe = async (): Promise<void> => {
    const at = performance.now() - t0;
    const e = await exchange(agent, origin, { method: 'GET', path: '/health' });
    const status = healthStatus(e.body);
    if ((e.status === 200 && status === 'ok') || (e.status === 503 && (status === 'initializing' || status === 'failed'))) {
      latencies.push(e.ms);
      probes.push({ at, ms: e.ms });
    } else {
      errors++;
      if (errorSamples.size < 5) errorSamples.add(e.error ?? `${e.status}: ${e.body.slice(0, 200)}`);
    }
    if (outcome !== null) return;
    if (e.status === 200 && status === 'ok') {
      outcome = 'ok';
      readyAt = performance.now() - t0;
    } else if (status === 'failed') {
      outcome = 'failed';
      failure = failedReason(e.body);
    }
  };

  for (let n = 0; outcome === null; n++) {
    const slot = t0 + n * options.intervalMs;
    if (slot - t0 > options.timeoutMs) {
      outcome = 'timeout';
      failure = `not ready after ${Math.round(options.timeoutMs / 1000)} s`;
      break;
    }
    const wait = slot - performance.now();
    if (wait > 0) await sleep(wait);
    if (outcome !== null) break;
    const p = probe();
    inFlight.add(p);
    void p.then(() => inFlight.delete(p));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return {
    outcome: outcome ?? 'timeout',
    failure,
    interval_ms: options.intervalMs,
    initial_run_ms: readyAt,
    latency: latencySummary(latencies),
    over_50ms: latencies.filter((ms) => ms > 50).length,
    errors,
    error_samples: [...errorSamples],
    slowest: probes
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map((p) => ({ at_ms: Math.round(p.at), latency_ms: Math.round(p.ms * 10) / 10 })),
  };
}

function parsed(body: string): Record<string, unknown> | null {
  try {
    const j: unknown = JSON.parse(body);
    return typeof j === 'object' && j !== null ? (j as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function healthStatus(body: string): string | null {
  const s = parsed(body)?.status;
  return typeof s === 'string' ? s : null;
}

function failedReason(body: string): string {
  const e = parsed(body)?.error;
  return typeof e === 'string' ? e : 'initial run failed';
}
