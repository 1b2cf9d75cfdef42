/** across_tables_blocking: once tables are compared only across, passes too costly for a deduplication are added if their pairs across fit the budget. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseBlocking } from '../../src/autoconfig/blocking-choice.js';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import type { HealthSignals } from '../../src/autoconfig/health-signals.js';
import { RULES } from '../../src/autoconfig/rules.js';
import type { Config } from '../../src/config/types.js';
import { rng, table, word } from './fixtures.js';
import { ruleContext, thresholdConfig } from './rule-context.js';

// 2,000 rows, 40 brands of 25 listings in each table: the brand (first word) blocks 50 rows together,
// 49,000 pairs in all (over half the budget of 80,000) but 25,000 across the tables.
const r = rng(51);
const brands = Array.from({ length: 40 }, () => word(r, 6));
const rows: string[][] = [];
for (let i = 0; i < 2000; i++) rows.push([i % 2 ? 'shop' : 'catalogue', `${brands[i % 40]} ${word(r, 7)} ${word(r, 7)} ${word(r, 5)}`]);
const store = table(['source', 'title'], rows);
const profiles = profileColumns(store, []).filter((p) => p.column !== 'source');
const brandPass = { fields: [{ field: 'title', transforms: ['lowercase', 'first_token'] }] };
const source = { column: 'source', values: ['catalogue', 'shop'] };

function configWith(mode: 'link_only' | 'link_and_dedupe', keys = chooseBlocking(store, profiles)): Config {
  return {
    ...thresholdConfig(0.5),
    blocking: { strategy: 'multi_pass', keys, window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' },
    link: { source_column: 'source', mode },
  } as Config;
}

function apply(config: Config, sample = store, sampleProfiles = profiles): ReturnType<(typeof RULES)[number]['apply']> {
  const rule = RULES.find((x) => x.name === 'across_tables_blocking');
  assert.ok(rule);
  return rule.apply({ ...ruleContext(config, {} as HealthSignals, null), profiles: sampleProfiles, sample, uniform: sample, tableRows: sample.rowCount, source });
}

test('v0 leaves out the brand pass: counting the pairs inside each table, it costs over half the budget', () => {
  assert.equal(chooseBlocking(store, profiles).some((k) => JSON.stringify(k) === JSON.stringify(brandPass)), false);
});

test('compared only across, the brand pass is added after the passes in place', () => {
  const config = configWith('link_only');
  const proposal = apply(config);
  assert.ok(proposal);
  const keys = proposal.config.blocking.keys;
  assert.deepEqual(keys.slice(0, config.blocking.keys.length), config.blocking.keys);
  assert.ok(keys.slice(config.blocking.keys.length).some((k) => JSON.stringify(k) === JSON.stringify(brandPass)), JSON.stringify(keys));
  assert.match(proposal.rationale, /lowercase\|first_token\(title\)/);
  assert.deepEqual(Object.keys(proposal.config_diff), ['blocking.keys']);
  assert.equal(apply(proposal.config), null, 'nothing more fits once the passes are in');
});

test('it does not fire while the tables are also deduplicated', () => {
  assert.equal(apply(configWith('link_and_dedupe')), null);
});

test('a pass that fits the budget across tables but holds a degenerate block is not added', () => {
  // 400 rows, two brands: the brand pass costs 20,000 pairs across (within the 50,000 floor) but blocks half the rows together.
  const r2 = rng(52);
  const two = [word(r2, 6), word(r2, 6)];
  const small = table(
    ['source', 'title'],
    Array.from({ length: 400 }, (_, i) => [i % 2 ? 'shop' : 'catalogue', `${two[Math.floor(i / 2) % 2]} ${word(r2, 7)} ${word(r2, 7)} ${word(r2, 5)}`]),
  );
  const smallProfiles = profileColumns(small, []).filter((p) => p.column !== 'source');
  const keys = chooseBlocking(small, smallProfiles);
  assert.equal(keys.some((k) => JSON.stringify(k) === JSON.stringify(brandPass)), false);
  assert.ok(chooseBlocking(small, smallProfiles, { acrossColumn: 'source', keep: keys }).some((k) => JSON.stringify(k) === JSON.stringify(brandPass)), 'it fits the budget');
  const proposal = apply(configWith('link_only', keys), small, smallProfiles);
  assert.equal(proposal?.config.blocking.keys.some((k) => JSON.stringify(k) === JSON.stringify(brandPass)) ?? false, false, JSON.stringify(proposal));
});
