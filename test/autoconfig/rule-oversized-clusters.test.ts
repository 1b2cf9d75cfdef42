import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HealthSignals } from '../../src/autoconfig/health-signals.js';
import { RULES } from '../../src/autoconfig/rules.js';
import { ruleContext, thresholdConfig } from './rule-context.js';

const rule = RULES.find((r) => r.name === 'oversized_clusters');
const signals = (oversized: number, matched: number, joints = 2): HealthSignals =>
  ({ n_oversized_clusters: oversized, n_oversized_joints: joints, cluster_size_max: 50, n_matched: matched, score_valley: null }) as unknown as HealthSignals;
const ctx = (now: HealthSignals, previous: HealthSignals | null) => ruleContext(thresholdConfig(0.8), now, previous);

test('oversized_clusters raises the threshold while raises halve the oversized clusters', () => {
  assert.equal(rule?.apply(ctx(signals(3, 900), null))?.config.matchkeys[0].threshold, 0.85, 'the first run always may');
  assert.equal(rule?.apply(ctx(signals(5, 900), signals(12, 1000)))?.config.matchkeys[0].threshold, 0.85, '12 → 5: the raise helped');
  assert.equal(rule?.apply(ctx(signals(0, 900), signals(12, 1000))), null, 'none left');
});

test('oversized_clusters stops once a raise lost matches without halving them: those clusters are entities with many records', () => {
  assert.equal(rule?.apply(ctx(signals(8, 900), signals(12, 1000))), null);
});

test('oversized clusters with no joint (no bridge leaving 3+ rows on each side) are single large entities: no raise', () => {
  // Cora at 0.75: 13 clusters of 32 to 59 records, not one bridge among their 6,164 links.
  assert.equal(rule?.apply(ctx(signals(13, 900, 0), null)), null);
  assert.equal(rule?.apply(ctx(signals(13, 900, 1), null))?.config.matchkeys[0].threshold, 0.85);
});
