import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { groupDigits } from '../../src/cli/progress.js';

test('phase counts are grouped exactly as toLocaleString("en-US") groups them, without ICU for integers', () => {
  fc.assert(
    fc.property(fc.oneof(fc.integer({ min: -1e7, max: 1e7 }), fc.maxSafeInteger(), fc.constantFrom(0, -0, 999, 1000, -1000, 999_999, 1_000_000)), (n) => {
      assert.equal(groupDigits(n), n.toLocaleString('en-US'));
    }),
  );
  assert.equal(groupDigits(1234.5678), (1234.5678).toLocaleString('en-US'));
});
