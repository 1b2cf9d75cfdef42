/** The server benchmark of `make bench`: a real `kindred serve` child process, /health during its initial run, /match under 32 connections, /match/batch of 1,000 records. */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import type { BatchTimings, ServerBenchResult, ServerLoadResult } from './lib/bench-results.js';
import { sampleCsvRows } from './lib/csv-row-sample.js';
import { probeHealthUntilReady, type HealthProbeResult } from './lib/health-probe.js';
import { exchange, type Exchange, type RequestSpec } from './lib/http-exchange.js';
import { runLoad, type LoadResult } from './lib/load-generator.js';
import { median } from './lib/median.js';
import { DEFAULT_QUERY_MIX, perturbRows } from './lib/query-records.js';
import { CLI, REPO_ROOT } from './lib/repo-paths.js';
import { processCpuMs, residentBytes, spawnServe } from './lib/serve-process.js';

/**
 * How the server is loaded; docs/benchmarks.md describes the same numbers.
 *
 * @example
 * runLoad({ ...,  connections: SERVER_LOAD.connections, ratePerSecond: SERVER_LOAD.targetRate });
 */
export const SERVER_LOAD = {
  /** Concurrent keep-alive connections sending /match. */
  connections: 32,
  warmupMs: 2_000,
  durationMs: 10_000,
  /** Offered rate of the latency run (the throughput target). */
  targetRate: 3_000,
  /** /health is probed this often during the initial run. */
  healthIntervalMs: 10,
  /** Distinct /match query records, cycled through. */
  queries: 5_000,
  querySeed: 42,
  batchRecords: 1_000,
  batchRepeats: 5,
} as const;

/** Everything but these is a field a new record of the person could carry. */
const ID_COLUMNS = ['rec_id'];
const INITIAL_RUN_TIMEOUT_MS = 15 * 60_000;

/**
 * Starts the server on `csv` with `config`, measures it, stops it. A failure
 * on the way (the server does not start, the initial run fails) is reported
 * in `error` with whatever was measured up to then; it never throws for a
 * misbehaving server.
 *
 * @example
 * const r = await runServerBench({ csv: 'bench/out/people-1M.csv', config: 'bench/workloads/tight.yaml', workload: 'tight', rows: 1_000_000, log: console.error });
 * r.match_throughput?.requests_per_second;
 */
export async function runServerBench(options: {
  csv: string;
  config: string;
  workload: string;
  rows: number;
  log: (line: string) => void;
}): Promise<ServerBenchResult> {
  const { log } = options;
  const result: ServerBenchResult = {
    ran_at: new Date().toISOString(),
    workload: options.workload,
    rows: options.rows,
    load_average_at_start: Math.round(os.loadavg()[0] * 100) / 100,
    startup_ms: null,
    health: emptyHealth(),
    rss_ready_bytes: null,
    queries: { distinct: 0, mix: mixLabel(), share_with_a_match: null },
    match_throughput: null,
    match_latency: null,
    batch: null,
    error: null,
  };
  // Read before the server starts, so sampling the file does not compete with its initial run.
  const queries = perturbRows(sampleCsvRows(options.csv, SERVER_LOAD.queries), {
    mix: DEFAULT_QUERY_MIX,
    seed: SERVER_LOAD.querySeed,
    drop: ID_COLUMNS,
  });
  result.queries.distinct = queries.length;
  const bodies = queries.map((q) => Buffer.from(JSON.stringify(q)));

  const stateDir = mkdtempSync(join(os.tmpdir(), 'kindred-bench-serve-'));
  const t0 = performance.now();
  const server = spawnServe(CLI, ['--file', options.csv, '--config', options.config, '--port', '0', '--state', stateDir], REPO_ROOT);
  try {
    const origin = await server.listening;
    result.startup_ms = performance.now() - t0;
    log(`server: listening on ${origin.href}; probing /health every ${SERVER_LOAD.healthIntervalMs} ms during the initial run`);
    result.health = await probeHealthUntilReady(origin, { intervalMs: SERVER_LOAD.healthIntervalMs, timeoutMs: INITIAL_RUN_TIMEOUT_MS });
    if (result.health.outcome !== 'ok') throw new Error(`initial run ${result.health.outcome}: ${result.health.failure ?? ''}`);
    result.rss_ready_bytes = residentBytes(server.child.pid ?? 0);

    result.queries.share_with_a_match = await shareWithAMatch(origin, bodies.slice(0, 500));
    const match = (i: number): RequestSpec => ({ method: 'POST', path: '/match', body: bodies[i % bodies.length] });
    const isMatchAnswer = (e: Exchange): boolean => e.status === 200 && e.body.startsWith('{"matches":[');
    const base = { origin, connections: SERVER_LOAD.connections, warmupMs: SERVER_LOAD.warmupMs, durationMs: SERVER_LOAD.durationMs, request: match, accept: isMatchAnswer };
    log(`server: /match closed loop, ${SERVER_LOAD.connections} connections, ${SERVER_LOAD.durationMs / 1000} s`);
    const pid = server.child.pid ?? 0;
    result.match_throughput = await withServerCpu(pid, () => runLoad(base));
    log(`server: /match at ${SERVER_LOAD.targetRate} requests/s over ${SERVER_LOAD.connections} connections, ${SERVER_LOAD.durationMs / 1000} s`);
    result.match_latency = await withServerCpu(pid, () => runLoad({ ...base, ratePerSecond: SERVER_LOAD.targetRate }));
    log(`server: /match/batch of ${SERVER_LOAD.batchRecords} records × ${SERVER_LOAD.batchRepeats}`);
    result.batch = await timeBatches(origin, queries);
  } catch (e) {
    result.error = e instanceof Error ? e.message : String(e);
    log(`server: ${result.error}`);
  } finally {
    const code = await server.stop();
    if (code !== 0 && result.error === null) result.error = `kindred serve exited with ${String(code)} on SIGTERM: ${lastLines(server.stderr())}`;
    rmSync(stateDir, { recursive: true, force: true });
  }
  if (result.error === null) result.zero_config_health = await zeroConfigHealth(options.csv, log);
  return result;
}

/**
 * /health probed from binding until ready on a server started without a
 * configuration: autoconfig's own work must stay off the event loop too.
 * Null when the server did not get ready (the reason is logged).
 */
async function zeroConfigHealth(csv: string, log: (line: string) => void): Promise<HealthProbeResult | null> {
  const stateDir = mkdtempSync(join(os.tmpdir(), 'kindred-bench-serve-zero-'));
  const server = spawnServe(CLI, ['--file', csv, ...ID_COLUMNS.flatMap((c) => ['--exclude', c]), '--port', '0', '--state', stateDir], REPO_ROOT);
  try {
    const origin = await server.listening;
    log(`server: zero-config start-up; probing /health every ${SERVER_LOAD.healthIntervalMs} ms until ready`);
    const health = await probeHealthUntilReady(origin, { intervalMs: SERVER_LOAD.healthIntervalMs, timeoutMs: INITIAL_RUN_TIMEOUT_MS });
    if (health.outcome !== 'ok') log(`server: zero-config initial run ${health.outcome}: ${health.failure ?? ''}`);
    return health;
  } catch (e) {
    log(`server: zero-config start-up failed: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  } finally {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

function emptyHealth(): ServerBenchResult['health'] {
  return {
    outcome: 'timeout',
    failure: 'not probed',
    interval_ms: SERVER_LOAD.healthIntervalMs,
    initial_run_ms: null,
    latency: { count: 0, p50_ms: null, p90_ms: null, p99_ms: null, max_ms: null, mean_ms: null },
    over_50ms: 0,
    errors: 0,
    error_samples: [],
    slowest: [],
  };
}

function mixLabel(): string {
  const m = DEFAULT_QUERY_MIX;
  const pct = (x: number): string => `${Math.round(x * 100)}%`;
  return `${pct(m.exact)} exact rows, ${pct(m.oneTypo)} one typo, ${pct(1 - m.exact - m.oneTypo)} a typo and a missing field`;
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' / ');
}

/**
 * Runs a load and adds the server's CPU time per request sent: unlike the
 * rate, it hardly depends on what else the shared machine is doing.
 */
async function withServerCpu(pid: number, load: () => Promise<LoadResult>): Promise<ServerLoadResult> {
  const before = processCpuMs(pid);
  const r = await load();
  const after = processCpuMs(pid);
  return { ...r, server_cpu_ms_per_request: before !== null && after !== null && r.sent > 0 ? (after - before) / r.sent : null };
}

/**
 * The share of queries whose /match answer holds at least one match (sent
 * one at a time; also warms the server up: lookups built on first use).
 *
 * @example
 * await shareWithAMatch(origin, bodies.slice(0, 500)); // 0.98
 */
export async function shareWithAMatch(origin: URL, bodies: Buffer[]): Promise<number | null> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let answered = 0;
  let withMatch = 0;
  for (const body of bodies) {
    const e = await exchange(agent, origin, { method: 'POST', path: '/match', body });
    if (e.status !== 200) continue;
    answered++;
    if (((JSON.parse(e.body) as { count: number }).count ?? 0) > 0) withMatch++;
  }
  agent.destroy();
  return answered > 0 ? withMatch / answered : null;
}

/** One warm-up batch, then `batchRepeats` timed ones, each with a different slice of the queries. */
async function timeBatches(origin: URL, queries: ReadonlyArray<Record<string, string>>): Promise<BatchTimings> {
  const n = SERVER_LOAD.batchRecords;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const runs: number[] = [];
  const errorSamples = new Set<string>();
  let errors = 0;
  for (let i = 0; i <= SERVER_LOAD.batchRepeats; i++) {
    const from = (i * n) % Math.max(1, queries.length - n);
    const body = Buffer.from(JSON.stringify({ records: queries.slice(from, from + n), top_k: 5 }));
    const e = await exchange(agent, origin, { method: 'POST', path: '/match/batch', body });
    const ok = e.status === 200 && (JSON.parse(e.body) as { results?: unknown[] }).results?.length === n;
    if (!ok) {
      errors++;
      if (errorSamples.size < 5) errorSamples.add(e.error ?? `${e.status}: ${e.body.slice(0, 200)}`);
    } else if (i > 0) runs.push(e.ms);
  }
  agent.destroy();
  return { records: n, runs_ms: runs, median_ms: runs.length > 0 ? median(runs) : null, errors, error_samples: [...errorSamples] };
}
