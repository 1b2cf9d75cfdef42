/** Parity with the reference's string primitives (server-background §12), to 1e-6. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jaroWinkler, levenshteinSimilarity, soundex, tokenSortRatio } from '../../../src/engine/scorers/registry.js';
import { getTransform } from '../../../src/engine/transforms/registry.js';
import { assertClose } from './assert-close.js';

test('jaro_winkler matches the reference vectors', () => {
  const cases: Array<[string, string, number]> = [
    ['martha', 'marhta', 0.9611111111],
    ['dixon', 'dicksonx', 0.8133333333],
    ['john smith', 'jon smith', 0.9733333333],
    ['John Smith', 'Jon Smyth', 0.9170370370],
    ['jellyfish', 'smellyfish', 0.8962962963],
    ['', '', 1.0],
  ];
  for (const [a, b, expected] of cases) assertClose(jaroWinkler(a, b), expected, `jaro_winkler(${a}, ${b})`);
});

test('levenshtein matches the reference vectors', () => {
  assertClose(levenshteinSimilarity('kitten', 'sitting'), 0.5714285714, 'kitten/sitting');
  assertClose(levenshteinSimilarity('flaw', 'lawn'), 0.5, 'flaw/lawn');
  assert.equal(levenshteinSimilarity('', 'abc'), 0);
});

test('token_sort matches the reference vectors (case-sensitive)', () => {
  assert.equal(tokenSortRatio('John Smith', 'Smith John'), 1);
  assertClose(tokenSortRatio('Foo', 'foo'), 0.666667, 'Foo/foo', 1e-6);
  assertClose(tokenSortRatio('new york mets', 'new york meats'), 0.962963, 'mets/meats', 1e-6);
});

test('soundex matches the reference vectors', () => {
  const cases: Array<[string, string]> = [
    ['Robert', 'R163'],
    ['Rupert', 'R163'],
    ['Ashcraft', 'A261'],
    ['Tymczak', 'T522'],
    ['Pfister', 'P236'],
    ['Honeyman', 'H555'],
    ['joseph bradshaw', 'J211'],
    ['José', 'J200'],
    ['123', ''],
    ['', ''],
  ];
  for (const [input, code] of cases) assert.equal(soundex(input), code, `soundex(${JSON.stringify(input)})`);
});

test('strip_honorifics and qgram:3 match the reference transform vectors', () => {
  assert.equal(getTransform('strip_honorifics')('  Dr. John  Smith Jr '), 'John Smith');
  assert.equal(getTransform('qgram:3')('abc'), '##a #ab abc bc# c##');
});

test('the weighted example of the reference (0.7 × JW of lower-cased names + 0.3 × exact zip) is 0.9813 to 4 dp', () => {
  const name = jaroWinkler('john smith', 'jon smith');
  const total = (0.7 * name + 0.3 * 1) / 1.0;
  assertClose(total, 0.9813, 'weighted total', 5e-5);
});
