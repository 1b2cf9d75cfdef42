import assert from 'node:assert/strict';
import { test } from 'node:test';
import { containedShare, containments, discountContained } from '../../src/autoconfig/column-redundancy.js';
import type { ScoredField } from '../../src/config/types.js';
import { table } from './fixtures.js';

const FIRST = ['ann', 'bob', 'cyd', 'dee', 'eve', 'fay', 'gus', 'hal'];
const LAST = ['moss', 'nash', 'orr', 'pike', 'quinn', 'ross', 'shaw', 'todd'];

/** Rows of a full name, its first name, its surname (a typo in 1 of 5 surnames), a date and a city. */
function rows(n: number): string[][] {
  return Array.from({ length: n }, (_, i) => {
    const first = FIRST[i % 8];
    const last = LAST[(i * 3) % 8];
    return [`${first} ${last}`, first, i % 5 === 0 ? `${last}x` : last, `19${50 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`, ['york', 'bath'][i % 2]];
  });
}

test('contained share: the rows where every word of one column is a word of the other', () => {
  const store = table(['full', 'first', 'last', 'dob', 'city'], rows(100));
  const all = Array.from({ length: 100 }, (_, i) => i);
  // First names are 3 letters of 7 in every full name ('ann' of 'ann moss'); surnames 4 or 5 of 7 or 8.
  const first = containedShare(store, 0, 1, all);
  assert.equal(first?.share, 1);
  assert.ok(Math.abs((first?.coverage ?? 0) - 3 / 7) < 0.02, `coverage ${first?.coverage}`);
  assert.equal(containedShare(store, 0, 2, all)?.share, 0.8);
  assert.deepEqual(containedShare(store, 1, 0, all), { share: 0, coverage: 0 }, 'a full name is not inside its first name');
  assert.equal(containedShare(store, 0, 3, all.slice(0, 10)), null, 'too few rows say nothing');
});

test('containments: a full name holds its first name and (despite typos) its surname; unrelated columns hold nothing', () => {
  const store = table(['full', 'first', 'last', 'dob', 'city'], rows(200));
  assert.deepEqual(
    containments(store, ['full', 'first', 'last', 'dob', 'city']).map((c) => [c.inner, c.outer, c.share]),
    [
      ['first', 'full', 1],
      ['last', 'full', 0.8],
    ],
  );
  assert.deepEqual(containments(store, ['first', 'last', 'dob']), []);
});

test('discounted weights: a contained field loses what the other holds (share × coverage); a mutual pair discounts only the weaker', () => {
  const f = (field: string, weight: number): ScoredField => ({ field, scorer: 'jaro_winkler', weight, transforms: [] });
  const out = discountContained([f('full', 1), f('first', 0.5), f('last', 0.5), f('code', 1), f('dob', 1)], [
    { inner: 'first', outer: 'full', share: 1, coverage: 0.5 },
    { inner: 'last', outer: 'full', share: 0.8, coverage: 0.5 },
    // A code inside a long title is one word of many: mostly news.
    { inner: 'code', outer: 'full', share: 0.6, coverage: 0.1 },
  ]);
  assert.deepEqual(out.map((x) => [x.field, x.weight]), [['full', 1], ['first', 0.25], ['last', 0.3], ['code', 0.94], ['dob', 1]]);
  const mutual = discountContained([f('a', 0.5), f('b', 0.9)], [
    { inner: 'a', outer: 'b', share: 0.9, coverage: 1 },
    { inner: 'b', outer: 'a', share: 0.9, coverage: 1 },
  ]);
  assert.deepEqual(mutual.map((x) => [x.field, x.weight]), [['a', 0.05], ['b', 0.9]]);
  // A containment naming a column that is not compared changes nothing.
  assert.deepEqual(discountContained([f('a', 0.7)], [{ inner: 'a', outer: 'zz', share: 1, coverage: 1 }]), [f('a', 0.7)]);
});
