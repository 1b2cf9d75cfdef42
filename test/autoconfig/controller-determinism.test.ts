import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RULES } from '../../src/autoconfig/rules.js';
import { RARITY_FLOOR_RULE } from '../../src/autoconfig/controller.js';
import type { Telemetry } from '../../src/autoconfig/telemetry-schema.js';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';

/** Telemetry without its wall-time fields, which are the only ones allowed to differ between runs. */
function timeless(t: Telemetry): unknown {
  return { ...t, elapsed_ms: 0, decisions: (t.decisions ?? []).map((d) => ({ ...d, wall_clock_ms: 0 })) };
}

function fixture(): ReturnType<typeof table> {
  const r = rng(21);
  const rows: (string | null)[][] = [];
  for (let e = 0; e < 120; e++) {
    const name = `${word(r)} ${word(r, 8)}`;
    const email = `${word(r, 5)}${e}@example.org`;
    rows.push([String(e * 2), name, email], [String(e * 2 + 1), r() < 0.5 ? name.toUpperCase() : name, email]);
  }
  return table(['rec_id', 'name', 'email'], rows);
}

test('the same table gives the same committed config and telemetry (except wall times)', async () => {
  const a = await control(fixture(), { exclude: ['rec_id'] });
  const b = await control(fixture(), { exclude: ['rec_id'] });
  assert.deepStrictEqual(a.config, b.config);
  assert.deepStrictEqual(timeless(a.telemetry), timeless(b.telemetry));
  assert.equal(a.telemetry.column_priors?.some((p) => p.column === 'rec_id'), false, 'excluded columns get no priors');
  assert.deepStrictEqual(a.config.exclude_columns, ['rec_id']);
});

test('a clean duplicated table is green on the first run: stop_reason green, and only structural rules fire', async () => {
  const { telemetry } = await control(fixture(), { exclude: ['rec_id'] });
  assert.equal(telemetry.health, 'green', JSON.stringify(telemetry));
  assert.equal(telemetry.stop_reason, 'green');
  // Structural rules, and the controller's last step (the floor counted by rarity), which follows every run's choices.
  const structural = new Set([...RULES.filter((r) => r.structural === true).map((r) => r.name), RARITY_FLOOR_RULE]);
  for (const d of telemetry.decisions ?? []) assert.ok(structural.has(d.rule_name ?? ""), `${d.rule_name} fired on a healthy run`);
  const rules = (telemetry.decisions ?? []).filter((d) => d.rule_name !== RARITY_FLOOR_RULE);
  assert.equal(rules[0]?.iteration ?? 0, 0);
  const m = telemetry.scoring?.mass_above_threshold ?? 0;
  assert.ok(m > 0 && m <= 1);
  assert.equal(telemetry.cluster?.n_clusters, 120);
});
