// Nearest-rank percentiles: every reported figure is a latency that was observed, and the tail is never interpolated away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { latencySummary, nearestRank } from '../../bench/lib/latency-percentiles.js';

test('nearest rank picks observed samples', () => {
  assert.equal(nearestRank([1, 2, 3, 4], 0.5), 2);
  assert.equal(nearestRank([1, 2, 3, 4], 0.75), 3);
  assert.equal(nearestRank([1, 2, 3, 4], 1), 4);
  assert.equal(nearestRank([7], 0.01), 7);
  assert.throws(() => nearestRank([], 0.5));
  assert.throws(() => nearestRank([1], 0));
});

test('one slow request in a hundred is the p99; in two hundred it is not', () => {
  const fast = Array.from({ length: 99 }, () => 1);
  assert.equal(latencySummary([...fast, 500]).p99_ms, 1);
  assert.equal(latencySummary([...fast, 500, 500]).p99_ms, 500);
  const s = latencySummary([3, 1, 2, 10]);
  assert.deepEqual({ ...s }, { count: 4, p50_ms: 2, p90_ms: 10, p99_ms: 10, max_ms: 10, mean_ms: 4 });
});

test('no samples: a count of 0 and no figures', () => {
  assert.deepEqual(latencySummary([]), { count: 0, p50_ms: null, p90_ms: null, p99_ms: null, max_ms: null, mean_ms: null });
});
