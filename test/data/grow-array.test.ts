/** withRoomFor keeps what the array held, fills only the new part, and returns the same array while the index fits. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { withRoomFor } from '../../src/data/grow-array.js';

test('growing keeps the old elements, fills the new part and doubles at least', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 100 }), fc.nat(500), fc.integer({ min: -1, max: 1 }), (held, index, fill) => {
      const a = Int32Array.from(held);
      const b = withRoomFor(a, index, fill);
      if (index < a.length) return assert.equal(b, a);
      assert.ok(b instanceof Int32Array);
      assert.ok(b.length > index && b.length >= 2 * a.length);
      assert.deepEqual([...b.subarray(0, a.length)], held);
      assert.ok(b.subarray(a.length).every((v) => v === fill));
    }),
    { seed: 16 },
  );
  assert.ok(withRoomFor(new Float64Array(0), 3) instanceof Float64Array);
});
