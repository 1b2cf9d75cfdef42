/** Code-point ordering (Python's sort order) and Python-compatible whitespace splitting. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareCodePoints, sortByCodePoint } from '../../../src/engine/transforms/code-point-order.js';
import { isWhitespace, splitWhitespace, stripWhitespace } from '../../../src/engine/transforms/whitespace.js';

test('astral characters sort after the top of the BMP, unlike UTF-16 order', () => {
  assert.ok(compareCodePoints('\uffff', '😀') < 0);
  assert.ok('\uffff' > '😀', 'test setup: UTF-16 order is the other way');
  assert.deepEqual(sortByCodePoint(['😀', 'b', 'A', '\ue000', 'a']), ['A', 'a', 'b', '\ue000', '😀']);
  assert.ok(compareCodePoints('ab', 'abc') < 0);
  assert.equal(compareCodePoints('😀x', '😀x'), 0);
});

test('whitespace is Python\'s str.isspace set', () => {
  for (const c of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]) {
    assert.ok(isWhitespace(c), c.toString(16));
  }
  for (const c of [0x08, 0x21, 0x200b, 0xfeff, 0x180e]) assert.ok(!isWhitespace(c), c.toString(16));
});

test('splitWhitespace and stripWhitespace behave like str.split() and str.strip()', () => {
  assert.deepEqual(splitWhitespace(' a\u00a0 b\u3000c '), ['a', 'b', 'c']);
  assert.deepEqual(splitWhitespace(''), []);
  assert.equal(stripWhitespace('\u2028x y\u0085'), 'x y');
});
