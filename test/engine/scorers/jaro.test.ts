/** Jaro and Jaro–Winkler: known values, edge cases, code-point handling, and agreement of every kernel path with a plain implementation. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stringToCodes } from '../../../src/engine/fields/field-dictionary.js';
import { jaroCodes, jaroWinklerCodes } from '../../../src/engine/scorers/jaro.js';
import { jaro, jaroWinkler } from '../../../src/engine/scorers/registry.js';
import { assertClose } from './assert-close.js';
import { plainJaro, plainJaroWinkler } from './plain-jaro.js';

test('known Jaro values, including an odd transposition count (rounded down)', () => {
  assertClose(jaro('martha', 'marhta'), 0.944444444, 'martha/marhta');
  assertClose(jaro('dixon', 'dicksonx'), 0.766666667, 'dixon/dicksonx');
  // 3 matched characters out of order → t = 1, not 1.5.
  assertClose(jaro('abcdefgh', 'bcadefgh'), 0.958333333, 'abcdefgh/bcadefgh');
  assertClose(jaro('abcdef', 'bcaxxx'), 0.555555556, 'abcdef/bcaxxx');
});

test('known Jaro–Winkler values (jellyfish test data, 3 dp)', () => {
  assertClose(jaroWinkler('dwayne', 'duane'), 0.84, 'dwayne/duane', 5e-4);
  assertClose(jaroWinkler('William', 'Williams'), 0.975, 'William/Williams', 5e-4);
  assert.equal(jaroWinkler('abc', 'xyz'), 0);
});

test('edge cases: empty, one character, no case folding', () => {
  assert.equal(jaroWinkler('', ''), 1);
  assert.equal(jaroWinkler('', 'foo'), 0);
  assert.equal(jaroWinkler('foo', ''), 0);
  assert.equal(jaroWinkler('a', 'a'), 1);
  assert.equal(jaroWinkler('a', 'b'), 0);
  assert.equal(jaroWinkler('a', 'ab'), plainJaroWinkler('a', 'ab'));
  assert.ok(jaroWinkler('SMITH', 'smith') < 0.5, 'upper vs lower case differ');
});

test('the Winkler boost applies only above 0.7 and to at most 4 prefix characters', () => {
  // Jaro of these is 0.7 exactly or below: no boost even with a shared prefix.
  const low = jaro('ab', 'ac');
  assert.ok(low <= 0.7);
  assert.equal(jaroWinkler('ab', 'ac'), low);
  const long = jaroWinkler('abcdefgh', 'abcdefgx');
  const base = jaro('abcdefgh', 'abcdefgx');
  assertClose(long, base + 4 * 0.1 * (1 - base), 'prefix capped at 4');
});

test('strings are compared by code point: an emoji is one character', () => {
  assert.equal(jaroWinkler('😀a', '😀a'), 1);
  assertClose(jaroWinkler('😀abc', '😀abd'), plainJaroWinkler('😀abc', '😀abd'), 'astral prefix');
  // UTF-16 comparison would see 5 vs 4 units; by code point both have 4.
  assertClose(jaro('a😀bc', 'a😀bd'), (3 / 4 + 3 / 4 + 1) / 3, 'astral counts once');
});

test('the kernel agrees with the plain implementation on every path (short tabled, short rare code points, long)', () => {
  let seed = 12345;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const alphabets = [['a', 'b', 'c', 'd', 'e'], ['a', 'b', '漢', '字', '😀', 'é'], ['x', 'y', ' ', 'z']];
  for (let n = 0; n < 3000; n++) {
    const alphabet = alphabets[n % alphabets.length];
    const maxLength = n % 5 === 0 ? 70 : 14;
    const make = (): string => {
      const len = Math.floor(random() * maxLength);
      let s = '';
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(random() * alphabet.length)];
      return s;
    };
    const a = make();
    const b = make();
    assert.equal(jaro(a, b), plainJaro(a, b), `jaro(${a}, ${b})`);
    assert.equal(jaroWinkler(a, b), plainJaroWinkler(a, b), `jaroWinkler(${a}, ${b})`);
    assert.equal(jaro(a, b), jaro(b, a), `symmetric (${a}, ${b})`);
  }
});

test('the code-range kernel reads only its ranges of a shared array', () => {
  const codes = stringToCodes('xxmarthayymarhtazz');
  assertClose(jaroWinklerCodes(codes, 2, 8, codes, 10, 16), 0.9611111111, 'ranges inside one array');
  assert.equal(jaroCodes(codes, 2, 8, codes, 2, 8), 1);
});
