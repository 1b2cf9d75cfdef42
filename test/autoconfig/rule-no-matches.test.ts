import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';

test('when no scored pair reaches the threshold, no_matches lowers it until copies match', async () => {
  const r = rng(11);
  const rows: string[][] = [];
  for (let e = 0; e < 120; e++) {
    const name = `${word(r)} ${word(r, 8)}`;
    // Copies keep the name but carry another (row-unique) zone code: at most 1 / (1 + 0.5) of the weight agrees.
    rows.push([name, String(100 + 2 * e)], [name, String(101 + 2 * e)]);
  }
  const { telemetry, config } = await control(table(['name', 'zone'], rows));
  const names = (telemetry.decisions ?? []).map((d) => d.rule_name);
  assert.equal(names[0], 'no_matches', JSON.stringify(telemetry.decisions));
  assert.deepStrictEqual(telemetry.decisions?.[0].config_diff, { 'matchkeys[0].threshold': { from: 0.75, to: 0.65 } });
  assert.ok(config.matchkeys[0].threshold < 0.75);
  assert.ok((telemetry.scoring?.mass_above_threshold ?? 0) > 0, 'the committed threshold matches the copies');
  assert.ok((telemetry.scoring?.mass_above_threshold ?? 1) < 1, 'an honest fraction of the scored pairs');
});
