/** tfidf_cosine: tokenisation, IDF learned from the prepared field, IDF = 1 without data, edge cases. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { createScorer, tfidfCosine } from '../../../src/engine/scorers/registry.js';
import { wordTokens } from '../../../src/engine/scorers/tfidf-cosine.js';
import { assertClose } from './assert-close.js';

test('tokens are lower-cased runs of Unicode letters and digits', () => {
  assert.deepEqual(wordTokens('Acme-Corp, Inc. 2'), ['acme', 'corp', 'inc', '2']);
  assert.deepEqual(wordTokens('Zoë Ångström'), ['zoë', 'ångström']);
  assert.deepEqual(wordTokens('!!! 😀'), []);
});

test('without data, IDF is 1: plain term-frequency cosine', () => {
  assertClose(tfidfCosine('a b', 'a c'), 0.5, 'half overlap');
  assertClose(tfidfCosine('a a b', 'a b'), 3 / Math.sqrt(5 * 2), 'term counts matter');
  assert.equal(tfidfCosine('John Smith', 'smith, john'), 1);
  assert.equal(tfidfCosine('a', 'b'), 0);
});

test('IDF = ln((1 + N)/(1 + df)) + 1 from the rows of the prepared field', () => {
  // 4 rows with a value (one row missing); "john" and "smith" are each in 3 of them, "jane" and "doe" in 1.
  const dict = FieldDictionary.fromValues('name', [], ['john smith', 'john smith', 'jane smith', 'john doe', null]);
  const idf = (df: number): number => Math.log((1 + 4) / (1 + df)) + 1;
  const s = createScorer('tfidf_cosine', dict);
  // "john smith" vs "jane smith": only "smith" is shared.
  const expected = (idf(3) * idf(3)) / (Math.hypot(idf(3), idf(3)) * Math.hypot(idf(1), idf(3)));
  assertClose(s.ids(0, 1), expected, 'ids');
  assertClose(s.values('john smith', 'jane smith'), expected, 'values');
  // A query token never seen in the column gets df = 0.
  const unseen = (idf(3) * idf(3)) / (Math.hypot(idf(3), idf(3)) * Math.hypot(idf(3), idf(0)));
  assertClose(s.values('john smith', 'john zzz'), unseen, 'unseen token');
  // Without data the same pair is a plain term-frequency cosine: different number.
  assert.ok(Math.abs(createScorer('tfidf_cosine', null).values('john smith', 'jane smith') - expected) > 0.05);
});

test('values without tokens compare as exact text; identical token bags score exactly 1', () => {
  const s = createScorer('tfidf_cosine', null);
  assert.equal(s.values('!!!', '!!!'), 1);
  assert.equal(s.values('!!!', '???'), 0);
  assert.equal(s.values('!!!', 'abc'), 0);
  assert.equal(s.values('Acme Corp', 'corp ACME'), 1);
});
