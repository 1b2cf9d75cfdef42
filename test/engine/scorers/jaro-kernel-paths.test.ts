/** The branch-free Jaro kernel: exhaustive agreement with the plain oracle on small alphabets, and every path of the dictionary-id scorer (length 32 boundary, long, non-ASCII, astral, transpositions) against it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { jaro, jaroWinkler } from '../../../src/engine/scorers/registry.js';
import { createScorer } from '../../../src/engine/scorers/registry.js';
import { assertClose } from './assert-close.js';
import { plainJaro, plainJaroWinkler } from './plain-jaro.js';

/** Every string over `alphabet` of length 0..maxLength. */
function allStrings(alphabet: string[], maxLength: number): string[] {
  const out = [''];
  let layer = [''];
  for (let n = 1; n <= maxLength; n++) {
    layer = layer.flatMap((s) => alphabet.map((c) => s + c));
    out.push(...layer);
  }
  return out;
}

test('every pair of strings over {a, b} up to 6 and {a, b, c} up to 4 characters scores exactly as the oracle', () => {
  // Consecutive calls run in this loop too, so an occurrence mask left set
  // by one call would show up as a wrong score in a later one.
  for (const [alphabet, maxLength] of [[['a', 'b'], 6], [['a', 'b', 'c'], 4]] as const) {
    const strings = allStrings([...alphabet], maxLength);
    for (const a of strings) {
      for (const b of strings) {
        assert.equal(jaro(a, b), plainJaro(a, b), `jaro(${a}, ${b})`);
        assert.equal(jaroWinkler(a, b), plainJaroWinkler(a, b), `jaroWinkler(${a}, ${b})`);
      }
    }
  }
});

// Values around the 32-code-point word boundary of the bit-parallel path
// (31, 32, 33), long ones (64, 65, 70), non-ASCII in and beyond the BMP,
// transposed neighbours, repeated characters.
const ALPHA = 'abcdefghijklmnopqrstuvwxyz0123456789';
const VALUES = [
  ALPHA.slice(0, 31),
  ALPHA.slice(0, 32),
  ALPHA.slice(0, 33),
  ALPHA.slice(1, 32) + 'a',
  'bacdefghijklmnopqrstuvwxyz012345',
  'bacdefghijklmnopqrstuvwxyz0123546',
  (ALPHA + ALPHA).slice(0, 64),
  (ALPHA + ALPHA).slice(0, 65),
  (ALPHA + ALPHA).slice(1, 71),
  'the quick brown fox jumps over the lazy dog',
  'the quikc brown fox jumps over the lazy god',
  'zoë ångström',
  'zoe angstrom',
  'müller',
  'mueller',
  '漢字テスト',
  '漢テ字スト',
  '😀 smile',
  'smile 😀',
  '😀😃😀😃',
  '😃😀😃😀',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  'aaaaaaaaaaaaaaaab',
  'martha',
  'marhta',
  'dixon',
  'dicksonx',
  'ab',
  'ba',
  'a',
  'b',
];

test('ids() on dictionary code points equals the oracle on every pair, including the 32 boundary, long, non-ASCII and astral values', () => {
  const dict = FieldDictionary.fromValues('name', [], VALUES);
  assert.equal(dict.count, VALUES.length, 'test setup: values are distinct');
  const jw = createScorer('jaro_winkler', dict);
  const j = createScorer('jaro', dict);
  for (let a = 0; a < dict.count; a++) {
    for (let b = 0; b < dict.count; b++) {
      const x = dict.value(a);
      const y = dict.value(b);
      assert.equal(jw.ids(a, b), plainJaroWinkler(x, y), `jaro_winkler(${x}, ${y})`);
      assert.equal(j.ids(a, b), plainJaro(x, y), `jaro(${x}, ${y})`);
    }
  }
});

test('vectors of the new paths, to 1e-6', () => {
  // One transposition in 32 characters (both on the bit-parallel path).
  assertClose(jaroWinkler(ALPHA.slice(0, 32), 'bacdefghijklmnopqrstuvwxyz012345'), (1 + 1 + 31 / 32) / 3, '32 with a swap');
  // 33 characters: the long path; no prefix boost (the first characters differ).
  assertClose(jaro(ALPHA.slice(0, 33), 'bacdefghijklmnopqrstuvwxyz0123456'), (1 + 1 + 32 / 33) / 3, '33 with a swap');
  // Astral characters count once each: 4 matches, all 4 out of order (t = 2).
  assertClose(jaro('😀😃😀😃', '😃😀😃😀'), plainJaro('😀😃😀😃', '😃😀😃😀'), 'astral swaps');
  assertClose(jaroWinkler('漢字テスト', '漢テ字スト'), plainJaroWinkler('漢字テスト', '漢テ字スト'), 'CJK swap');
  assert.equal(jaroWinkler('', ''), 1);
  assert.equal(jaroWinkler('', '😀'), 0);
  assert.equal(jaroWinkler('😀', '😀'), 1);
});
