/** date_diff bands, accepted formats, the month/day swap floor, and the `date` fallback for unparseable values. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dayNumber } from '../../../src/engine/scorers/date-diff.js';
import { dateDiff, dateSimilarity, parseDate } from '../../../src/engine/scorers/registry.js';
import { assertClose } from './assert-close.js';

test('day numbers follow the proleptic Gregorian calendar, also for years below 100', () => {
  assert.equal(dayNumber(1970, 1, 1), 0);
  assert.equal(dayNumber(2000, 3, 1), 11017);
  assert.equal(dayNumber(1, 1, 1), -719162);
  assert.equal(dayNumber(2024, 3, 1) - dayNumber(2024, 2, 28), 2);
  assert.equal(dayNumber(2023, 3, 1) - dayNumber(2023, 2, 28), 1);
});

test('accepted formats: YYYY-MM-DD, YYYY/M/D, YYYYMMDD, bare YYYY (1 January); surrounding spaces', () => {
  assert.deepEqual(parseDate('2024-02-09'), { year: 2024, month: 2, day: 9, dayNumber: dayNumber(2024, 2, 9) });
  assert.equal(parseDate('2024/2/9')?.dayNumber, dayNumber(2024, 2, 9));
  assert.equal(parseDate('20240209')?.dayNumber, dayNumber(2024, 2, 9));
  assert.equal(parseDate(' 1999 ')?.dayNumber, dayNumber(1999, 1, 1));
});

test('rejected: impossible dates, mixed separators, day-first order, text', () => {
  for (const text of ['2023-02-29', '2024-13-01', '2024-00-10', '0000-01-01', '2024-02/09', '09/02/2024', 'Feb 9 2024', '2024-02-09T10:00', '']) {
    assert.equal(parseDate(text), null, text);
  }
  assert.notEqual(parseDate('2024-02-29'), null);
});

test('day-distance bands: 0 → 1, ≤1 → 0.92, ≤31 → 0.80, ≤366 → 0.60, ≤1827 → 0.30, else 0', () => {
  assert.equal(dateDiff('2024-02-09', '2024/2/9'), 1);
  assert.equal(dateDiff('2024-02-09', '2024-02-10'), 0.92);
  assert.equal(dateDiff('2024-02-09', '2024-03-11'), 0.8); // 31 days
  assert.equal(dateDiff('2024-02-09', '2024-03-12'), 0.6); // 32 days
  assert.equal(dateDiff('2023-01-01', '2024-01-02'), 0.6); // 366 days
  assert.equal(dateDiff('2023-01-01', '2024-01-03'), 0.3); // 367 days
  assert.equal(dateDiff('2000-01-01', '2005-01-01'), 0.3); // 1827 days
  assert.equal(dateDiff('2000-01-01', '2005-01-02'), 0); // 1828 days
  assert.equal(dateDiff('1990', '1991-06-30'), 0.3);
});

test('a month/day swap is floored at 0.80, however far apart the dates are', () => {
  assert.equal(dateDiff('2020-01-12', '2020-12-01'), 0.8); // 324 days apart
  assert.equal(dateDiff('2020-12-01', '2020-01-12'), 0.8);
  assert.equal(dateDiff('2020-03-04', '2020-04-03'), 0.8); // 30 days: the band already says 0.80
  assert.equal(dateDiff('2020-01-12', '2021-12-01'), 0.3); // different year: no swap
  assert.equal(dateDiff('2020-05-05', '2020-05-05'), 1); // swap of an identical date stays 1
});

test('unparseable values fall back to the date scorer', () => {
  // Both strict ISO but impossible: digits compared by Damerau–Levenshtein.
  assert.equal(dateDiff('2023-02-30', '2023-02-30'), 1);
  assert.equal(dateDiff('2023-02-30', '2023-02-31'), 0.9);
  assert.equal(dateDiff('2023-02-30', '2023-03-31'), 0.75);
  assert.equal(dateDiff('2023-02-30', '2024-03-31'), 0);
  // Otherwise normalised Levenshtein on the text.
  assertClose(dateDiff('Jan 2020', 'Jan 2021'), 0.875, 'text');
  assertClose(dateDiff('2024-02-09', 'unknown'), dateSimilarity('2024-02-09', 'unknown'), 'one side unparseable');
});

test('the date scorer: transposed digits count once', () => {
  assert.equal(dateSimilarity('2020-01-12', '2020-01-21'), 0.9);
  assert.equal(dateSimilarity('2020-01-12', '2020-01-12'), 1);
  assertClose(dateSimilarity('2020/01/12', '2020-01-12'), 0.8, 'not strict ISO: Levenshtein 2 of 10');
});
