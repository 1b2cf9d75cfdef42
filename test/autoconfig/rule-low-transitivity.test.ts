import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';
import type { HealthSignals } from '../../src/autoconfig/health-signals.js';
import { RULES } from '../../src/autoconfig/rules.js';
import { ruleContext, thresholdConfig } from './rule-context.js';

test('chained matches (A⊂B⊃C, A and C apart) fire low_transitivity, which raises the threshold', async () => {
  const r = rng(3);
  const rows: string[][] = [];
  for (let g = 0; g < 60; g++) {
    // B holds the six words, A the first four, C the last four: A and C each share 4 of B's words (TF-IDF cosine 0.82)
    // but only 2 with each other (0.5), and share no first or last word, so they are never even compared.
    const t = Array.from({ length: 6 }, () => word(r));
    rows.push([t.slice(0, 4).join(' ')], [t.join(' ')], [t.slice(2).join(' ')]);
  }
  const { telemetry } = await control(table(['title'], rows));
  const first = telemetry.decisions?.[0];
  assert.equal(first?.rule_name, 'low_transitivity');
  assert.equal(first?.iteration, 0);
  assert.deepStrictEqual(first?.config_diff, { 'matchkeys[0].threshold': { from: 0.75, to: 0.8 } });
  assert.ok((telemetry.cluster?.transitivity_rate ?? 1) < 0.85, JSON.stringify([telemetry.decisions, telemetry.cluster, telemetry.health]));
  assert.notEqual(telemetry.stop_reason, 'green');
});

test('low_transitivity stops raising once a raise lost matches without lifting transitivity by 0.02', async () => {
  const rule = RULES.find((r) => r.name === 'low_transitivity');
  const signals = (transitivity: number, matched: number, bridges = 0.2): HealthSignals =>
    ({ transitivity_rate: transitivity, bridge_share: bridges, n_matched: matched, score_valley: null }) as unknown as HealthSignals;
  const ctx = (now: HealthSignals, previous: HealthSignals | null) => ruleContext(thresholdConfig(0.8), now, previous);
  assert.equal(rule?.apply(ctx(signals(0.27, 900), signals(0.26, 1000))), null, 'chains of the data, not of the threshold');
  assert.equal(rule?.apply(ctx(signals(0.4, 900), signals(0.26, 1000)))?.config.matchkeys[0].threshold, 0.85, 'the raise helped: raise again');
  assert.equal(rule?.apply(ctx(signals(0.27, 900), null))?.config.matchkeys[0].threshold, 0.85, 'the first run always may');
});

test('low transitivity inside clusters that hang on no bridge is large entities scored noisily: no raise', () => {
  const rule = RULES.find((r) => r.name === 'low_transitivity');
  const signals = (bridges: number): HealthSignals =>
    ({ transitivity_rate: 0.4, bridge_share: bridges, n_matched: 900, score_valley: null }) as unknown as HealthSignals;
  const ctx = (now: HealthSignals) => ruleContext(thresholdConfig(0.75), now, null);
  // Cora at 0.75: transitivity 0.40 with 0.002 of its links bridges; CDDB: 0.43 with 0.21.
  assert.equal(rule?.apply(ctx(signals(0.002))), null);
  assert.equal(rule?.apply(ctx(signals(0.049))), null);
  assert.equal(rule?.apply(ctx(signals(0.21)))?.config.matchkeys[0].threshold, 0.8);
});
