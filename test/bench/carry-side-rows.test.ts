import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SideBySideResult, SideBySideRow } from '../../bench/lib/bench-results.js';
import { carrySideRows } from '../../bench/lib/carry-side-rows.js';

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
