/** The budgeted cover of likely matches: the ratio greedy's myopia is repaired by striking a chosen pass and refilling the budget. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { improvedCover } from '../../src/autoconfig/blocking-choice.js';

const likely = Array.from({ length: 100 }, (_, i) => i);
const keepsRange = (from: number, to: number): Uint8Array => Uint8Array.from(likely, (i) => (i >= from && i < to ? 1 : 0));

test('a broad pass the greedy takes first, which leaves no budget for two that cover everything, is struck out', () => {
  // A keeps 60 for 450 pairs (the best ratio); B and C keep 50 each, disjoint, for 400: A + anything overruns 800, B + C fit.
  const open = [{ pairs: 450 }, { pairs: 400 }, { pairs: 400 }];
  const keeps = [keepsRange(0, 60), keepsRange(0, 50), keepsRange(50, 100)];
  const cover = improvedCover(open, keeps, likely, new Uint8Array(100), 800);
  assert.deepEqual([...cover.chosen].sort(), [1, 2]);
  assert.equal(cover.covered, 100);
  assert.equal(cover.pairs, 800);
});

test('the greedy answer stays when nothing beats it, and ties in coverage go to fewer pairs', () => {
  const open = [{ pairs: 100 }, { pairs: 300 }, { pairs: 120 }];
  const keeps = [keepsRange(0, 70), keepsRange(0, 70), keepsRange(70, 100)];
  const cover = improvedCover(open, keeps, likely, new Uint8Array(100), 1000);
  assert.deepEqual([...cover.chosen].sort(), [0, 2]);
  assert.equal(cover.covered, 100);
  assert.equal(cover.pairs, 220);
});

test('matches already kept by the passes in place count as covered', () => {
  const open = [{ pairs: 100 }, { pairs: 100 }];
  const keeps = [keepsRange(0, 50), keepsRange(50, 100)];
  const cover = improvedCover(open, keeps, likely, keepsRange(0, 50), 1000);
  assert.deepEqual(cover.chosen, [1], 'the first pass finds nothing new');
  assert.equal(cover.covered, 100);
});
