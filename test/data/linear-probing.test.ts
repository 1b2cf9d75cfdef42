/** movesBack against its definition: an entry may move into a hole unless its home lies cyclically after the hole, up to the entry. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { movesBack } from '../../src/data/linear-probing.js';

test('movesBack is false exactly when walking from the hole to the entry passes its home', () => {
  const size = 16;
  fc.assert(
    fc.property(fc.nat(size - 1), fc.integer({ min: 1, max: size - 1 }), fc.nat(size - 1), (hole, distance, home) => {
      const at = (hole + distance) % size;
      let passes = false;
      for (let i = (hole + 1) % size; ; i = (i + 1) % size) {
        if (i === home) passes = true;
        if (i === at) break;
      }
      assert.equal(movesBack(hole, at, home), !passes);
    }),
    { seed: 16, numRuns: 500 },
  );
});
