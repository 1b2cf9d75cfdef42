/** Property: the bit-parallel Jaro path (both strings 1..32 code points) scores exactly as the plain window scan, on random strings and on ranges of a shared array. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { stringToCodes } from '../../../src/engine/fields/field-dictionary.js';
import { jaroCodes, jaroWinklerCodes } from '../../../src/engine/scorers/jaro.js';
import { plainJaro, plainJaroWinkler } from './plain-jaro.js';

// Small alphabets, so that most characters have several equal partners in
// the window and the pairing sees transpositions; one with characters beyond
// the BMP and beyond Latin-1, where occurrence entries sit far apart.
const ALPHABETS = [['a', 'b'], ['a', 'b', 'c', 'd', 'e'], ['x', ' ', 'é', '漢', '😀', '😃']];
const word = (maxLength: number): fc.Arbitrary<string> =>
  fc.constantFrom(...ALPHABETS).chain((alphabet) => fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength }).map((chars) => chars.join('')));

// A second string close to the first (swaps, drops, insertions), as real
// name pairs are, so high similarities and the Winkler boost get exercised.
const nearby = (value: string): fc.Arbitrary<string> =>
  fc.array(fc.tuple(fc.nat(), fc.constantFrom('swap', 'drop', 'insert')), { maxLength: 3 }).map((edits) => {
    const chars = Array.from(value);
    for (const [at, edit] of edits) {
      const i = chars.length === 0 ? 0 : at % chars.length;
      if (edit === 'swap' && i + 1 < chars.length) [chars[i], chars[i + 1]] = [chars[i + 1], chars[i]];
      else if (edit === 'drop' && chars.length > 1) chars.splice(i, 1);
      else if (edit === 'insert' && chars.length < 32) chars.splice(i, 0, chars[(i + 1) % chars.length] ?? 'a');
    }
    return chars.join('');
  });

const pair = fc.oneof(fc.tuple(word(32), word(32)), word(32).chain((a) => fc.tuple(fc.constant(a), nearby(a))));

test('jaroCodes and jaroWinklerCodes on strings of 1..32 code points equal the plain scan, bit for bit', () => {
  fc.assert(
    fc.property(pair, ([x, y]) => {
      const a = stringToCodes(x);
      const b = stringToCodes(y);
      assert.ok(a.length >= 1 && a.length <= 32 && b.length >= 1 && b.length <= 32, 'test setup: the bit-parallel path');
      assert.ok(Object.is(jaroCodes(a, 0, a.length, b, 0, b.length), plainJaro(x, y)), `jaro(${x}, ${y})`);
      assert.ok(Object.is(jaroWinklerCodes(a, 0, a.length, b, 0, b.length), plainJaroWinkler(x, y)), `jaroWinkler(${x}, ${y})`);
    }),
    { numRuns: 5000, seed: 20240611 },
  );
});

test('the bit-parallel path reads only its ranges of a shared array, at any offsets', () => {
  fc.assert(
    fc.property(pair, fc.nat({ max: 5 }), fc.nat({ max: 5 }), ([x, y], before, between) => {
      const a = stringToCodes(x);
      const b = stringToCodes(y);
      // Neighbours equal to characters of the strings: a read outside a range would match them.
      const shared = new Uint32Array(before + a.length + between + b.length + 2).fill(a[0]);
      const aStart = before;
      const bStart = before + a.length + between;
      shared.set(a, aStart);
      shared.set(b, bStart);
      const aEnd = aStart + a.length;
      const bEnd = bStart + b.length;
      assert.ok(Object.is(jaroCodes(shared, aStart, aEnd, shared, bStart, bEnd), plainJaro(x, y)), `jaro(${x}, ${y})`);
      assert.ok(Object.is(jaroWinklerCodes(shared, aStart, aEnd, shared, bStart, bEnd), plainJaroWinkler(x, y)), `jaroWinkler(${x}, ${y})`);
    }),
    { numRuns: 3000, seed: 7 },
  );
});
