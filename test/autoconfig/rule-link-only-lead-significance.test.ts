import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HealthSignals } from '../../src/autoconfig/health-signals.js';
import { RULES, proportionLeadZ } from '../../src/autoconfig/rules.js';
import type { Config } from '../../src/config/types.js';
import { ruleContext } from './rule-context.js';

const rule = RULES.find((r) => r.name === 'link_only_clean_sources');

/** Two stacked tables in link_and_dedupe, with these counts of matched and mutual-best pairs across and inside. */
function apply(across: number, mutualAcross: number, inside: number, mutualInside: number) {
  const config = {
    matchkeys: [{ name: 'auto_weighted', type: 'weighted', threshold: 0.75, fields: [], negative_evidence: [] }],
    link: { source_column: 'source', mode: 'link_and_dedupe' },
    clustering: { max_cluster_size: 100, min_link_density: 0.1 },
  } as unknown as Config;
  const signals = {
    n_matched_across_sources: across,
    n_mutual_best_across: mutualAcross,
    n_matched_within_source: inside,
    n_mutual_best_within: mutualInside,
    // Half the rows per table, and every record's best partner as often inside as chance: tests (a) and (c) stay silent.
    table_shares: { left: 0.5, right: 0.5 },
    best_partner_across: { left: 0.5, right: 0.5 },
  } as unknown as HealthSignals;
  const ctx = { ...ruleContext(config, signals, null), source: { column: 'source', values: ['left', 'right'] } };
  return rule?.apply(ctx) ?? null;
}

test('proportionLeadZ: the pooled two-proportion z statistic', () => {
  // p1 = 0.9, p2 = 0.2, pooled 0.55: 0.7 / √(0.55 · 0.45 · 0.02) = 9.95.
  assert.ok(Math.abs(proportionLeadZ(90, 100, 20, 100) - 9.9499) < 1e-3);
  assert.equal(proportionLeadZ(50, 100, 50, 100), 0);
  assert.ok(proportionLeadZ(20, 100, 50, 100) < 0, 'a share behind leads by a negative amount');
  assert.equal(proportionLeadZ(10, 10, 0, 10), 4.47213595499958 /* 1 / √(0.25 · 0.2) */, 'all across against none inside: finite, the pooled share is 0.5');
  assert.equal(proportionLeadZ(10, 10, 0, 0), Infinity, 'all pair off across and nothing matches inside');
  assert.equal(proportionLeadZ(0, 0, 3, 10), 0);
});

test('a lead of under ten points over thousands of pairs is far beyond chance: the tables are linked one to one', () => {
  // The transactions' counts with the lead cut to 8 points: z ≈ 10.5.
  const proposal = apply(11_670, 6_692, 6_569, 3_244);
  assert.ok(proposal, 'link_only');
  assert.equal(proposal.config.link?.mode, 'link_only');
  assert.match(proposal.rationale, /57\.34% of 11670 matched pairs across .* 49\.38% of 6569 inside one table \(a lead of 10\.\d+ standard errors\)/);
});

test('a lead of twenty points over a handful of pairs is within chance: link_and_dedupe stays', () => {
  // 14 of 24 across against 4 of 10 inside: z ≈ 0.98.
  assert.equal(apply(24, 14, 10, 4), null);
});

test('matches across that pair off less often than those inside never link the tables, however many', () => {
  assert.equal(apply(10_000, 5_100, 10_000, 6_000), null);
});

test('over tens of thousands of pairs a lead of three points passes the z-test but not the minimum lead: link_and_dedupe stays', () => {
  // 55% against 52% of 20,000 pairs each: z ≈ 6, but pairs sharing records are not independent draws.
  assert.ok(proportionLeadZ(11_000, 20_000, 10_400, 20_000) > 3);
  assert.equal(apply(20_000, 11_000, 20_000, 10_400), null);
});
