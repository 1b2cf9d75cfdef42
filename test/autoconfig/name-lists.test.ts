/** Zero-config on citations: a column of author lists is recognised and compared name by name with monge_elkan; titles and places are not. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { holdsNameLists, isNameList, profileColumns } from '../../src/autoconfig/column-profile.js';
import { columnPriors } from '../../src/autoconfig/column-priors.js';
import { initialConfig } from '../../src/autoconfig/initial-config.js';
import { rng, table, word } from './fixtures.js';

test('isNameList: two or more names of two to four words, split at commas, semicolons, & and "and"', () => {
  for (const v of [
    'p. auer, n. cesa-bianchi, y. freund, and r. e. schapire,',
    'a. blum, m. furst, m. j. kearns, and richard j. lipton.',
    'Sanjay Agrawal, Surajit Chaudhuri',
    'Sandy Anderson AND Bob Brandt',
    "M. O'Neil; J. Müller-Lüdenscheidt",
    'Tadao Andō, Kenzo Tange', // "and" inside a name is not a conjunction
    'Hans Müller, Jörg Schmidt'.normalize('NFD'), // combining accents
  ]) assert.equal(isNameList(v), true, v);
  for (const v of [
    'los alamitos, ca:', // a place: one part is a single word
    'Nikon D3100, 14.2 MP', // digits
    'john smith', // one name
    'smith, j.', // one name, inverted
    'learning to rank with partially labeled data',
    'proceedings of the tenth annual conference on computational learning theory, and more',
  ]) assert.equal(isNameList(v), false, v);
});

function citations(): ReturnType<typeof table> {
  const r = rng(5);
  const rows: string[][] = [];
  for (let i = 0; i < 200; i++) {
    const authors = Array.from({ length: 2 + (i % 3) }, () => `${word(r, 1)}. ${word(r, 7)}`);
    const list = `${authors.slice(0, -1).join(', ')}, and ${authors.at(-1)}`;
    rows.push([list, `${word(r, 6)} ${word(r, 8)} of ${word(r, 5)} ${word(r, 7)}`, ['new york, ny', 'boston, ma', 'los alamitos, ca'][i % 3]]);
  }
  return table(['author', 'title', 'address'], rows);
}

test('the profile measures the share of name lists; only the author column holds them', () => {
  const profiles = profileColumns(citations(), []);
  const by = (c: string) => profiles.find((p) => p.column === c);
  assert.equal(by('author')?.nameListShare, 1);
  assert.equal(by('title')?.nameListShare, 0);
  assert.equal(by('address')?.nameListShare, 0);
  assert.equal(holdsNameLists(by('author') as never), true);
  assert.equal(holdsNameLists(by('title') as never), false);
});

test('v0 compares the author lists with monge_elkan and the titles with tfidf_cosine', () => {
  const store = citations();
  const profiles = profileColumns(store, []);
  const config = initialConfig(store, profiles, columnPriors(store, profiles), [], null);
  const scorerOf = (c: string): string | undefined => {
    const f = config.matchkeys[0].fields.find((x) => x.field === c);
    return f && 'scorer' in f ? String(f.scorer) : undefined;
  };
  assert.equal(scorerOf('author'), 'monge_elkan');
  assert.equal(scorerOf('title'), 'tfidf_cosine');
});
