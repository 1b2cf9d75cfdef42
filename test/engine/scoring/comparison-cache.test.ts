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
