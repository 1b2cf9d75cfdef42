/** qgram scorer: identical → 1, else Jaccard of padded lower-case character 3-gram sets. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { qgramSimilarity } from '../../../src/engine/scorers/registry.js';
import { assertClose } from './assert-close.js';

test('Jaccard of the 3-gram sets of "##value##"', () => {
  // ##a #ab abc bc# c##  vs  ##a #ab abd bd# d##: 2 shared of 8.
  assertClose(qgramSimilarity('abc', 'abd'), 0.25, 'abc/abd');
  assert.equal(qgramSimilarity('abc', 'xyz'), 0);
});

test('identical values score 1; case is folded before comparing', () => {
  assert.equal(qgramSimilarity('Smith', 'Smith'), 1);
  assert.equal(qgramSimilarity('Smith', 'sMITH'), 1);
  assert.equal(qgramSimilarity('', ''), 1);
});

test('a one-character value and astral characters', () => {
  // "##a##": ##a #a# a##; "##b##": ##b #b# b##.
  assert.equal(qgramSimilarity('a', 'b'), 0);
  // "##😀a##" vs "##😀b##": ##😀 shared of 4 + 4 − 1 = 7.
  assertClose(qgramSimilarity('😀a', '😀b'), 1 / 7, 'emoji is one character');
});
