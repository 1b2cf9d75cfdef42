import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findValley, REDUNDANT_LINKS, scoreValley, VALLEY_HISTOGRAM_FROM, valleyThreshold } from '../../src/autoconfig/score-valley.js';

/** `count` scores spread evenly over [lo, hi). */
const spread = (count: number, lo: number, hi: number): number[] => Array.from({ length: count }, (_, i) => lo + ((hi - lo) * i) / count);

test('two humps with a clear dip between them: the threshold is the dip bin upper edge', () => {
  const scores = [...spread(2000, 0.5, 0.7), ...spread(20, 0.7, 0.8), ...spread(800, 0.8, 1)];
  const v = scoreValley(scores);
  assert.ok(v !== null && v > 0.7 && v <= 0.8, String(v));
});

test('a distribution that only falls, a shallow dip, or too few scores give no valley', () => {
  const falling = [...spread(3000, 0.5, 0.6), ...spread(1500, 0.6, 0.7), ...spread(700, 0.7, 0.8), ...spread(300, 0.8, 0.9), ...spread(100, 0.9, 1)];
  assert.equal(scoreValley(falling), null);
  const shallow = [...spread(1000, 0.5, 0.7), ...spread(600, 0.7, 0.8), ...spread(900, 0.8, 1)];
  assert.equal(scoreValley(shallow), null);
  assert.equal(scoreValley(spread(50, 0.5, 1)), null);
});

test('a dip above 0.9 (exact copies against near ones) is not a valley', () => {
  const scores = [...spread(3000, 0.5, 0.92), ...spread(3, 0.92, 0.97), ...spread(2000, 0.97, 1)];
  const v = scoreValley(scores);
  assert.ok(v === null || v <= 0.9, String(v));
});

/** `counts[i]` scores at the centre of each 0.025 bin from `from` up. */
const binned = (from: number, counts: number[]): number[] => counts.flatMap((c, i) => Array<number>(c).fill(from + 0.025 * i + 0.0125));

test('a flat floor: its top is the upper edge of the bins noise cannot tell from the dip, not of the lowest one', () => {
  // 0.50 … : a falling non-match hump, a floor of five bins near 60 from 0.70 (the deepest smoothed bin is 0.725–0.75), a rising match hump.
  const floor = binned(0.5, [320, 350, 330, 240, 240, 180, 130, 90, 60, 62, 61, 63, 60, 160, 250, 250, 250, 240, 200, 150]);
  assert.deepEqual(findValley(floor), { edge: 0.75, floorTop: 0.8 });
  // The probe's likely-match line (nothing clustered on it): the dip's edge, to 0.01.
  assert.equal(scoreValley(floor), 0.75);
  // The same with the bins above 0.75 clearly higher (beyond two standard deviations): the floor is the dip alone.
  const sharp = binned(0.5, [320, 350, 330, 240, 240, 180, 130, 90, 60, 62, 61, 120, 160, 160, 250, 250, 250, 240, 200, 150]);
  assert.deepEqual(findValley(sharp), { edge: 0.75, floorTop: 0.75 });
});

test('edges are kept to 0.001 for clustered thresholds and to 0.01 on the probe line', () => {
  // The deepest smoothed bin is 0.8–0.825.
  const scores = binned(0.5, [320, 350, 330, 240, 240, 180, 130, 90, 60, 60, 40, 20, 5, 5, 200, 250, 250, 240, 200, 150]);
  assert.equal(findValley(scores)?.edge, 0.825);
  assert.equal(scoreValley(scores), 0.83);
});

test('the threshold of clustered matches: the floor top when entities are held by many links, the dip edge when pairs hang on one', () => {
  const valley = { edge: 0.75, floorTop: 0.8 };
  assert.equal(valleyThreshold(valley, 0.06), 0.8);
  assert.equal(valleyThreshold(valley, REDUNDANT_LINKS - 0.001), 0.8);
  assert.equal(valleyThreshold(valley, REDUNDANT_LINKS), 0.75);
  assert.equal(valleyThreshold(valley, 0.5), 0.75);
});

test('a non-match hump mostly under the dip range: its lower side is read down to where the run kept scores', () => {
  // Chicago childcare's shape (0.025 bins from 0.4): the non-match hump peaks under 0.5; from 0.5 up only its tail shows,
  // 2.8× the dip, under the 3× asked; read from 0.4 it is 20× the dip.
  const counts = [5698, 4172, 2413, 1255, 643, 335, 252, 211, 194, 159, 220, 191, 230, 302, 380, 464, 495, 475, 1101, 496, 504, 936, 17, 140];
  const scores = binned(0.4, counts);
  assert.equal(findValley(scores.filter((s) => s >= 0.5)), null, 'from 0.5 (the default) the tail alone is no side');
  assert.equal(findValley(scores, 0.5), null, 'told to read from 0.5, the scores under it are not read');
  const valley = findValley(scores, VALLEY_HISTOGRAM_FROM);
  assert.ok(valley !== null && valley.edge >= 0.6 && valley.edge <= 0.7, JSON.stringify(valley));
  // Reading lower never lets a dip sit under the range: two humps around a dip at 0.45, nothing but a thin flat tail above.
  const under = binned(0.4, [3000, 200, 10, 200, 3000, 60, 20, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
  assert.equal(findValley(under, VALLEY_HISTOGRAM_FROM), null);
  // The bins read lower are a dip's lower side, not evidence of a shape: 200 non-matches under 0.5 and six pairs at 0.9 are no valley.
  const few = [...binned(0.45, [200]), ...binned(0.9, [6])];
  assert.equal(findValley(few, VALLEY_HISTOGRAM_FROM), null);
  // Told to read from off the bin grid, the histogram starts on it: edges stay multiples of 0.025.
  const offGrid = findValley(scores, 0.43);
  assert.ok(offGrid !== null && Math.abs(offGrid.edge * 40 - Math.round(offGrid.edge * 40)) < 1e-9, JSON.stringify(offGrid));
});
