/** The optimisation A/B rows of `make bench`: the saving is off ÷ on of the score phase, and different kept pairs are an error. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { abRow } from '../../bench/optimisations.js';
import type { DedupeSample } from '../../bench/lib/dedupe-once.js';
import { benchTables } from '../../bench/lib/bench-tables.js';
import type { BenchResults } from '../../bench/lib/bench-results.js';

const run = (scoreMs: number, keptPairs = 500, error: string | null = null, matchedPairs = 400): DedupeSample => ({
  wallMs: scoreMs + 1000,
  peakRssBytes: 2e8,
  phasesMs: { score: scoreMs },
  candidatePairs: 1000,
  keptPairs,
  matchedPairs,
  error,
});

test('the saving is the median score time with the optimisation off over the median with everything on', () => {
  const row = abRow('prune', 'broad', 1_000_000, [run(1000), run(1200), run(1100)], [run(3300), run(3000), run(3600)]);
  assert.equal(row.speedup, 3);
  assert.deepEqual([row.score_on_ms, row.score_off_ms, row.wall_on_ms, row.wall_off_ms], [1100, 3300, 2100, 4300]);
  assert.deepEqual([row.kept_on, row.kept_off, row.pairs], [500, 500, 3]);
  assert.deepEqual(row.errors, []);
});

test('different kept pairs are an error: the optimisation is not exact', () => {
  const row = abRow('comparison-cache', 'tight', 1_000_000, [run(1000, 500)], [run(1300, 501)]);
  assert.match(row.errors.join(), /kept pairs differ: 500 on, 501 off/);
});

test('a failed run is reported and left out of the medians', () => {
  const row = abRow('exact-ids', 'tight', 100_000, [run(1000), run(9999, 500, 'exit 1: boom')], [run(1500)]);
  assert.equal(row.score_on_ms, 1000);
  assert.ok(row.errors.includes('exit 1: boom'));
});

function base(): BenchResults {
  return { generated_at: '', commit: 'x', machine: { cpus: 2, cpuModel: 'cpu', totalMemoryGb: 24, node: 'v22', platform: 'linux', loadAverageAtStart: 0 }, rss_method: 'GNU time', scorers: { skipped: 'no' }, end_to_end: { skipped: 'no' } } as unknown as BenchResults;
}

test('the optimisations table shows each row with its check, or why it did not run', () => {
  const base = { generated_at: '', commit: 'x', machine: { cpus: 2, cpuModel: 'cpu', totalMemoryGb: 24, node: 'v22', platform: 'linux', loadAverageAtStart: 0 }, rss_method: 'GNU time', scorers: { skipped: 'no' }, end_to_end: { skipped: 'no' } } as unknown as BenchResults;
  assert.equal(benchTables(base)['bench:optimisations'], '_Not run yet._');
  const table = benchTables({ ...base, optimisations: { ran_at: 't', workers: 2, rows: [abRow('prune', 'broad', 1_000_000, [run(1000)], [run(2500)])], skipped: [] } })['bench:optimisations'];
  assert.match(table, /\| `prune` \| broad \| 1M \| 1 \| 2\.50 s \| 1\.00 s \| 2\.50× \|/);
  assert.match(table, /same kept pairs/);
});

test('dropping the review band keeps fewer pairs by design: its A/B checks the matched pairs instead', () => {
  const row = abRow('matches-only', 'broad', 1_000_000, [run(1000, 400)], [run(1700, 500)]);
  assert.deepEqual(row.errors, []);
  assert.equal(row.compared, 'matched pairs');
  const table = benchTables({ ...base(), optimisations: { ran_at: 't', workers: 2, rows: [row], skipped: [] } })['bench:optimisations'];
  assert.match(table, /\| 400 \/ 500 \| same matched pairs \|/);
  const broken = abRow('matches-only', 'broad', 1_000_000, [run(1000, 400, null, 399)], [run(1700, 500)]);
  assert.match(broken.errors.join(), /matched pairs differ: 399 on, 400 off/);
  assert.equal(abRow('prune', 'tight', 1_000_000, [run(1000)], [run(1300)]).compared, 'kept pairs');
});
