import assert from 'node:assert/strict';
import { test } from 'node:test';
import { choiceRationale } from '../../src/autoconfig/model-choice.js';
import type { CountedAgreement } from '../../src/autoconfig/probe-agreement.js';

const agreement = (precision: number, recall: number, judged: number): CountedAgreement => ({
  precision,
  recall,
  f1: Math.round(((2 * precision * recall) / (precision + recall)) * 10_000) / 10_000,
  accepted: judged,
  judged,
  likely: 10_000,
});

test('the twin is chosen when it leads by the margin and is as precise', () => {
  assert.equal(choiceRationale(agreement(0.98, 0.7, 5000), agreement(0.98, 0.8, 5000), true), null);
});

test('a lead within the precision noise still chooses the twin', () => {
  // Two standard errors of the difference on 2,000 judged pairs each at 0.97 are about 0.011.
  assert.equal(choiceRationale(agreement(0.975, 0.7, 2000), agreement(0.968, 0.8, 2000), true), null);
});

test('an F1 lead bought with precision the judge sees slipping keeps the weighted model', () => {
  // The person stand-in of docs/autoconfig.md §3.3: the twin led by 0.078 F1 at 0.979 precision against 0.996.
  const why = choiceRationale(agreement(0.9957, 0.6405, 16_000), agreement(0.9791, 0.7638, 20_000), true);
  assert.match(why ?? '', /less precise against the probe \(0\.9791 against 0\.9957/);
});

test('without a lead of the margin, EM unconverged, or a probe neither model fits, the weighted model stays', () => {
  assert.match(choiceRationale(agreement(0.98, 0.8, 5000), agreement(0.99, 0.81, 5000), true) ?? '', /no lead of 0\.02/);
  assert.match(choiceRationale(agreement(0.98, 0.7, 5000), agreement(0.98, 0.8, 5000), false) ?? '', /EM did not converge/);
  assert.match(choiceRationale(agreement(0.3, 0.2, 5000), agreement(0.4, 0.3, 5000), true) ?? '', /neither model agrees/);
});
