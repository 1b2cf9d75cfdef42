/** The pieces of the probe's agreement: precision, recall and F1 from the counts, the judge's verdicts, and the pairs a link-only run may make. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countedAgreement, eligiblePairs, judgedVerdict, likelyMatchesEligible } from '../../src/autoconfig/probe-agreement.js';
import { normalizeConfig } from '../../src/config/normalize.js';
import { ColumnStore } from '../../src/data/column-store.js';
import { probe } from './probe-fixtures.js';

test('precision over the judged pairs, recall over the likely matches, F1 of both, to four decimals', () => {
  assert.deepEqual(countedAgreement(98, 100, 87, 100, 104), { precision: 0.98, recall: 0.87, f1: 0.9217, accepted: 104, judged: 100, likely: 100 });
  assert.deepEqual(countedAgreement(2, 3, 1, 2, 4), { precision: 0.6667, recall: 0.5, f1: 0.5714, accepted: 4, judged: 3, likely: 2 });
  assert.equal(countedAgreement(0, 0, 0, 0, 0).f1, 0, 'nothing judged and nothing likely: no precision, no recall');
});

test('the judge says match at the probe threshold, no under it, and cannot say on NaN', () => {
  const p = probe([[1, 1]]);
  assert.equal(judgedVerdict(p.threshold, p), 1);
  assert.equal(judgedVerdict(p.threshold - 0.01, p), 0);
  assert.equal(judgedVerdict(Number.NaN, p), -1);
});

test('a link-only run may make only pairs across tables; its likely matches are those it may make', () => {
  const table = ColumnStore.fromRows(['source', 'name'], [['a', 'x'], ['a', 'y'], ['b', 'x'], ['b', 'y']]);
  const linked = normalizeConfig({ matchkeys: [], link: { source_column: 'source', mode: 'link_only' } });
  const across = eligiblePairs(table, linked);
  assert.deepEqual([across(0, 1), across(0, 2), across(3, 1)], [false, true, true]);
  assert.equal(eligiblePairs(table, normalizeConfig({ matchkeys: [] }))(0, 1), true);
  // Likely matches (0,1) and (2,3) both score 1: only one is eligible when row 2 may not be matched.
  const p = probe([[1, 1], [1, 1]]);
  assert.deepEqual(likelyMatchesEligible(p, () => true), [0, 1]);
  assert.deepEqual(likelyMatchesEligible(p, (x, y) => x !== 2 && y !== 2), [0]);
});
