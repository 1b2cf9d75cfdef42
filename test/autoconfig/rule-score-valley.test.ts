/** The score_valley rule moves the threshold to the valley's bin edge as it is, to the thousandth: rounded to hundredths, 0.825 became 0.83 and lost the matches just above the floor. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HealthSignals } from '../../src/autoconfig/health-signals.js';
import { RULES } from '../../src/autoconfig/rules.js';
import { ruleContext, thresholdConfig } from './rule-context.js';

const rule = RULES.find((r) => r.name === 'score_valley');
const signals = (valley: number | null): HealthSignals => ({ score_valley: valley, n_matched: 500 }) as unknown as HealthSignals;

test('a valley at a bin edge sets that edge exactly', () => {
  const p = rule?.apply(ruleContext(thresholdConfig(0.75), signals(0.825), null));
  assert.equal(p?.config.matchkeys[0].threshold, 0.825);
  assert.deepStrictEqual(p?.config_diff, { 'matchkeys[0].threshold': { from: 0.75, to: 0.825 } });
});

test('no valley, or a threshold already within 0.02 of it: no change', () => {
  assert.equal(rule?.apply(ruleContext(thresholdConfig(0.75), signals(null), null)), null);
  assert.equal(rule?.apply(ruleContext(thresholdConfig(0.81), signals(0.825), null)), null);
});
