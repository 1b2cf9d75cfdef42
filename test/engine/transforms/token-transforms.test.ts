/** Token transforms: first_token, last_token, token_sort, strip_honorifics. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getTransform } from '../../../src/engine/transforms/registry.js';

const apply = (spec: string, value: string): string | null => getTransform(spec)(value);

test('first_token and last_token split on whitespace runs', () => {
  assert.equal(apply('first_token', '  John  Ronald Smith '), 'John');
  assert.equal(apply('last_token', '  John  Ronald Smith '), 'Smith');
  assert.equal(apply('first_token', 'Cher'), 'Cher');
});

test('first_token and last_token return the value unchanged when it has no tokens', () => {
  assert.equal(apply('first_token', '   '), '   ');
  assert.equal(apply('last_token', '\t'), '\t');
});

test('token_sort sorts by code point (astral characters after U+FFFF-range text) and joins with one space', () => {
  assert.equal(apply('token_sort', 'smith  John\tadam'), 'John adam smith');
  assert.equal(apply('token_sort', '😀 ～'), '～ 😀');
  assert.equal(apply('token_sort', '   '), '');
});

test('strip_honorifics drops titles and suffixes by their letters, any case, any punctuation', () => {
  assert.equal(apply('strip_honorifics', '  Dr. John  Smith Jr '), 'John Smith');
  assert.equal(apply('strip_honorifics', 'PROF. Ada Lovelace, Ph.D.'), 'Ada Lovelace,');
  assert.equal(apply('strip_honorifics', 'Mrs Dame Judi Dench DBE'), 'Judi Dench DBE');
  assert.equal(apply('strip_honorifics', 'Drake Misses'), 'Drake Misses');
  assert.equal(apply('strip_honorifics', 'Mr. Sr.'), '');
});
