// findValley proposes the centre of a clear gap in the score histogram and nothing when the scores are spread evenly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findValley } from '../../../src/server/analysis/threshold-valley.js';

test('two groups with a gap above the threshold give a proposal inside the gap', () => {
  const scores: number[] = [];
  for (let i = 0; i < 200; i++) scores.push(0.7 + (i % 10) * 0.01); // 0.70..0.79
  for (let i = 0; i < 200; i++) scores.push(0.9 + (i % 10) * 0.01); // 0.90..0.99
  const v = findValley(scores, 0.75, 0.65, 1);
  assert.ok(v !== null);
  assert.ok(v.proposed > 0.79 && v.proposed < 0.9, String(v.proposed));
  assert.equal(v.valleyCount, 0);
});

test('evenly spread scores give no proposal', () => {
  const scores = Array.from({ length: 400 }, (_, i) => 0.7 + (i % 30) * 0.01);
  assert.equal(findValley(scores, 0.8, 0.7, 1), null);
});

test('too few scores give no proposal', () => {
  assert.equal(findValley([0.7, 0.95], 0.8, 0.7, 1), null);
});
