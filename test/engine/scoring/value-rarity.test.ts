/** Each value's share of its column's evidence: computed when first asked, the same in any order as computed up front. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { ValueRarity, valueShare } from '../../../src/engine/scoring/value-rarity.js';

test('test vectors: a rare value counts in full, a common one for a fraction, an unseen one as seen once', () => {
  assert.equal(valueShare(1, 4, 6), 1);
  assert.equal(Math.round(valueShare(3, 4, 10) * 100) / 100, 0.61);
  const towns = FieldDictionary.fromValues('town', [], ['london', 'london', 'london', 'oban', 'wick', null]);
  const rarity = new ValueRarity(towns);
  // 5 rows hold a value: counts 3, 1, 1 (Σ n² = 11).
  assert.equal(rarity.ofValue('london'), valueShare(3, 5, 11));
  assert.equal(rarity.ofValue('oban'), valueShare(1, 5, 11));
  assert.equal(rarity.ofValue('tobermory'), valueShare(1, 5, 11));
  assert.equal(rarity.ofId(towns.ids[0]), rarity.ofValue('london'));
});

test('asked in any order, any number of times, every share equals the one computed from the counts up front', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 200 }), fc.array(fc.nat(), { maxLength: 300 }), (cells, asks) => {
      const dict = FieldDictionary.fromValues('c', [], cells.map((c) => (c === 0 ? null : `v${c}`)));
      if (dict.count === 0) return;
      let total = 0;
      let squares = 0;
      for (let v = 0; v < dict.count; v++) {
        total += dict.counts[v];
        squares += dict.counts[v] * dict.counts[v];
      }
      const rarity = new ValueRarity(dict);
      for (const a of asks) {
        const id = a % dict.count;
        assert.equal(rarity.ofId(id), valueShare(dict.counts[id], total, squares));
      }
      for (let id = 0; id < dict.count; id++) assert.equal(rarity.ofValue(dict.value(id)), valueShare(dict.counts[id], total, squares));
    }),
  );
});
