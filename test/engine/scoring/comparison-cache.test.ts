/** The comparison cache returns exactly what the scorer it wraps returns, whatever collides in its slots. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { createScorer } from '../../../src/engine/scorers/registry.js';
import { cacheComparisons } from '../../../src/engine/scoring/comparison-cache.js';

test('a cached jaro_winkler equals the scorer on every id pair, with tiny and default tables', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.stringMatching(/^[a-e]{1,6}$/), { minLength: 2, maxLength: 30 }),
      fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 300 }),
      fc.constantFrom(1, 3, 12),
      (values, picks, slotBits) => {
        const dict = FieldDictionary.fromValues('name', [], values);
        const scorer = createScorer('jaro_winkler', dict);
        const cached = cacheComparisons(scorer, slotBits);
        for (const [i, j] of picks) {
          const a = i % dict.count;
          const b = j % dict.count;
          assert.ok(Object.is(cached.ids(a, b), scorer.ids(a, b)), `ids ${a},${b}`);
        }
        assert.equal(cached.values(values[0], values[1]), scorer.values(values[0], values[1]));
      },
    ),
    { numRuns: 200, seed: 7 },
  );
});

test('the cache keeps the order of the pair: (a, b) and (b, a) are different keys', () => {
  const dict = FieldDictionary.fromValues('name', [], ['ab', 'ba']);
  let calls = 0;
  const asymmetric = { ids: (a: number, b: number) => (calls++, a < b ? 0.25 : 0.75), values: () => 0 };
  const cached = cacheComparisons(asymmetric, 1);
  assert.equal(cached.ids(0, 1), 0.25);
  assert.equal(cached.ids(1, 0), 0.75);
  assert.equal(cached.ids(1, 0), 0.75);
  assert.ok(calls >= 2 && calls <= 3);
  assert.equal(dict.count, 2);
});

test('where pairs rarely repeat the cache steps aside, and comes back once they repeat again; results never change', () => {
  let calls = 0;
  const scorer = { ids: (a: number, b: number) => (calls++, (a * 31 + b) % 97 / 97), values: () => 0 };
  const cached = cacheComparisons(scorer);
  // 200,000 pairs that never repeat: misses only.
  for (let i = 0; i < 200_000; i++) assert.equal(cached.ids(i, i + 1), ((i * 31 + i + 1) % 97) / 97);
  assert.equal(calls, 200_000);
  // Then 400,000 calls over 50 pairs: once the cache is back, nearly all hit.
  calls = 0;
  for (let i = 0; i < 400_000; i++) {
    const a = i % 50;
    assert.equal(cached.ids(a, a + 7), ((a * 31 + a + 7) % 97) / 97);
  }
  assert.ok(calls < 400_000 / 2, `${calls} scorer calls for 400,000 lookups of 50 pairs: the cache came back`);
  assert.ok(calls > 50, 'it stayed off for a while first');
});
