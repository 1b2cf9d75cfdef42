import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { compare, sideBySidePlan } from '../../bench/side-by-side.js';
import { benchTables } from '../../bench/lib/bench-tables.js';
import type { BenchResults } from '../../bench/lib/bench-results.js';
import type { DedupeSample } from '../../bench/lib/dedupe-once.js';
import { ensureReference, type ReferenceSample } from '../../bench/lib/duckdb-reference.js';

const ref = (wallMs: number, candidatePairs = 1000, error: string | null = null): ReferenceSample => ({
  wallMs,
  peakRssBytes: 3e8,
  candidatePairs,
  matchPairs: 400,
  timings: {},
  error,
});
const ours = (wallMs: number, candidatePairs = 1000, error: string | null = null): DedupeSample => ({
  wallMs,
  peakRssBytes: 2e8,
  phasesMs: {},
  candidatePairs,
  keptPairs: 500,
  matchedPairs: 400,
  error,
});

test('the ratio is the reference median wall over the kindred median wall, with every run and both counts kept', () => {
  const row = compare('tight', 100_000, [ref(3000), ref(2000), ref(4000)], [ours(1000), ours(900), ours(1100)]);
  assert.equal(row.ratio, 3);
  assert.deepEqual(row.reference.wall_runs_ms, [3000, 2000, 4000]);
  assert.deepEqual(row.kindred.wall_runs_ms, [1000, 900, 1100]);
  assert.deepEqual([row.reference.candidate_pairs, row.kindred.candidate_pairs], [1000, 1000]);
  assert.deepEqual([row.reference.match_pairs, row.kindred.match_pairs], [400, 400]);
  assert.equal(row.pairs, 3);
  assert.deepEqual(row.errors, []);
});

test('different candidate pairs void the ratio and say so: the two did not do the same work', () => {
  const row = compare('broad', 100_000, [ref(3000, 1000)], [ours(1000, 999)]);
  assert.equal(row.ratio, null);
  assert.match(row.errors.join(' '), /candidate pairs differ: reference 1000, kindred 999/);
});

test('a failed run is reported and left out of the medians', () => {
  const row = compare('tight', 1_000_000, [ref(5000), ref(1, 1000, 'exit 1: out of memory')], [ours(1000)]);
  assert.equal(row.ratio, 5);
  assert.deepEqual(row.reference.wall_runs_ms, [5000]);
  assert.match(row.errors.join(' '), /reference failed: exit 1: out of memory/);
  const none = compare('tight', 1_000_000, [ref(5000)], [ours(1, 1000, 'exit 137')]);
  assert.equal(none.ratio, null, 'no kindred run, no ratio');
});

test('the plan alternates at least 3 pairs at 100k and for tight 1M, one for broad 1M, and 10M only when asked', () => {
  const full = sideBySidePlan({ quick: false, tenMillion: true, repeat: 1 });
  assert.deepEqual(
    full.map((p) => `${p.workload}/${p.rows}/${p.pairs}${p.duckdb ? '+duckdb' : ''}`),
    ['tight/100000/3+duckdb', 'broad/100000/3', 'tight/1000000/3+duckdb', 'broad/1000000/1', 'tight/10000000/1+duckdb'],
  );
  // --rows: one small size, one pair each, for a smoke run of the code path.
  assert.deepEqual(
    sideBySidePlan({ quick: false, tenMillion: true, repeat: 3, rows: 2000 }).map((p) => `${p.workload}/${p.rows}/${p.pairs}${p.duckdb ? '+duckdb' : ''}`),
    ['tight/2000/1+duckdb', 'broad/2000/1'],
  );
  assert.deepEqual(sideBySidePlan({ quick: true, tenMillion: false, repeat: 5 }).map((p) => p.pairs), [5, 5]);
});

test('a shared folder without the reference pipeline is a reason to skip, not a crash', () => {
  const empty = mkdtempSync(join(tmpdir(), 'kindred-noref-'));
  const r = ensureReference(empty);
  assert.equal(r.ok, false);
  assert.match(r.ok ? '' : r.reason, /duckdb-reference[/\\]run\.mjs not found/);
});

const duck = (wallMs: number, candidatePairs = 1000, error: string | null = null, rss = 4e9): DedupeSample => ({
  wallMs,
  peakRssBytes: rss,
  phasesMs: { prepare: 1000, block: 2000, score: wallMs - 4000, cluster: 500, write: 500 },
  candidatePairs,
  keptPairs: 500,
  matchedPairs: 400,
  error,
});

test('the DuckDB engine side: its ratio is its median wall over the reference median wall, with pairs per second over the wall', () => {
  const row = compare('tight', 1_000_000, [ref(40_000), ref(44_000)], [ours(10_000), ours(12_000)], [duck(50_000), duck(56_000)]);
  assert.equal(row.duckdb_vs_reference, 53_000 / 42_000);
  assert.equal(row.duckdb?.memory_limit, '4GB');
  assert.equal(row.duckdb?.pairs_per_second, 1000 / 53);
  assert.deepEqual(row.duckdb?.wall_runs_ms, [50_000, 56_000]);
  assert.equal(row.duckdb?.phases_ms.score, 49_000);
  assert.equal(row.ratio, 42_000 / 11_000, 'the worker pool ratio is unchanged');
  assert.deepEqual(row.errors, []);
  assert.equal(compare('tight', 100_000, [ref(3000)], [ours(1000)]).duckdb, undefined, 'not planned: no DuckDB side');
});

test('the DuckDB engine doing other work voids its ratio; a failed run is reported', () => {
  const differ = compare('tight', 1_000_000, [ref(40_000, 1000)], [ours(10_000, 1000)], [duck(50_000, 999)]);
  assert.equal(differ.duckdb_vs_reference, null);
  assert.match(differ.errors.join(' '), /candidate pairs differ: reference 1000, DuckDB engine 999/);
  assert.notEqual(differ.ratio, null, 'the worker pool ratio stands');
  const failed = compare('tight', 10_000_000, [ref(600_000)], [ours(120_000)], [duck(1, 1000, 'exit 137')]);
  assert.equal(failed.duckdb_vs_reference, null);
  assert.match(failed.errors.join(' '), /DuckDB engine failed: exit 137/);
});

test('the DuckDB engine table and targets: 1M ratio ≤ 1.5×, 10M finishes with peak RSS ≤ 5 GB', () => {
  const base = { generated_at: '', commit: 'x', machine: { cpus: 2, cpuModel: 'cpu', totalMemoryGb: 24, node: 'v22', platform: 'linux', loadAverageAtStart: 0 }, rss_method: 'GNU time', scorers: { skipped: 'no' }, end_to_end: { skipped: 'no' } } as unknown as BenchResults;
  assert.equal(benchTables(base)['bench:duckdb-engine'], '_Not run yet._');
  const rows = [
    compare('tight', 1_000_000, [ref(40_000)], [ours(10_000)], [duck(52_000)]),
    compare('tight', 10_000_000, [ref(600_000)], [ours(120_000)], [duck(900_000, 1000, null, 6e9)]),
  ];
  const tables = benchTables({ ...base, side_by_side: { ran_at: 't', threads: 2, rows, skipped: [] } });
  assert.match(tables['bench:duckdb-engine'], /\| tight \| 1M \| 4GB \| 52\.00 s \| 52\.00 s \| \*\*1\.30×\*\* \| 40\.00 s \| 10\.00 s \|/);
  assert.match(tables['bench:duckdb-engine'], /prepare 1\.0, block 2\.0, score 48\.0, cluster 0\.5, write 0\.5/);
  assert.match(tables['bench:targets'], /\| tight, 1M rows: DuckDB engine wall ÷ reference wall \(2 threads each\) \| ≤ 1\.5× \| 1\.30× \| met \|/);
  assert.match(tables['bench:targets'], /\| tight, 10M rows: DuckDB engine finishes with memory_limit 4GB \| finishes \| 900\.00 s \| met \|/);
  assert.match(tables['bench:targets'], /\| tight, 10M rows: DuckDB engine peak RSS \| ≤ 5\.00 GB \| 6\.00 GB \| \*\*not met\*\* \|/);
});
