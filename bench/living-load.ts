/** The living-data benchmark of `make bench`: a real `kindred serve` child process takes single-record changes at a fixed rate while /match is queried, batches of 10,000 adds, then changes up to 100,000; its memory is then compared with a fresh server on the same final table. */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import type { BatchTimings, LivingBenchResult, LivingMemory, LivingPlanFigures } from './lib/bench-results.js';
import { addBatchRequest, changeMix, changeRequest, changeRequests, DEFAULT_CHANGE_SHARES, pickRowIds, type LivingChange } from './lib/change-mix.js';
import { sampleCsvRows } from './lib/csv-row-sample.js';
import { readRowsAt } from './lib/csv-rows-at.js';
import { writeFinalTable } from './lib/final-table.js';
import { probeHealthUntilReady } from './lib/health-probe.js';
import { exchange, type Exchange, type RequestSpec } from './lib/http-exchange.js';
import { runLoad } from './lib/load-generator.js';
import { median } from './lib/median.js';
import { sizeLabel } from './lib/people-data.js';
import { DEFAULT_QUERY_MIX, perturbRows } from './lib/query-records.js';
import { CLI, REPO_ROOT } from './lib/repo-paths.js';
import { sendAll } from './lib/send-all.js';
import { collectServerGarbage, GC_NODE_ARGS } from './lib/server-gc.js';
import { processCpuMs, residentBytes, spawnServe, type ServeProcess } from './lib/serve-process.js';
import { shareWithAMatch } from './server-load.js';

/** Columns a new record would not carry (the truth id of the generated data). */
const ID_COLUMNS = ['rec_id'];
const INITIAL_RUN_TIMEOUT_MS = 15 * 60_000;
/** /health is polled this often while a server starts (its stalls are the server benchmark's business). */
const READY_POLL_MS = 100;
/** /match queries sent one at a time to both servers before their memory is read, so lookups built on first use exist in both. */
const MATCH_WARMUP = 500;
const QUERY_COUNT = 5_000;
const QUERY_SEED = 42;
/** Seed of the changed rows and the change mix. */
const CHANGE_SEED = 16;

/**
 * The speed rows (issue 16) as a plan: 200 single-record changes/s
 * for 60 s with /match at a modest 100/s beside them, 3 batches of 10,000
 * adds, then changes up to 100,000 in all. A smoke run (`--rows N`) keeps
 * the code path with short durations and fewer changes (its figures mean
 * nothing).
 *
 * @example
 * livingPlan(1_000_000, false).duration_ms; // 60000
 * livingPlan(100_000, false).total_changes; // 10000 (at least the sustained changes and one batch are sent)
 */
export function livingPlan(rows: number, smoke: boolean): LivingPlanFigures {
  const full: LivingPlanFigures = {
    change_rate: 200,
    change_connections: 4,
    match_rate: 100,
    match_connections: 4,
    warmup_ms: 5_000,
    duration_ms: 60_000,
    batch_records: 10_000,
    batch_repeats: 3,
    total_changes: 100_000,
    shares: { ...DEFAULT_CHANGE_SHARES },
  };
  // Below 1M rows (--quick) the changes keep the 1M run's share of the table (a tenth), as far
  // as the 60 s at 200/s and one batch allow, so every row is not changed.
  if (!smoke) return rows >= 1_000_000 ? full : { ...full, batch_repeats: 1, total_changes: Math.floor(rows / 10) };
  const total = Math.min(full.total_changes, Math.floor(rows / 2));
  return { ...full, warmup_ms: 1_000, duration_ms: 5_000, batch_records: Math.max(1, Math.floor(total / 10)), total_changes: total };
}

/** Requests a fixed-rate run sends at most (warm-up included): each connection's slots before the window ends. */
function fixedRateRequests(plan: LivingPlanFigures): number {
  const interval = (plan.change_connections * 1000) / plan.change_rate;
  return plan.change_connections * Math.ceil((plan.warmup_ms + plan.duration_ms) / interval);
}

/** A change was applied: 201 for an add, 200 for an update or delete, with the row id in the answer. */
function isChangeAnswer(e: Exchange): boolean {
  return (e.status === 200 || e.status === 201) && e.body.includes('"row_id"');
}

function isMatchAnswer(e: Exchange): boolean {
  return e.status === 200 && e.body.startsWith('{"matches":[');
}

/**
 * Runs the living-data benchmark on `csv` with `config`. A failure on the
 * way is reported in `error` with whatever was measured up to then; it
 * never throws for a misbehaving server. `outDir` receives the final
 * table's CSV (`living-final-<size>.csv`).
 *
 * @example
 * const r = await runLivingBench({ csv: 'bench/out/people-1M.csv', config: 'bench/workloads/tight.yaml', workload: 'tight', rows: 1_000_000, plan: livingPlan(1_000_000, false), outDir: 'bench/out', log: console.error });
 * r.changes?.latency.p99_ms;
 */
export async function runLivingBench(options: {
  csv: string;
  config: string;
  workload: string;
  rows: number;
  plan: LivingPlanFigures;
  outDir: string;
  log: (line: string) => void;
}): Promise<LivingBenchResult> {
  const { plan, log } = options;
  const result: LivingBenchResult = {
    ran_at: new Date().toISOString(),
    workload: options.workload,
    rows: options.rows,
    load_average_at_start: Math.round(os.loadavg()[0] * 100) / 100,
    plan,
    initial_run_ms: null,
    rss_ready_bytes: null,
    changes: null,
    match_during_changes: null,
    batch: null,
    bulk: null,
    memory: null,
    error: null,
  };
  // Everything the server is sent is read and made before it starts, so preparing it competes with nothing measured.
  const queries = perturbRows(sampleCsvRows(options.csv, QUERY_COUNT), { mix: DEFAULT_QUERY_MIX, seed: QUERY_SEED, drop: ID_COLUMNS });
  const matchBodies = queries.map((q) => Buffer.from(JSON.stringify(q)));
  const sustainedCount = fixedRateRequests(plan);
  const batchCount = plan.batch_records * plan.batch_repeats;
  const bulkCount = Math.max(0, plan.total_changes - sustainedCount - batchCount);
  log(`living: reading ${sustainedCount + batchCount + bulkCount} rows to change`);
  const sources = await readRowsAt(options.csv, pickRowIds(options.rows, sustainedCount + batchCount + bulkCount, CHANGE_SEED));
  const sustained = changeMix(sources.slice(0, sustainedCount), { shares: plan.shares, seed: CHANGE_SEED, dropOnAdd: ID_COLUMNS });
  const batches = changeMix(sources.slice(sustainedCount, sustainedCount + batchCount), { shares: { add: 1, update: 0, delete: 0 }, seed: CHANGE_SEED + 10, dropOnAdd: ID_COLUMNS });
  const bulk = changeMix(sources.slice(sustainedCount + batchCount), { shares: plan.shares, seed: CHANGE_SEED + 20, dropOnAdd: ID_COLUMNS });
  const applied: LivingChange[] = [];

  const stateDir = mkdtempSync(join(os.tmpdir(), 'kindred-bench-living-'));
  const server = spawnServe(CLI, ['--file', options.csv, '--config', options.config, '--port', '0', '--state', stateDir], REPO_ROOT, GC_NODE_ARGS);
  let memory: Omit<LivingMemory, 'fresh_rows' | 'fresh_initial_run_ms' | 'rss_fresh_bytes' | 'ratio'> | null = null;
  try {
    const origin = await server.listening;
    result.initial_run_ms = await untilReady(origin);
    const pid = server.child.pid ?? 0;
    result.rss_ready_bytes = residentBytes(pid);
    await shareWithAMatch(origin, matchBodies.slice(0, MATCH_WARMUP));

    log(`living: ${plan.change_rate} changes/s over ${plan.change_connections} connections with /match at ${plan.match_rate}/s, ${plan.duration_ms / 1000} s`);
    const sustainedSpecs = sustained.map(changeRequest);
    const cpuBefore = processCpuMs(pid);
    const [changes, match] = await Promise.all([
      runLoad({
        origin,
        connections: plan.change_connections,
        warmupMs: plan.warmup_ms,
        durationMs: plan.duration_ms,
        ratePerSecond: plan.change_rate,
        // Never past the list (fixedRateRequests bounds it); a health check would be counted as an error, visibly.
        request: (i) => sustainedSpecs[i] ?? { method: 'GET', path: '/health' },
        accept: isChangeAnswer,
        kindOf: (i) => sustained[i]?.kind ?? 'none',
      }),
      runLoad({
        origin,
        connections: plan.match_connections,
        warmupMs: plan.warmup_ms,
        durationMs: plan.duration_ms,
        ratePerSecond: plan.match_rate,
        request: (i) => ({ method: 'POST', path: '/match', body: matchBodies[i % matchBodies.length] }),
        accept: isMatchAnswer,
      }),
    ]);
    const cpuAfter = processCpuMs(pid);
    result.changes = { ...changes, server_cpu_ms_per_request: cpuBefore !== null && cpuAfter !== null && changes.sent > 0 ? (cpuAfter - cpuBefore) / changes.sent : null };
    result.match_during_changes = match;
    applied.push(...sustained.slice(0, changes.sent));

    log(`living: ${plan.batch_repeats} batches of ${plan.batch_records} adds`);
    result.batch = await timeAddBatches(origin, batches, plan.batch_records);
    applied.push(...batches);

    log(`living: ${bulk.length} more changes (adds in batches), as fast as answered`);
    const bulkRequests = changeRequests(bulk, plan.batch_records);
    const sent = await sendAll(origin, bulkRequests, plan.change_connections, isChangeAnswer);
    result.bulk = { ...sent, changes: bulk.length };
    applied.push(...bulk);

    const count = (kind: LivingChange['kind']): number => applied.filter((c) => c.kind === kind).length;
    const rssBefore = residentBytes(pid);
    const heap = await collectServerGarbage(server);
    memory = {
      changes: applied.length,
      adds: count('add'),
      updates: count('update'),
      deletes: count('delete'),
      records_expected: options.rows + count('add') - count('delete'),
      records_reported: await totalRecords(origin),
      rss_before_gc_bytes: rssBefore,
      rss_after_changes_bytes: residentBytes(pid),
      main_thread_changed: heap,
    };
    log(`living: ${applied.length} changes applied; ${formatMb(memory.rss_after_changes_bytes)} resident after a GC`);
  } catch (e) {
    result.error = e instanceof Error ? e.message : String(e);
    log(`living: ${result.error}`);
  } finally {
    await stopServer(server, result);
    rmSync(stateDir, { recursive: true, force: true });
  }
  const failed = (result.changes?.errors ?? 0) + (result.batch?.errors ?? 0) + (result.bulk?.errors ?? 0);
  if (memory !== null && failed > 0 && result.error === null) result.error = `${failed} change requests failed: the final table is not known, so memory is not compared`;
  if (memory !== null && result.error === null) result.memory = await freshComparison(options, applied, memory, matchBodies.slice(0, MATCH_WARMUP), result, log);
  return result;
}

/** Polls /health until ready; resolves with the time it took, or throws naming the failure. */
async function untilReady(origin: URL): Promise<number> {
  const health = await probeHealthUntilReady(origin, { intervalMs: READY_POLL_MS, timeoutMs: INITIAL_RUN_TIMEOUT_MS });
  if (health.outcome !== 'ok') throw new Error(`initial run ${health.outcome}: ${health.failure ?? ''}`);
  return health.initial_run_ms ?? NaN;
}

async function stopServer(server: ServeProcess, result: LivingBenchResult): Promise<void> {
  const code = await server.stop();
  if (code !== 0 && result.error === null) result.error = `kindred serve exited with ${String(code)} on SIGTERM: ${server.stderr().trim().split('\n').slice(-3).join(' / ')}`;
}

/** Each batch of adds sent once (every batch is new records, so none can be repeated as a warm-up); timed from send to the last byte of the answer. */
async function timeAddBatches(origin: URL, adds: readonly LivingChange[], size: number): Promise<BatchTimings> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const runs: number[] = [];
  const errorSamples = new Set<string>();
  let errors = 0;
  for (let i = 0; i < adds.length; i += size) {
    const records = adds.slice(i, i + size).flatMap((c) => (c.kind === 'add' ? [c.record] : []));
    const e = await exchange(agent, origin, addBatchRequest(records));
    const ok = e.status === 201 && (JSON.parse(e.body) as { count?: number }).count === records.length;
    if (ok) runs.push(e.ms);
    else {
      errors++;
      if (errorSamples.size < 5) errorSamples.add(e.error ?? `${e.status}: ${e.body.slice(0, 200)}`);
    }
  }
  agent.destroy();
  return { records: size, runs_ms: runs, median_ms: runs.length > 0 ? median(runs) : null, errors, error_samples: [...errorSamples] };
}

/** `/stats` total_records, or null when it cannot be read. */
async function totalRecords(origin: URL): Promise<number | null> {
  const agent = new http.Agent({ keepAlive: false });
  const spec: RequestSpec = { method: 'GET', path: '/stats' };
  const e = await exchange(agent, origin, spec);
  agent.destroy();
  if (e.status !== 200) return null;
  const n = (JSON.parse(e.body) as { total_records?: unknown }).total_records;
  return typeof n === 'number' ? n : null;
}

/**
 * The final table written as a CSV and served fresh: its RSS after the
 * initial run, the same /match warm-up and a GC, against the changed
 * server's.
 */
async function freshComparison(
  options: { csv: string; config: string; rows: number; outDir: string },
  applied: readonly LivingChange[],
  changed: Omit<LivingMemory, 'fresh_rows' | 'fresh_initial_run_ms' | 'rss_fresh_bytes' | 'ratio'>,
  warmup: Buffer[],
  result: LivingBenchResult,
  log: (line: string) => void,
): Promise<LivingMemory> {
  const finalCsv = join(options.outDir, `living-final-${sizeLabel(options.rows)}.csv`);
  const freshRows = await writeFinalTable(options.csv, finalCsv, applied);
  log(`living: a fresh server on the final table (${freshRows} rows)`);
  const memory: LivingMemory = { ...changed, fresh_rows: freshRows, fresh_initial_run_ms: null, rss_fresh_bytes: null, ratio: null };
  const stateDir = mkdtempSync(join(os.tmpdir(), 'kindred-bench-living-fresh-'));
  const server = spawnServe(CLI, ['--file', finalCsv, '--config', options.config, '--port', '0', '--state', stateDir], REPO_ROOT, GC_NODE_ARGS);
  try {
    const origin = await server.listening;
    memory.fresh_initial_run_ms = await untilReady(origin);
    await shareWithAMatch(origin, warmup);
    memory.main_thread_fresh = await collectServerGarbage(server);
    memory.rss_fresh_bytes = residentBytes(server.child.pid ?? 0);
    if (memory.rss_after_changes_bytes !== null && memory.rss_fresh_bytes !== null) memory.ratio = memory.rss_after_changes_bytes / memory.rss_fresh_bytes;
    log(`living: fresh ${formatMb(memory.rss_fresh_bytes)} resident; changed ÷ fresh = ${memory.ratio?.toFixed(3) ?? '—'}`);
  } catch (e) {
    result.error = `fresh server: ${e instanceof Error ? e.message : String(e)}`;
    log(`living: ${result.error}`);
  } finally {
    await stopServer(server, result);
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(finalCsv, { force: true });
  }
  return memory;
}

function formatMb(bytes: number | null): string {
  return bytes === null ? '—' : `${Math.round(bytes / 1e6)} MB`;
}
