import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ColumnProfile } from '../../src/autoconfig/column-profile.js';
import type { HealthSignals } from '../../src/autoconfig/health-signals.js';
import { RULES, type RuleContext } from '../../src/autoconfig/rules.js';
import type { Config } from '../../src/config/types.js';
import { ColumnStore } from '../../src/data/column-store.js';

const rule = RULES.find((r) => r.name === 'stable_column_evidence');

function context(agreement: Record<string, number>, profiles: Partial<ColumnProfile>[]): RuleContext {
  const config: Config = {
    matchkeys: [
      {
        name: 'auto_weighted',
        type: 'weighted',
        min_weight: 0,
        threshold: 0.75,
        fields: [
          { field: 'title', scorer: 'tfidf_cosine', weight: 1, transforms: ['lowercase'] },
          { field: 'year', scorer: 'exact', weight: 0.33, transforms: ['strip'] },
          { field: 'venue', scorer: 'exact', weight: 0.3, transforms: ['strip'] },
        ],
        negative_evidence: [],
      },
    ],
    blocking: { strategy: 'multi_pass', keys: [], window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' },
    review: { lo: null, hi: null },
    clustering: { max_cluster_size: 100, min_link_density: 0 },
    link: null,
    exclude_columns: [],
    columns: {},
  };
  return {
    config,
    signals: { n_matched: 500, matched_agreement: agreement } as unknown as HealthSignals,
    previous: null,
    verdict: { health: 'green', reasons: [], degenerateBlocking: false },
    profiles: profiles as ColumnProfile[],
    priors: [],
    source: null,
    sample: ColumnStore.fromRows([], []),
    uniform: ColumnStore.fromRows([], []),
    tableRows: 0,
  };
}

test('stable_column_evidence is structural: it is asked even when the run is healthy', () => {
  assert.equal(rule?.structural, true);
});

test('a few-valued column that matches nearly always agree on gets a penalty from its disagreement weight', () => {
  // m = 0.97, u = 0.1: log2(0.03 / 0.9) = −4.91 bits of the 16.3 all three fields carry (weights 1 + 0.33 + 0.3) → penalty 0.3.
  const ctx = context({ title: 0.2, year: 0.97, venue: 0.6 }, [
    { column: 'title', distinct: 4000, collision: 0.0003 },
    { column: 'year', distinct: 10, collision: 0.1 },
    { column: 'venue', distinct: 5, collision: 0.25 },
  ]);
  const proposal = rule?.apply(ctx);
  assert.ok(proposal);
  assert.deepStrictEqual(proposal.config.matchkeys[0].negative_evidence, [
    { field: 'year', transforms: ['strip'], scorer: 'exact', threshold: 0.5, penalty: 0.3 },
  ]);
  assert.deepStrictEqual(proposal.config_diff, { 'matchkeys[0].negative_evidence': { from: [], to: ['year −0.3'] } });
  assert.equal(ctx.config.matchkeys[0].negative_evidence.length, 0, 'the input configuration is not changed');
});

test('distinctive columns, typo-tolerant scorers and weak disagreement never become negative evidence', () => {
  const distinctive = context({ year: 0.99 }, [{ column: 'year', distinct: 5000, collision: 0.001 }]);
  assert.equal(rule?.apply(distinctive), null);
  const weak = context({ year: 0.85 }, [{ column: 'year', distinct: 10, collision: 0.5 }]); // log2(0.15 / 0.5) = −1.7 bits
  assert.equal(rule?.apply(weak), null);
  const tolerant = context({ title: 0.99 }, [{ column: 'title', distinct: 10, collision: 0.1 }]);
  assert.equal(rule?.apply(tolerant), null);
});
