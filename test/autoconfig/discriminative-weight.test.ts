import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ColumnProfile } from '../../src/autoconfig/column-profile.js';
import { discriminativeWeight, fieldFor } from '../../src/autoconfig/initial-config.js';

const profile = (p: Partial<ColumnProfile>): ColumnProfile =>
  ({ column: 'c', kind: 'text', nullRate: 0, distinctRatio: 1, distinct: 100, avgLength: 10, avgTokens: 1, topShare: 0.01, collision: 0.01, codeShare: 0, ...p }) as ColumnProfile;

test('a column weighs log2(1 / collision) bits out of 10, between 0.05 and 1', () => {
  assert.equal(discriminativeWeight(profile({ collision: 1 / 8 })), 0.3);
  assert.equal(discriminativeWeight(profile({ collision: 1 / 1024 })), 1);
  assert.equal(discriminativeWeight(profile({ collision: 1e-9 })), 1);
  assert.equal(discriminativeWeight(profile({ collision: 1 })), 0.05);
});

test('the scorer follows the kind: multi-word text by TF-IDF, names of one word by Jaro-Winkler, codes by edit distance, amounts by relative difference; amounts and long prose weigh at most 0.25', () => {
  assert.equal(fieldFor(profile({ kind: 'text', avgTokens: 9 }))?.scorer, 'tfidf_cosine');
  assert.equal(fieldFor(profile({ kind: 'text', avgTokens: 2 }))?.scorer, 'token_set');
  assert.equal(fieldFor(profile({ kind: 'name' }))?.scorer, 'jaro_winkler');
  assert.equal(fieldFor(profile({ kind: 'name', avgTokens: 1.9 }))?.scorer, 'jaro_winkler');
  assert.equal(fieldFor(profile({ kind: 'code' }))?.scorer, 'damerau_levenshtein');
  assert.deepStrictEqual(fieldFor(profile({ kind: 'number', collision: 0.0001 })), { field: 'c', scorer: 'numeric_diff', weight: 0.25, transforms: ['amount'] });
  assert.equal(fieldFor(profile({ kind: 'long_text', collision: 0.0001 }))?.weight, 0.25);
  assert.equal(fieldFor(profile({ kind: 'text', avgTokens: 9, collision: 0.0001 }))?.weight, 1);
});

test('a name column of two words or more (a full name) is compared by its sorted words: a shared first name does not carry a different surname', async () => {
  const field = fieldFor(profile({ kind: 'name', avgTokens: 2.25 }));
  assert.equal(field?.scorer, 'token_sort');
  assert.equal(fieldFor(profile({ kind: 'name', avgTokens: 2 }))?.scorer, 'token_sort', 'two words on average is a multi-word column (Febrl street addresses: 2.0)');
  assert.deepStrictEqual(field?.transforms, ['lowercase', 'normalize_whitespace']);
  const { jaroWinkler } = await import('../../src/engine/scorers/jaro.js');
  const { tokenSortRatio } = await import('../../src/engine/scorers/token-ratio.js');
  // Namesakes: Jaro–Winkler calls them alike, the sorted words do not; a typo still scores high on both.
  assert.ok(jaroWinkler('john merti', 'john helcarridge') > 0.85);
  assert.ok(tokenSortRatio('john merti', 'john helcarridge') < 0.35);
  assert.ok(tokenSortRatio('john merti', 'jonh merti') >= 0.9);
  assert.equal(tokenSortRatio('merti john', 'john merti'), 1, 'surname first is the same name');
});
