/** substring:a:b (Python slices on code points) and qgram:q signatures. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { sliceCodePoints } from '../../../src/engine/transforms/substring.js';
import { getTransform } from '../../../src/engine/transforms/registry.js';

const apply = (spec: string, value: string): string | null => getTransform(spec)(value);

test('substring is a Python slice: 0-based, end-exclusive, clamped', () => {
  assert.equal(apply('substring:0:3', 'Johnson'), 'Joh');
  assert.equal(apply('substring:2:100', 'Johnson'), 'hnson');
  assert.equal(apply('substring:10:20', 'Johnson'), '');
  assert.equal(apply('substring:3:1', 'Johnson'), '');
});

test('substring accepts negative indices, counted from the end', () => {
  assert.equal(apply('substring:-3:7', 'Johnson'), 'son');
  assert.equal(apply('substring:0:-1', 'Johnson'), 'Johnso');
  assert.equal(apply('substring:-100:2', 'Johnson'), 'Jo');
  assert.equal(apply('substring:-2:-1', 'ab'), 'a');
});

test('substring counts code points: an emoji is one character', () => {
  assert.equal(apply('substring:0:2', '😀ab'), '😀a');
  assert.equal(apply('substring:-1:1', '😀'), '😀');
});

test('substring without surrogates (a plain string slice) equals the slice of the code-point array, for any string and indices', () => {
  // The plain path: Python's slice over Array.from's code points (a lone surrogate is one element).
  const plain = (value: string, start: number, end: number): string => {
    const chars = Array.from(value);
    const n = chars.length;
    const from = start < 0 ? Math.max(0, n + start) : Math.min(start, n);
    const to = end < 0 ? Math.max(0, n + end) : Math.min(end, n);
    return from < to ? chars.slice(from, to).join('') : '';
  };
  const text = fc.oneof(fc.string({ unit: 'grapheme-ascii' }), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string({ unit: fc.constantFrom('a', 'é', '\ud83d', '\ude00', '😀') }));
  const index = fc.integer({ min: -12, max: 12 });
  fc.assert(
    fc.property(text, index, index, (value, start, end) => {
      assert.equal(sliceCodePoints(value, start, end), plain(value, start, end));
    }),
    { numRuns: 3000, seed: 7 },
  );
});

test('qgram:q keeps the first five sorted distinct q-grams of "##value##"', () => {
  assert.equal(apply('qgram:3', 'abc'), '##a #ab abc bc# c##');
  assert.equal(apply('qgram', 'abc'), '##a #ab abc bc# c##');
  assert.equal(apply('qgram:2', 'abab'), '## #a ab b# ba');
  assert.equal(apply('qgram:1', 'ba'), '# a b');
  assert.equal(apply('qgram:3', 'abcdef')?.split(' ').length, 5);
  assert.equal(apply('qgram:9', 'ab'), '');
});
