/** Soundex: canonical codes, separators that break runs, H/W transparency, folding of accents. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { soundex } from '../../../src/engine/transforms/soundex.js';
import { getTransform } from '../../../src/engine/transforms/registry.js';

test('canonical American Soundex codes', () => {
  const cases: Array<[string, string]> = [
    ['Washington', 'W252'],
    ['Lee', 'L000'],
    ['Gutierrez', 'G362'],
    ['Jackson', 'J250'],
    ['Ashcroft', 'A261'],
    ['A', 'A000'],
    ['lowercase', 'L622'],
  ];
  for (const [input, code] of cases) assert.equal(soundex(input), code, input);
});

test('H and W are transparent; vowels and Y reset adjacency', () => {
  // S and C (both 2) around an H: one code.
  assert.equal(soundex('Ashcraft'), 'A261');
  // M and N (both 5) around a Y: two codes.
  assert.equal(soundex('Honeyman'), 'H555');
  // The first letter's own code counts as the previous code.
  assert.equal(soundex('Pfister'), 'P236');
});

test('any non-letter separates: spaces, digits, punctuation, combining marks', () => {
  assert.equal(soundex('joseph bradshaw'), 'J211');
  assert.equal(soundex('bb'), 'B000');
  assert.equal(soundex('b b'), 'B100');
  assert.equal(soundex('b-b'), 'B100');
  assert.equal(soundex('b1b'), 'B100');
  assert.equal(soundex('1abc'), 'A120');
  assert.equal(soundex('  Robert'), 'R163');
});

test('accents fold to their base letter; letters outside A–Z are separators', () => {
  assert.equal(soundex('José'), 'J200');
  assert.equal(soundex('Çáŕẗéř'), 'C636');
  assert.equal(soundex('Straße'), 'S362');
  assert.equal(soundex('漢字'), '');
  assert.equal(soundex('😀'), '');
  assert.equal(soundex('¿'), '');
});

test('the soundex transform makes values without letters missing (empty)', () => {
  const t = getTransform('soundex');
  assert.equal(t('Robert'), 'R163');
  assert.equal(t('123'), '');
});
