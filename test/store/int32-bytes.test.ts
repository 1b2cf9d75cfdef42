/** Row ids stored as little-endian bytes read back the same, and the host's own bytes (the shortcut) equal the value-by-value encoding. */
import assert from 'node:assert/strict';
import os from 'node:os';
import { test } from 'node:test';
import fc from 'fast-check';
import { int32FromLittleEndian, int32ToLittleEndian } from '../../src/store/int32-bytes.js';

const arrays = fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 200 }).map((xs) => Int32Array.from(xs));

test('both encodings give the bytes of writeInt32LE, and both decodings give the values back', () => {
  fc.assert(
    fc.property(arrays, fc.nat(3), (values, offset) => {
      // A view that starts past the buffer's start, as a subarray of a larger table would.
      const backing = new Int32Array(values.length + offset);
      backing.set(values, offset);
      const view = backing.subarray(offset);
      const expected = Buffer.alloc(values.length * 4);
      values.forEach((v, i) => expected.writeInt32LE(v, i * 4));
      // The view shortcut is right only on a little-endian host; the value-by-value path anywhere.
      for (const host of os.endianness() === 'LE' ? [true, false] : [false]) {
        assert.deepEqual(Buffer.from(int32ToLittleEndian(view, host)), expected, `encoded on a ${host ? 'little' : 'big'}-endian path`);
        assert.deepEqual(int32FromLittleEndian(expected, host), values, `decoded on a ${host ? 'little' : 'big'}-endian path`);
      }
      // Decoding bytes at an odd offset inside a larger buffer.
      const shifted = Buffer.alloc(expected.length + 1);
      expected.copy(shifted, 1);
      assert.deepEqual(int32FromLittleEndian(shifted.subarray(1)), values);
    }),
    { numRuns: 300, seed: 5 },
  );
});
