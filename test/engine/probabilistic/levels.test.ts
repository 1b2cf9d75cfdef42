import { test } from 'node:test';
import assert from 'node:assert/strict';
import { levelCount, levelOf, missingLevel } from '../../../src/engine/probabilistic/levels.js';
import { KindredError } from '../../../src/errors/registry.js';

test('two levels agree at or above partial_threshold (default 0.8)', () => {
  assert.equal(levelOf(0.79, {}), 0);
  assert.equal(levelOf(0.8, {}), 1);
  assert.equal(levelOf(1, { levels: 2 }), 1);
  assert.equal(levelOf(0.6, { levels: 2, partial_threshold: 0.6 }), 1);
  assert.equal(levelOf(0.59, { levels: 2, partial_threshold: 0.6 }), 0);
});

test('three levels: top at 0.95, partial at partial_threshold', () => {
  const spec = { levels: 3 };
  assert.equal(levelOf(0.2, spec), 0);
  assert.equal(levelOf(0.8, spec), 1);
  assert.equal(levelOf(0.949, spec), 1);
  assert.equal(levelOf(0.95, spec), 2);
  assert.equal(levelOf(0.7, { levels: 3, partial_threshold: 0.7 }), 1);
});

test('more than three levels count the k/N cut points reached', () => {
  const spec = { levels: 4 }; // cuts 0.25, 0.5, 0.75
  assert.equal(levelOf(0.24, spec), 0);
  assert.equal(levelOf(0.25, spec), 1);
  assert.equal(levelOf(0.5, spec), 2);
  assert.equal(levelOf(0.74, spec), 2);
  assert.equal(levelOf(1, spec), 3);
  assert.equal(levelOf(0.6, { levels: 5 }), 3); // 0.2, 0.4, 0.6 met
});

test('explicit level_thresholds count thresholds at or below the similarity, overriding levels', () => {
  const spec = { levels: 2, level_thresholds: [0.5, 0.9] };
  assert.equal(levelCount(spec), 3);
  assert.equal(levelOf(0.49, spec), 0);
  assert.equal(levelOf(0.5, spec), 1);
  assert.equal(levelOf(0.9, spec), 2);
});

test('missing values are unobserved (−1) or disagreement (0)', () => {
  assert.equal(missingLevel('unobserved'), -1);
  assert.equal(missingLevel('disagree'), 0);
});

test('level counts outside 2..100 are configuration errors', () => {
  assert.throws(() => levelCount({ levels: 1 }), (e: unknown) => e instanceof KindredError && e.code === 'config_invalid');
  assert.throws(() => levelCount({ levels: 2.5 }), KindredError);
  assert.throws(() => levelCount({ levels: 101 }), KindredError);
});
