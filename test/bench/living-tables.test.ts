// The living-data part of docs/benchmarks.md: its target rows judged at 1M rows only, figures with failed requests not measured, and its section.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BenchResults, LivingBenchResult } from '../../bench/lib/bench-results.js';
import { latencySummary } from '../../bench/lib/latency-percentiles.js';
import type { LoadResult } from '../../bench/lib/load-generator.js';
import { livingSection, livingTargetRows } from '../../bench/lib/living-tables.js';
import { livingPlan } from '../../bench/living-load.js';

const base = { generated_at: '', commit: 'x', machine: { cpus: 2, cpuModel: 'cpu', totalMemoryGb: 24, node: 'v20', platform: 'linux', loadAverageAtStart: 0 }, rss_method: 'GNU time', scorers: { skipped: 'no' }, end_to_end: { skipped: 'no' } } as unknown as BenchResults;

function load(latencies: number[], errors = 0): LoadResult {
  return {
    mode: 'fixed_rate', connections: 4, offered_per_second: 200, duration_ms: 60_000, elapsed_ms: 60_000, requests: latencies.length, sent: latencies.length,
    generator_cpu_ms_per_request: 0.1, errors, error_samples: errors > 0 ? ['500: boom'] : [], generator_loop_delay_p99_ms: 1, generator_loop_delay_max_ms: 2,
    requests_per_second: 200, latency: latencySummary(latencies), by_kind: { add: latencySummary(latencies) },
  };
}

function living(rows: number, overrides: Partial<LivingBenchResult> = {}): LivingBenchResult {
  return {
    ran_at: 't', workload: 'tight', rows, load_average_at_start: 1, plan: livingPlan(rows, false), initial_run_ms: 20_000, rss_ready_bytes: 2e9,
    changes: { ...load([1, 2, 2, 2, 30]), server_cpu_ms_per_request: 0.8 },
    match_during_changes: load([0.5, 0.6, 0.7]),
    batch: { records: 10_000, runs_ms: [1500, 1800, 2500], median_ms: 1800, errors: 0, error_samples: [] },
    bulk: { requests: 100, changes: 1000, ms: 5000, errors: 0, error_samples: [] },
    memory: {
      changes: 100_000, adds: 40_000, updates: 40_000, deletes: 20_000, records_expected: 1_020_000, records_reported: 1_020_000, rss_before_gc_bytes: 2.3e9,
      rss_after_changes_bytes: 2.2e9, fresh_rows: 1_020_000, fresh_initial_run_ms: 21_000, rss_fresh_bytes: 2e9, ratio: 1.1,
    },
    error: null,
    ...overrides,
  };
}

const status = (rows: string[][], start: string): string | undefined => rows.find((r) => r[0].startsWith(start))?.[3];

test('at 1M rows each target is judged: p99 of the changes over 20 ms is not met, the rest met', () => {
  const rows = livingTargetRows({ ...base, living: living(1_000_000) });
  assert.equal(rows.length, 6);
  assert.equal(status(rows, 'single-record changes (POST/PUT/DELETE /records) p50'), 'met');
  assert.equal(status(rows, 'single-record changes p99'), '**not met**');
  assert.equal(status(rows, '/match p50'), 'met');
  assert.equal(status(rows, 'POST /records batch'), 'met');
  assert.equal(status(rows, 'RSS after 100,000 changes'), 'met');
});

test('below 1M rows the figures are shown, not judged; a load with failed requests is not measured; nothing run yet says so', () => {
  const quick = livingTargetRows({ ...base, living: living(100_000) });
  assert.ok(quick.every((r) => r[3] === 'not measured at 1M rows'));
  const failed = livingTargetRows({ ...base, living: living(1_000_000, { changes: { ...load([1, 2], 3), server_cpu_ms_per_request: null } }) });
  assert.equal(status(failed, 'single-record changes (POST/PUT/DELETE /records) p50'), 'not measured');
  assert.ok(livingTargetRows(base).every((r) => r[3] === 'not measured'));
  assert.equal(livingSection(base), '_The living-data benchmark has not run yet._');
  assert.equal(livingSection({ ...base, living: { skipped: 'no file' } }), '_Skipped: no file._');
});

test('the section lists the changes by route, /match beside them, the batches and the memory comparison', () => {
  const text = livingSection({ ...base, living: living(1_000_000) });
  assert.match(text, /of which `POST \/records`/);
  assert.match(text, /\/match beside them/);
  assert.match(text, /10,000 adds \| 1800 ms \| 1500 ms, 1800 ms, 2500 ms/);
  assert.match(text, /Changed ÷ fresh: \*\*1\.100×\*\*/);
});
