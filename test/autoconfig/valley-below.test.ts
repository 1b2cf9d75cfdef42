import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INSIDE_SHARE, insideMatches, judgedBelow, MIN_BAND_JUDGED } from '../../src/autoconfig/valley-below.js';
import { kept, probe } from './probe-fixtures.js';

// The judge is a plain function of the pair here: rows under 1000 pair with likely matches, rows from 1000 with non-matches,
// rows from 5000 cannot be judged. The probe only lends its likely-match line (0.8).
const line = probe([[1, 1]]);
const judge = (a: number): number => (a >= 5000 ? Number.NaN : a < 1000 ? 0.95 : 0.3);

/** `likely` judged-likely pairs and `not` judged non-matches, all scoring `score`. */
function band(score: number, likely: number, not: number, unjudged = 0): Array<[number, number, number]> {
  return [
    ...Array.from({ length: likely }, (_, i): [number, number, number] => [i, i + 1, score]),
    ...Array.from({ length: not }, (_, i): [number, number, number] => [1000 + i, 1001 + i, score]),
    ...Array.from({ length: unjudged }, (_, i): [number, number, number] => [5000 + i, 5001 + i, score]),
  ];
}

test('the band runs from 0.1 under the dip\'s edge to one bin under it, on the 0.001 grid', () => {
  const below = judgedBelow(kept([]), 0.825, line, judge);
  assert.deepEqual(below.band, [0.725, 0.8]);
  assert.equal(below.edge, 0.825);
  assert.equal(below.judged, 0);
  assert.equal(below.share, 0);
  assert.equal(insideMatches(below), false, 'nothing judged says nothing');
});

test('only the pairs in the band are read: the dip\'s own bin and the pairs above it are not', () => {
  const pairs = kept([
    ...band(0.76, 30, 10), // in the band
    ...band(0.75 - 1e-12, 0, 40), // the lower bound as a float sum may land on it: reached, in
    ...band(0.825 - 1e-12, 0, 500), // the dip's own bin from its lower bound: out
    ...band(0.9, 500, 0), // above the dip: out
    ...band(0.7499, 500, 0), // under the band: out
  ]);
  const below = judgedBelow(pairs, 0.85, line, judge);
  assert.deepEqual(below.band, [0.75, 0.825]);
  assert.equal(below.judged, 80);
  assert.equal(below.likely, 30);
  assert.equal(below.share, 0.375);
  assert.equal(insideMatches(below), false, 'most of the band is non-matches: the valley separates the humps');
});

test('pairs the judge cannot say, and pairs the run may not match, are left out of the share', () => {
  const pairs = kept([...band(0.8, 60, 20, 300)]);
  const below = judgedBelow(pairs, 0.85, line, judge);
  assert.equal(below.judged, 80);
  assert.equal(below.share, 0.75);
  assert.equal(insideMatches(below), true);
  const notAcross = judgedBelow(pairs, 0.85, line, judge, (a) => a >= 1000);
  assert.equal(notAcross.judged, 20, 'only the eligible pairs');
  assert.equal(notAcross.share, 0);
});

test('inside the match hump takes a majority of likely matches and enough judged pairs', () => {
  const at = (likely: number, not: number) => judgedBelow(kept(band(0.8, likely, not)), 0.85, line, judge);
  assert.equal(insideMatches(at(26, 24)), true, 'a majority of 50');
  assert.equal(insideMatches(at(25, 25)), false, 'an even split is not a majority');
  assert.equal(at(25, 25).share, INSIDE_SHARE);
  assert.equal(insideMatches(at(MIN_BAND_JUDGED - 1, 0)), false, 'too few judged pairs');
});
