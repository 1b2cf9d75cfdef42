import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { compare, sideBySidePlan } from '../../bench/side-by-side.js';
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

test('the plan alternates at least 3 pairs at 100k, one at 1M, and 10M only when asked', () => {
  const full = sideBySidePlan({ quick: false, tenMillion: true, repeat: 1 });
  assert.deepEqual(
    full.map((p) => `${p.workload}/${p.rows}/${p.pairs}`),
    ['tight/100000/3', 'broad/100000/3', 'tight/1000000/1', 'broad/1000000/1', 'tight/10000000/1'],
  );
  assert.deepEqual(sideBySidePlan({ quick: true, tenMillion: false, repeat: 5 }).map((p) => p.pairs), [5, 5]);
});

test('a shared folder without the reference pipeline is a reason to skip, not a crash', () => {
  const empty = mkdtempSync(join(tmpdir(), 'kindred-noref-'));
  const r = ensureReference(empty);
  assert.equal(r.ok, false);
  assert.match(r.ok ? '' : r.reason, /duckdb-reference[/\\]run\.mjs not found/);
});
