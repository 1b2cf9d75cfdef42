/** token_sort and token_set: RapidFuzz semantics as fractions, whitespace rules, code-point order. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tokenSetRatio, tokenSortRatio } from '../../../src/engine/scorers/registry.js';
import { assertClose } from './assert-close.js';

test('token_sort ignores token order and whitespace runs but not case', () => {
  assert.equal(tokenSortRatio('John  Smith', 'Smith\tJohn'), 1);
  assertClose(tokenSortRatio('Foo', 'foo'), 2 / 3, 'case-sensitive');
  assert.equal(tokenSortRatio('', ''), 1);
  assert.equal(tokenSortRatio('   ', ''), 1);
  assert.equal(tokenSortRatio('abc', ''), 0);
});

test('token_sort splits on Python whitespace (no-break space) but not on U+FEFF', () => {
  assert.equal(tokenSortRatio('b\u00a0a', 'a b'), 1);
  assert.ok(tokenSortRatio('b\ufeffa', 'a b') < 1);
});

test('token_set: a subset scores 1; otherwise the best of the three Indel ratios', () => {
  assert.equal(tokenSetRatio('fuzzy was a bear', 'fuzzy fuzzy was a bear'), 1);
  assert.equal(tokenSetRatio('fuzzy was a bear but not a dog', 'fuzzy was a bear'), 1);
  assertClose(tokenSetRatio('fuzzy was a bear but not a dog', 'fuzzy was a bear but not a cat'), 0.923076923, 'dog/cat');
  // shared "new york" (8), leftovers "mets" (4) / "yankees" (7): max(1−7/29, 1−5/21, 1−8/24) = 16/21.
  assertClose(tokenSetRatio('new york mets', 'new york yankees'), 16 / 21, 'mets/yankees');
  // nothing shared: plain Indel ratio of the sorted leftovers.
  assertClose(tokenSetRatio('abc', 'abd'), 2 / 3, 'abc/abd');
});

test('token_set edge cases: a side with no tokens scores 0; two sides without tokens score 1', () => {
  assert.equal(tokenSetRatio('abc', '   '), 0);
  assert.equal(tokenSetRatio('   ', ' '), 1);
  assert.equal(tokenSetRatio('a a a', 'a'), 1);
});

test('token_set is symmetric and counts astral characters once', () => {
  const pairs: Array<[string, string]> = [
    ['new york mets', 'new york yankees'],
    ['😀 smile', 'smile 😃'],
    ['a b c', 'c d e'],
  ];
  for (const [a, b] of pairs) assert.equal(tokenSetRatio(a, b), tokenSetRatio(b, a), `${a}/${b}`);
  // leftovers "😀" and "😃" (one character each): 2 Indel edits over 2·(5+1+1) = 14,
  // which beats the shared-part ratios 1 − 2/12.
  assertClose(tokenSetRatio('😀 smile', 'smile 😃'), 1 - 2 / 14, 'astral leftovers');
});
