import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { agreementAt, probeAgreement, probeVerdicts } from '../../src/autoconfig/probe-agreement.js';
import { kept, probe } from './probe-fixtures.js';

test('probe agreement: precision over every accepted pair the probe can judge, recall over its likely matches', () => {
  // Pairs 0 and 1 are likely matches (mean similarity 1 and 0.95), pairs 2 and 3 are not.
  const p = probe([[1, 1], [1, 0.9], [0.2, 0.3], [0.5, 0.6]]);
  const verdicts = new Map([['0,1', 0.95], ['4,5', 0.3], ['8,9', 0.9], ['10,11', NaN]]);
  const judge = (x: number, y: number): number => verdicts.get(`${Math.min(x, y)},${Math.max(x, y)}`) ?? 0;
  // Accepted at 0.8: (0,1) given reversed, (4,5) a non-match, (8,9) a match the probe's search never met, (10,11)
  // which it cannot judge; (2,3) scores below the threshold.
  const pairs = kept([[1, 0, 0.9], [4, 5, 0.85], [8, 9, 0.99], [10, 11, 0.8], [2, 3, 0.7]]);
  const a = probeAgreement(pairs, 0.8, p, judge);
  assert.deepEqual(a, { precision: 0.6667, recall: 0.5, f1: 0.5714, accepted: 4, judged: 3, likely: 2 });
  // A pair the run may not match (another table's, in a link-only run) is no likely match it missed.
  const across = probeAgreement(pairs, 0.8, p, judge, (x) => x !== 2);
  assert.deepEqual([across.recall, across.likely], [1, 1]);
  assert.equal(probeAgreement(kept([]), 0.8, p, judge).f1, 0, 'nothing accepted: no precision, no recall');
});

test('one judging pass read at any threshold equals judging at that threshold', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 12 }),
      fc.array(fc.tuple(fc.nat(23), fc.nat(23), fc.double({ min: 0.5, max: 1, noNaN: true })), { maxLength: 30 }),
      fc.double({ min: 0.55, max: 1, noNaN: true }),
      (sims, pairs, threshold) => {
        const p = probe(sims);
        const judge = (x: number, y: number): number => ((x * 7 + y * 3) % 5 === 0 ? NaN : ((x + y) % 10) / 10);
        const list = kept(pairs.filter(([a, b]) => a !== b));
        assert.deepEqual(agreementAt(probeVerdicts(list, 0.55, p, judge), threshold), probeAgreement(list, threshold, p, judge));
      },
    ),
  );
});
