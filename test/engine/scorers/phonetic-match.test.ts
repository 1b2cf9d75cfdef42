/** soundex_match and metaphone_match: agreement of non-empty phonetic codes. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { metaphoneMatch, soundexMatch } from '../../../src/engine/scorers/registry.js';

test('soundex_match: 1 for the same non-empty code, else 0', () => {
  assert.equal(soundexMatch('Robert', 'Rupert'), 1);
  assert.equal(soundexMatch('Robert', 'Robin'), 0);
  assert.equal(soundexMatch('José', 'Jose'), 1);
});

test('soundex_match: values without letters agree with nothing, not even themselves', () => {
  assert.equal(soundexMatch('123', '123'), 0);
  assert.equal(soundexMatch('😀', '😀'), 0);
});

test('metaphone_match: 1 for the same non-empty code, else 0', () => {
  assert.equal(metaphoneMatch('Knight', 'Night'), 1);
  assert.equal(metaphoneMatch('Smith', 'Smyth'), 1);
  assert.equal(metaphoneMatch('Smith', 'Jones'), 0);
  assert.equal(metaphoneMatch('42', '42'), 0);
});
