import assert from 'node:assert/strict';
import { test } from 'node:test';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { columnPriors } from '../../src/autoconfig/column-priors.js';
import type { HealthSignals } from '../../src/autoconfig/health-signals.js';
import { RULES, type RuleProposal } from '../../src/autoconfig/rules.js';
import type { BlockingKey, Config } from '../../src/config/types.js';
import type { ColumnStore } from '../../src/data/column-store.js';
import { control } from './controller-run.js';
import { rng, table, word } from './fixtures.js';
import { ruleContext, thresholdConfig } from './rule-context.js';

test('a blocking pass putting every row in one block fires blocking_key_swap and the committed blocking is no longer degenerate', async () => {
  const r = rng(5);
  const rows: string[][] = [];
  for (let e = 0; e < 100; e++) {
    // Every title starts with the same word, so prefix and first-token passes hold all rows in one block.
    const title = `member ${word(r)} ${word(r, 8)}`;
    rows.push([title], [title]);
  }
  const { telemetry } = await control(table(['title'], rows));
  // The first swap (a structural rule, the score valley, may come before it on the same run).
  const first = telemetry.decisions?.find((d) => d.rule_name === 'blocking_key_swap');
  assert.ok(first !== undefined, JSON.stringify(telemetry.decisions));
  assert.ok(telemetry.decisions?.slice(0, telemetry.decisions.indexOf(first)).every((d) => d.rule_name === 'score_valley'), JSON.stringify(telemetry.decisions));
  assert.match(first?.rationale ?? '', /largest block 200 of 200 rows/);
  const [path] = Object.keys(first?.config_diff ?? {});
  assert.match(path, /^blocking\.keys\[\d\]$/);
  assert.ok((telemetry.blocking?.block_size_max ?? 200) <= 20, JSON.stringify(telemetry.blocking));
  assert.ok((telemetry.blocking?.reduction_ratio ?? 0) >= 0.5);
});

/** The swap rule called directly on a degenerate first pass over `store`. */
function swapOn(store: ColumnStore, keys: BlockingKey[]): RuleProposal | null {
  const profiles = profileColumns(store, []);
  const config = { ...thresholdConfig(0.75), blocking: { strategy: 'multi_pass', keys, window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' } } as Config;
  const signals = { reduction_ratio: 0.3, block_size_max: store.rowCount, n_rows: store.rowCount, largest_block_pass: 0 } as HealthSignals;
  const ctx = { ...ruleContext(config, signals, null), profiles, priors: columnPriors(store, profiles), sample: store };
  ctx.verdict = { health: 'red', reasons: [], degenerateBlocking: true };
  const rule = RULES.find((x) => x.name === 'blocking_key_swap');
  assert.ok(rule);
  return rule.apply(ctx);
}

const firstToken: BlockingKey = { fields: [{ field: 'title', transforms: ['lowercase', 'first_token'] }] };

test('the swap skips a replacement whose own largest block would be degenerate and takes the next healthy one', () => {
  const r = rng(6);
  const rows: string[][] = [];
  for (let i = 0; i < 200; i++) {
    // `ref` is distinctive enough to be the first candidate (81 values in 200 rows), but 120 rows share one value.
    rows.push([`member ${word(r)} ${word(r, 8)}`, i < 120 ? 'not given' : `ref-${word(r, 8)}`]);
  }
  const proposal = swapOn(table(['title', 'ref'], rows), [firstToken]);
  assert.deepEqual(proposal?.config.blocking.keys, [{ fields: [{ field: 'title', transforms: ['lowercase', 'last_token'] }] }]);
  assert.match(proposal?.rationale ?? '', /swap the pass for lowercase\|last_token\(title\)/);
});

test('with no healthy replacement the degenerate pass is dropped, if another pass remains', () => {
  const rows = Array.from({ length: 200 }, (_, i) => ['member of staff', `m${i}@mail.example`]);
  const store = table(['title', 'email'], rows);
  const emailKey: BlockingKey = { fields: [{ field: 'email', transforms: ['lowercase', 'strip'] }] };
  const proposal = swapOn(store, [firstToken, emailKey]);
  assert.deepEqual(proposal?.config.blocking.keys, [emailKey]);
  assert.deepEqual(proposal?.config_diff, { 'blocking.keys[0]': { from: 'lowercase|first_token(title)', to: null } });
  const titlesOnly = table(['title'], rows.map(([title]) => [title]));
  assert.equal(swapOn(titlesOnly, [firstToken]), null, 'the only pass is never dropped');
});
