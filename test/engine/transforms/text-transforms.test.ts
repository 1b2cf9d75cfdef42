/** Case, whitespace and character-class transforms, with Python's notion of whitespace. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getTransform } from '../../../src/engine/transforms/registry.js';

const apply = (spec: string, value: string): string | null => getTransform(spec)(value);

test('lowercase and uppercase are full Unicode case mappings', () => {
  assert.equal(apply('lowercase', 'ÉCOLE Zoë'), 'école zoë');
  assert.equal(apply('uppercase', 'straße'), 'STRASSE');
  assert.equal(apply('lowercase', '😀A'), '😀a');
});

test('strip trims Python whitespace (including no-break and ideographic spaces) but not U+FEFF', () => {
  assert.equal(apply('strip', ' \t\u00a0Ann\u3000\n'), 'Ann');
  assert.equal(apply('strip', '\ufeffAnn'), '\ufeffAnn');
  assert.equal(apply('strip', 'a b'), 'a b');
});

test('strip_all removes every whitespace character', () => {
  assert.equal(apply('strip_all', ' 10 001\t'), '10001');
  assert.equal(apply('strip_all', 'abc'), 'abc');
});

test('normalize_whitespace collapses runs to one space and trims', () => {
  assert.equal(apply('normalize_whitespace', '  John \t\n Smith  '), 'John Smith');
  assert.equal(apply('normalize_whitespace', '\u2003a\u2003\u2003b'), 'a b');
  assert.equal(apply('normalize_whitespace', '   '), '');
});

test('digits_only and alpha_only keep ASCII classes only', () => {
  assert.equal(apply('digits_only', '(555) 123-4567 ext. ٣'), '5551234567');
  assert.equal(apply('alpha_only', "O'Brien-Smith 3rd é"), 'OBrienSmithrd');
});

test('ascii_fold strips accents, spells out letters NFKD keeps whole, keeps other scripts', () => {
  assert.equal(apply('ascii_fold', 'José Ñúñez'), 'Jose Nunez');
  assert.equal(apply('ascii_fold', 'Straße Æsir Œuvre Søren Łódź Đorđe Þór'), 'Strasse AEsir OEuvre Soren Lodz Dorde THor');
  assert.equal(apply('ascii_fold', 'ﬁle Ｊｏｅ'), 'file Joe');
  assert.equal(apply('ascii_fold', '漢字 😀'), '漢字 😀');
});
