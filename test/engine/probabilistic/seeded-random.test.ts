import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../../../src/engine/probabilistic/seeded-random.js';

function draw(seed: number, n: number): number[] {
  const rng = new SeededRandom(seed);
  return Array.from({ length: n }, () => rng.next());
}

test('the same seed gives the same sequence', () => {
  assert.deepEqual(draw(42, 100), draw(42, 100));
});

test('different seeds give different sequences', () => {
  assert.notDeepEqual(draw(42, 10), draw(43, 10));
});

test('the sequence is pinned, so trained models stay reproducible across releases', () => {
  // Changing these values changes every trained model: only on purpose.
  assert.deepEqual(draw(42, 3).map((x) => x.toFixed(12)), PINNED_42);
});

test('floats lie in [0, 1) and integers in 0..n−1, covering the range', () => {
  const rng = new SeededRandom(7);
  const seen = new Set<number>();
  for (let i = 0; i < 10_000; i++) {
    const x = rng.next();
    assert.ok(x >= 0 && x < 1);
    const k = rng.nextInt(6);
    assert.ok(Number.isInteger(k) && k >= 0 && k < 6);
    seen.add(k);
  }
  assert.equal(seen.size, 6);
});

const PINNED_42 = ['0.601103751920', '0.448290558998', '0.852465793490'];
