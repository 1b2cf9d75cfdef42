/** The server benchmark's part of docs/benchmarks.md: its rows of the targets table and its own table of measurements. */
import type { BenchResults, ServerBenchResult, ServerLoadResult } from './bench-results.js';
import type { LoadResult } from './load-generator.js';
import { markdownTable } from './markdown.js';
import { formatCount, formatGigabytes, formatSeconds } from './number-format.js';
import { sizeLabel } from './people-data.js';

/** The server targets of issue 3, all at 1M rows. */
const TARGETS = {
  healthP99Ms: 50,
  matchP50Ms: 2,
  matchP99Ms: 10,
  matchPerSecond: 3_000,
  batchMs: 1_000,
} as const;

function measured(r: BenchResults): ServerBenchResult | null {
  return r.server !== undefined && 'health' in r.server ? r.server : null;
}

/**
 * Milliseconds with a precision that suits them: 0.42 ms, 3.1 ms, 180 ms.
 *
 * @example
 * formatMs(0.4213); // "0.42 ms"
 */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms)} ms`;
}

/**
 * A load result's figure, or null when the run had errors (a figure with failed requests in it means nothing).
 *
 * @example
 * clean(result.match_latency, (l) => l.latency.p99_ms); // null when any request failed
 */
export function clean(load: LoadResult | null, pick: (l: LoadResult) => number | null): number | null {
  return load === null || load.errors > 0 ? null : pick(load);
}

/**
 * A target's status: not measured, shown but not judged (a run on fewer than 1M rows), met or not met.
 *
 * @example
 * verdict(12.5, (x) => x <= 10, true); // "**not met**"
 */
export function verdict(x: number | null, ok: (x: number) => boolean, measuredAt1M: boolean): string {
  if (x === null) return 'not measured';
  if (!measuredAt1M) return 'not measured at 1M rows';
  return ok(x) ? 'met' : '**not met**';
}

/**
 * The rows the server benchmark adds to the targets table (target, goal,
 * measured, status). A figure from a run with failed requests is not
 * measured; a figure from a --quick run (100k rows) is shown but not judged.
 *
 * @example
 * rows.push(...serverTargetRows(results));
 */
export function serverTargetRows(r: BenchResults): string[][] {
  const s = measured(r);
  const at1M = s?.rows === 1_000_000;
  const size = s ? sizeLabel(s.rows) : '1M';
  const healthP99 = s && s.health.errors === 0 ? s.health.latency.p99_ms : null;
  const zero = s?.zero_config_health ?? null;
  const zeroP99 = zero !== null && zero.outcome === 'ok' && zero.errors === 0 ? zero.latency.p99_ms : null;
  const rps = clean(s?.match_throughput ?? null, (l) => l.requests_per_second);
  const p50 = clean(s?.match_latency ?? null, (l) => l.latency.p50_ms);
  const p99 = clean(s?.match_latency ?? null, (l) => l.latency.p99_ms);
  const batch = s?.batch && s.batch.errors === 0 ? s.batch.median_ms : null;
  const rate = `${formatCount(TARGETS.matchPerSecond)}/s`;
  return [
    [`/health p99 during the initial run (${size} rows)`, `≤ ${TARGETS.healthP99Ms} ms`, formatMs(healthP99), verdict(healthP99, (x) => x <= TARGETS.healthP99Ms, at1M)],
    [`/health p99 during a zero-config initial run, autoconfig included (${size} rows)`, `≤ ${TARGETS.healthP99Ms} ms`, formatMs(zeroP99), verdict(zeroP99, (x) => x <= TARGETS.healthP99Ms, at1M)],
    [`/match throughput, 32 connections, closed loop (${size} rows)`, `≥ ${rate}`, rps === null ? '—' : `${formatCount(rps)}/s`, verdict(rps, (x) => x >= TARGETS.matchPerSecond, at1M)],
    [`/match p50 at ${rate} over 32 connections (${size} rows)`, `≤ ${TARGETS.matchP50Ms} ms`, formatMs(p50), verdict(p50, (x) => x <= TARGETS.matchP50Ms, at1M)],
    [`/match p99 at ${rate} over 32 connections (${size} rows)`, `≤ ${TARGETS.matchP99Ms} ms`, formatMs(p99), verdict(p99, (x) => x <= TARGETS.matchP99Ms, at1M)],
    [`/match/batch of 1,000 records, median (${size} rows)`, `≤ ${formatSeconds(TARGETS.batchMs)}`, formatMs(batch), verdict(batch, (x) => x <= TARGETS.batchMs, at1M)],
  ];
}

function loadRow(label: string, l: ServerLoadResult | null): string[] {
  if (l === null) return [label, '—', '—', '—', '—', '—', '—', '—', '—', '—', '—'];
  return [
    label,
    l.offered_per_second === null ? 'as fast as answered' : `${formatCount(l.offered_per_second)}/s`,
    `${formatCount(l.requests_per_second)}/s`,
    formatCount(l.requests),
    formatMs(l.latency.p50_ms),
    formatMs(l.latency.p99_ms),
    formatMs(l.latency.max_ms),
    formatCount(l.errors),
    formatMs(l.server_cpu_ms_per_request),
    formatMs(l.generator_cpu_ms_per_request),
    formatMs(l.generator_loop_delay_max_ms),
  ];
}

/**
 * The `bench:server` section: how the run went, the /health probes, /match
 * under both loads, and /match/batch.
 *
 * @example
 * doc = replaceSection(doc, 'bench:server', serverSection(results));
 */
export function serverSection(r: BenchResults): string {
  if (r.server === undefined) return '_The server benchmark has not run yet._';
  if (!('health' in r.server)) return `_Skipped: ${r.server.skipped}._`;
  const s = r.server;
  const h = s.health;
  const lines = [
    `Measured ${s.ran_at}: \`${s.workload}\` workload, ${sizeLabel(s.rows)} rows; 1-minute load average at the start: ${s.load_average_at_start}. ` +
      `Bound ${formatMs(s.startup_ms)} after spawn; ready ${formatSeconds(h.initial_run_ms)} after binding; ${formatGigabytes(s.rss_ready_bytes)} resident once ready.`,
  ];
  if (s.error !== null) lines.push('', `**The run stopped early: ${s.error}**`);
  lines.push(
    '',
    markdownTable(
      ['/health during the initial run', 'probes', 'p50', 'p90', 'p99', 'max', '> 50 ms', 'errors'],
      [[`every ${h.interval_ms} ms`, formatCount(h.latency.count), formatMs(h.latency.p50_ms), formatMs(h.latency.p90_ms), formatMs(h.latency.p99_ms), formatMs(h.latency.max_ms), formatCount(h.over_50ms), formatCount(h.errors)]],
    ),
  );
  if (h.slowest.length > 0) {
    lines.push('', `Slowest probes (ms after binding → latency): ${h.slowest.map((p) => `${formatCount(p.at_ms)} → ${formatMs(p.latency_ms)}`).join(', ')}.`);
  }
  const z = s.zero_config_health ?? null;
  if (z !== null) {
    lines.push(
      '',
      `A second server on the same file without \`--config\` (the controller runs first): ready ${formatSeconds(z.initial_run_ms)} after binding.`,
      '',
      markdownTable(
        ['/health during a zero-config initial run', 'probes', 'p50', 'p90', 'p99', 'max', '> 50 ms', 'errors'],
        [[`every ${z.interval_ms} ms`, formatCount(z.latency.count), formatMs(z.latency.p50_ms), formatMs(z.latency.p90_ms), formatMs(z.latency.p99_ms), formatMs(z.latency.max_ms), formatCount(z.over_50ms), formatCount(z.errors)]],
      ),
    );
  }
  lines.push(
    '',
    markdownTable(
      ['/match, 32 connections', 'offered', 'answered', 'requests', 'p50', 'p99', 'max', 'errors', 'server CPU per request', 'generator CPU per request', 'generator loop delay (max)'],
      [loadRow('closed loop', s.match_throughput), loadRow('fixed rate', s.match_latency)],
    ),
    '',
    `Queries: ${formatCount(s.queries.distinct)} distinct records (${s.queries.mix}); ` +
      `${s.queries.share_with_a_match === null ? '—' : `${Math.round(s.queries.share_with_a_match * 100)}%`} of the first 500 have at least one match.`,
  );
  const b = s.batch;
  if (b !== null) {
    lines.push(
      '',
      markdownTable(
        ['/match/batch', 'median', 'runs', 'errors'],
        [[`${formatCount(b.records)} records`, formatMs(b.median_ms), b.runs_ms.map((ms) => formatMs(ms)).join(', '), formatCount(b.errors)]],
      ),
    );
  }
  const errors = [
    ...h.error_samples.map((e) => `- /health error: ${e}`),
    ...[s.match_throughput, s.match_latency].flatMap((l) => (l?.error_samples ?? []).map((e) => `- /match error: ${e}`)),
    ...(b?.error_samples ?? []).map((e) => `- /match/batch error: ${e}`),
  ];
  if (errors.length > 0) lines.push('', ...errors);
  return lines.join('\n');
}
