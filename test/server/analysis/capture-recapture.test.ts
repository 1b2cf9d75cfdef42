// The capture–recapture fit: recovers a known capture probability, and refuses to estimate with too few systems or cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateRecall } from '../../../src/engine/analysis/capture-recapture.js';

function binomialCells(N: number, K: number, p: number): number[] {
  const out = [0];
  let c = 1;
  for (let k = 1; k <= K; k++) {
    c = (c * (K - k + 1)) / k;
    out.push(N * c * p ** k * (1 - p) ** (K - k));
  }
  return out;
}

test('exact binomial cells give back p and recall 1 − (1 − p)^K', () => {
  const e = estimateRecall({ systems: 4, exactly: binomialCells(1000, 4, 0.6), overlap: 0.5 });
  assert.equal(e.estimable, true);
  assert.ok(Math.abs((e.captureProbability ?? 0) - 0.6) < 1e-9);
  assert.ok(Math.abs((e.recall ?? 0) - (1 - 0.4 ** 4)) < 1e-9);
  assert.doesNotMatch(e.note, /warning/);
});

test('singleton captures do not move the fit (they are assumed mostly false positives)', () => {
  const cells = binomialCells(1000, 3, 0.5);
  const a = estimateRecall({ systems: 3, exactly: cells, overlap: 0.3 });
  const b = estimateRecall({ systems: 3, exactly: [0, cells[1] * 50, cells[2], cells[3]], overlap: 0.3 });
  assert.equal(a.recall, b.recall);
});

test('fewer than 3 systems is not estimable, with a note saying so', () => {
  const e = estimateRecall({ systems: 2, exactly: [0, 5, 9], overlap: 0.2 });
  assert.equal(e.estimable, false);
  assert.equal(e.recall, null);
  assert.match(e.note, /at least 3/);
});

test('fewer than two non-empty cells with k ≥ 2 is not estimable', () => {
  const e = estimateRecall({ systems: 3, exactly: [0, 100, 0, 40], overlap: 0.2 });
  assert.equal(e.estimable, false);
  assert.match(e.note, /too few pairs/);
});

test('strongly overlapping systems get a warning in the note', () => {
  const e = estimateRecall({ systems: 3, exactly: binomialCells(100, 3, 0.9), overlap: 0.95 });
  assert.equal(e.estimable, true);
  assert.match(e.note, /warning/);
});
