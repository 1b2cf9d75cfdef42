/** Rows a run did not plan are kept from the previous results with the date they were measured; rows it measured replace the old ones. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BenchResults, EndToEndResult, SideBySideResult, SideBySideRow } from '../../bench/lib/bench-results.js';
import { benchTables } from '../../bench/lib/bench-tables.js';
import { carryEndToEnd, carrySideRows } from '../../bench/lib/carried-rows.js';

const figures = { wall_ms: 1000, wall_runs_ms: [1000], peak_rss_bytes: 1e9, candidate_pairs: 10, match_pairs: 5 };
const row = (workload: string, rows: number, ratio: number, extra: Partial<SideBySideRow> = {}): SideBySideRow =>
  ({ workload, rows, pairs: 1, reference: figures, kindred: figures, ratio, errors: [], ...extra }) as SideBySideRow;
const run = (ranAt: string, rows: SideBySideRow[]): SideBySideResult => ({ ran_at: ranAt, threads: 2, rows, skipped: [] });

test('a size this run did not plan is kept from the previous run, dated; a size it measured is replaced', () => {
  const previous = run('2026-11-27T05:55:19.910Z', [row('tight', 1_000_000, 2.0), row('tight', 10_000_000, 1.86)]);
  const fresh = run('2026-11-27T07:00:00.000Z', [row('tight', 1_000_000, 3.0)]);
  const merged = carrySideRows(fresh, previous);
  assert.ok('rows' in merged);
  assert.deepStrictEqual(merged.rows.map((r) => [r.rows, r.ratio, r.measured_at]), [
    [1_000_000, 3.0, undefined],
    [10_000_000, 1.86, '2026-11-27T05:55:19.910Z'],
  ]);
  assert.equal(merged.ran_at, '2026-11-27T07:00:00.000Z');
});

test('a row carried twice keeps the date it was measured, not the run that last carried it', () => {
  const older = run('2026-11-28T00:00:00.000Z', [row('tight', 10_000_000, 5.5, { measured_at: '2026-11-25T08:35:39.083Z' })]);
  const merged = carrySideRows(run('2026-11-29T00:00:00.000Z', []), older);
  assert.ok('rows' in merged);
  assert.equal(merged.rows[0].measured_at, '2026-11-25T08:35:39.083Z');
});

test('a skipped run, or no previous rows, carries nothing', () => {
  const previous = run('2026-11-27T05:55:19.910Z', [row('tight', 10_000_000, 1.86)]);
  assert.deepStrictEqual(carrySideRows({ skipped: 'no reference' }, previous), { skipped: 'no reference' });
  const fresh = run('2026-11-27T07:00:00.000Z', [row('tight', 1_000_000, 3.0)]);
  assert.deepStrictEqual(carrySideRows(fresh, undefined), fresh);
  assert.deepStrictEqual(carrySideRows(fresh, { skipped: 'not run yet' }), fresh);
});

const e2e = (workload: string, rows: number, workers: number, score: number): EndToEndResult =>
  ({
    workload, rows, workers, runs: 1, errors: [], wall_ms: score * 2, wall_runs_ms: [score * 2], peak_rss_bytes: null, phases_ms: { score },
    candidate_pairs: null, kept_pairs: null, records_per_second: null, candidate_pairs_per_second: null,
    evaluate_candidate_pairs: null, precision: null, recall: null, f1: null, bcubed_f1: null,
  });

test('end to end: both worker counts of a size this run did not plan are kept together, dated; planned sizes are replaced', () => {
  const previous = { ran_at: '2026-11-28T02:46:22.483Z', quick: false, skipped: [], runs: [e2e('tight', 1_000_000, 1, 2), e2e('tight', 1_000_000, 2, 1), e2e('tight', 10_000_000, 1, 120), e2e('tight', 10_000_000, 2, 64)] };
  const fresh = { ran_at: '2026-11-29T00:00:00.000Z', quick: false, skipped: [], runs: [e2e('tight', 1_000_000, 1, 3), e2e('tight', 1_000_000, 2, 2)] };
  const merged = carryEndToEnd(fresh, previous);
  assert.ok('runs' in merged);
  assert.deepStrictEqual(merged.runs.map((x) => [x.rows, x.workers, x.phases_ms.score, x.measured_at]), [
    [1_000_000, 1, 3, undefined],
    [1_000_000, 2, 2, undefined],
    [10_000_000, 1, 120, '2026-11-28T02:46:22.483Z'],
    [10_000_000, 2, 64, '2026-11-28T02:46:22.483Z'],
  ]);
  assert.deepStrictEqual(carryEndToEnd({ skipped: 'no generator' }, previous), { skipped: 'no generator' });
  assert.deepStrictEqual(carryEndToEnd(fresh, { skipped: 'not run yet' }), fresh);
});

test('the 10M scaling goal is judged from carried runs, with their date; without 10M runs it is not measured', () => {
  const base = { generated_at: '', commit: 'x', machine: { cpus: 2, cpuModel: 'cpu', totalMemoryGb: 24, node: 'v20', platform: 'linux', loadAverageAtStart: 0 }, rss_method: 'GNU time', scorers: { skipped: 'no' }, side_by_side: { skipped: 'no' } } as unknown as BenchResults;
  const previous = { ran_at: '2026-11-28T02:46:22.483Z', quick: false, skipped: [], runs: [e2e('tight', 10_000_000, 1, 120_000), e2e('tight', 10_000_000, 2, 64_000)] };
  const fresh = { ran_at: '2026-11-29T00:00:00.000Z', quick: false, skipped: [], runs: [e2e('tight', 1_000_000, 1, 3_000), e2e('tight', 1_000_000, 2, 2_000)] };
  const tables = benchTables({ ...base, end_to_end: carryEndToEnd(fresh, previous) });
  assert.match(tables['bench:targets'], /\| tight, 10M rows: scoring throughput, 2 workers ÷ 1 worker \| ≥ 1\.8× \| 1\.88× \(measured 2026-11-28\) \| met \|/);
  assert.match(tables['bench:targets'], /\| tight, 1M rows: scoring throughput, 2 workers ÷ 1 worker \| ≥ 1\.8× \| 1\.50× \| \*\*not met\*\* \|/);
  assert.match(tables['bench:scaling'], /\| tight \| 10M \(measured 2026-11-28\) \| 120\.00 s \| 64\.00 s \| 1\.88× \|/);
  const without = benchTables({ ...base, end_to_end: fresh });
  assert.match(without['bench:targets'], /\| tight, 10M rows: scoring throughput, 2 workers ÷ 1 worker \| ≥ 1\.8× \| — \| not measured \|/);
});
