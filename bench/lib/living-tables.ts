/** The living-data benchmark's part of docs/benchmarks.md: its rows of the targets table and its own table of measurements. */
import type { BenchResults, LivingBenchResult } from './bench-results.js';
import type { LatencySummary } from './latency-percentiles.js';
import { markdownTable } from './markdown.js';
import { formatCount, formatGigabytes, formatSeconds } from './number-format.js';
import { sizeLabel } from './people-data.js';
import { clean, formatMs, verdict } from './server-tables.js';

/** The speed rows of issue 16, at 1M rows; /match keeps the targets of issue 3. */
const TARGETS = {
  changeP50Ms: 3,
  changeP99Ms: 20,
  matchP50Ms: 2,
  matchP99Ms: 10,
  batchMs: 2_000,
  memoryRatio: 1.1,
} as const;

function measured(r: BenchResults): LivingBenchResult | null {
  return r.living !== undefined && 'plan' in r.living ? r.living : null;
}

/**
 * The rows the living-data benchmark adds to the targets table (target,
 * goal, measured, status); judged only on the 1M-row file.
 *
 * @example
 * rows.push(...livingTargetRows(results));
 */
export function livingTargetRows(r: BenchResults): string[][] {
  const l = measured(r);
  const at1M = l?.rows === 1_000_000;
  const size = l ? sizeLabel(l.rows) : '1M';
  const rate = l ? `${formatCount(l.plan.change_rate)}/s for ${formatSeconds(l.plan.duration_ms).replace('.00 s', ' s')}` : '200/s for 60 s';
  const matchRate = l ? `${formatCount(l.plan.match_rate)}/s` : '100/s';
  const changes = clean(l?.changes ?? null, (x) => x.latency.p50_ms);
  const changes99 = clean(l?.changes ?? null, (x) => x.latency.p99_ms);
  const match = clean(l?.match_during_changes ?? null, (x) => x.latency.p50_ms);
  const match99 = clean(l?.match_during_changes ?? null, (x) => x.latency.p99_ms);
  const batch = l?.batch && l.batch.errors === 0 ? l.batch.median_ms : null;
  const ratio = l?.memory?.ratio ?? null;
  const batchLabel = l ? formatCount(l.plan.batch_records) : '10,000';
  const total = l ? formatCount(l.memory?.changes ?? l.plan.total_changes) : '100,000';
  return [
    [`single-record changes (POST/PUT/DELETE /records) p50 at ${rate} (${size} rows)`, `≤ ${TARGETS.changeP50Ms} ms`, formatMs(changes), verdict(changes, (x) => x <= TARGETS.changeP50Ms, at1M)],
    [`single-record changes p99 at ${rate} (${size} rows)`, `≤ ${TARGETS.changeP99Ms} ms`, formatMs(changes99), verdict(changes99, (x) => x <= TARGETS.changeP99Ms, at1M)],
    [`/match p50 at ${matchRate} during those changes (${size} rows)`, `≤ ${TARGETS.matchP50Ms} ms`, formatMs(match), verdict(match, (x) => x <= TARGETS.matchP50Ms, at1M)],
    [`/match p99 at ${matchRate} during those changes (${size} rows)`, `≤ ${TARGETS.matchP99Ms} ms`, formatMs(match99), verdict(match99, (x) => x <= TARGETS.matchP99Ms, at1M)],
    [`POST /records batch of ${batchLabel} adds, median (${size} rows)`, `≤ ${formatSeconds(TARGETS.batchMs)}`, formatMs(batch), verdict(batch, (x) => x <= TARGETS.batchMs, at1M)],
    [
      `RSS after ${total} changes ÷ RSS of a fresh load of the final table (${size} rows)`,
      `≤ ${TARGETS.memoryRatio.toFixed(2)}×`,
      ratio === null ? '—' : `${ratio.toFixed(3)}×`,
      verdict(ratio, (x) => x <= TARGETS.memoryRatio, at1M),
    ],
  ];
}

function latencyCells(s: LatencySummary | undefined): string[] {
  return [formatCount(s?.count), formatMs(s?.p50_ms), formatMs(s?.p90_ms), formatMs(s?.p99_ms), formatMs(s?.max_ms)];
}

/**
 * The `bench:living` section: the run, the changes by kind with /match
 * beside them, the batches, and the memory comparison.
 *
 * @example
 * doc = replaceSection(doc, 'bench:living', livingSection(results));
 */
export function livingSection(r: BenchResults): string {
  if (r.living === undefined) return '_The living-data benchmark has not run yet._';
  if (!('plan' in r.living)) return `_Skipped: ${r.living.skipped}._`;
  const l = r.living;
  const p = l.plan;
  const pct = (x: number): string => `${Math.round(x * 100)}%`;
  const lines = [
    `Measured ${l.ran_at}: \`${l.workload}\` workload, ${sizeLabel(l.rows)} rows; 1-minute load average at the start: ${l.load_average_at_start}. ` +
      `Ready ${formatSeconds(l.initial_run_ms)} after binding; ${formatGigabytes(l.rss_ready_bytes)} resident once ready. ` +
      `Changes: ${pct(p.shares.add)} adds, ${pct(p.shares.update)} updates, ${pct(p.shares.delete)} deletes of distinct rows.`,
  ];
  if (l.error !== null) lines.push('', `**The run stopped early or is incomplete: ${l.error}**`);
  const c = l.changes;
  const m = l.match_during_changes;
  const rows: string[][] = [];
  if (c !== null) {
    const offered = `${formatCount(c.offered_per_second)}/s over ${c.connections}`;
    rows.push(['all changes', offered, `${formatCount(c.requests_per_second)}/s`, ...latencyCells(c.latency), formatCount(c.errors)]);
    const route: Record<string, string> = { add: 'of which `POST /records`', update: 'of which `PUT /records/<id>`', delete: 'of which `DELETE /records/<id>`' };
    for (const [kind, s] of Object.entries(c.by_kind ?? {})) rows.push([route[kind] ?? kind, '', '', ...latencyCells(s), '']);
  }
  if (m !== null) rows.push(['/match beside them', `${formatCount(m.offered_per_second)}/s over ${m.connections}`, `${formatCount(m.requests_per_second)}/s`, ...latencyCells(m.latency), formatCount(m.errors)]);
  if (rows.length > 0) {
    lines.push(
      '',
      `Fixed rates for ${formatSeconds(p.duration_ms)} after ${formatSeconds(p.warmup_ms)} of warm-up:`,
      '',
      markdownTable(['requests', 'offered', 'answered', 'measured', 'p50', 'p90', 'p99', 'max', 'errors'], rows),
    );
    if (c !== null) {
      lines.push(
        '',
        `Server CPU per change over the phase (the /match load included): ${formatMs(c.server_cpu_ms_per_request)}; ` +
          `generator loop delay max ${formatMs(c.generator_loop_delay_max_ms)}.`,
      );
    }
  }
  const b = l.batch;
  if (b !== null) {
    lines.push('', markdownTable(['POST /records {records}', 'median', 'runs', 'errors'], [[`${formatCount(b.records)} adds`, formatMs(b.median_ms), b.runs_ms.map((ms) => formatMs(ms)).join(', '), formatCount(b.errors)]]));
  }
  const bulk = l.bulk;
  if (bulk !== null) {
    lines.push('', `Then ${formatCount(bulk.changes)} more changes in ${formatCount(bulk.requests)} requests (adds batched), as fast as answered: ${formatSeconds(bulk.ms)}, ${formatCount(bulk.errors)} errors.`);
  }
  const mem = l.memory;
  if (mem !== null) {
    lines.push(
      '',
      markdownTable(
        ['memory', 'records', 'resident (after a GC)', 'before the GC', 'main-thread heap used', 'main-thread external (buffers)', 'initial run'],
        [
          [
            `after ${formatCount(mem.changes)} changes (${formatCount(mem.adds)} adds, ${formatCount(mem.updates)} updates, ${formatCount(mem.deletes)} deletes)`,
            `${formatCount(mem.records_reported)} (expected ${formatCount(mem.records_expected)})`,
            formatGigabytes(mem.rss_after_changes_bytes),
            formatGigabytes(mem.rss_before_gc_bytes),
            formatGigabytes(mem.main_thread_changed?.heapUsed),
            formatGigabytes(mem.main_thread_changed?.external),
            formatSeconds(l.initial_run_ms),
          ],
          [
            'a fresh server on the final table',
            formatCount(mem.fresh_rows),
            formatGigabytes(mem.rss_fresh_bytes),
            '',
            formatGigabytes(mem.main_thread_fresh?.heapUsed),
            formatGigabytes(mem.main_thread_fresh?.external),
            formatSeconds(mem.fresh_initial_run_ms),
          ],
        ],
      ),
      '',
      `Changed ÷ fresh: ${mem.ratio === null ? '—' : `**${mem.ratio.toFixed(3)}×**`}.`,
    );
  }
  const errors = [
    ...(c?.error_samples ?? []).map((e) => `- change error: ${e}`),
    ...(m?.error_samples ?? []).map((e) => `- /match error: ${e}`),
    ...(b?.error_samples ?? []).map((e) => `- batch error: ${e}`),
    ...(bulk?.error_samples ?? []).map((e) => `- bulk change error: ${e}`),
  ];
  if (errors.length > 0) lines.push('', ...errors);
  return lines.join('\n');
}
