import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';

test('when no scored pair reaches the threshold, no_matches lowers it until copies match', async () => {
  const r = rng(11);
  const rows: string[][] = [];
  for (let e = 0; e < 120; e++) {
    const name = `${word(r)} ${word(r, 8)}`;
    // Copies keep the name but carry unrelated six-digit zone codes (not a typo apart), so at most about half the weight agrees.
    const zone = (): string => String(100_000 + Math.floor(r() * 900_000));
    rows.push([name, zone()], [name, zone()]);
  }
  const { telemetry, config } = await control(table(['name', 'zone'], rows));
  const names = (telemetry.decisions ?? []).map((d) => d.rule_name);
  assert.equal(names[0], 'no_matches', JSON.stringify(telemetry.decisions));
  assert.deepStrictEqual(telemetry.decisions?.[0].config_diff, { 'matchkeys[0].threshold': { from: 0.75, to: 0.65 } });
  assert.ok(config.matchkeys[0].threshold < 0.75);
  assert.ok((telemetry.scoring?.mass_above_threshold ?? 0) > 0, 'the committed threshold matches the copies');
  assert.ok((telemetry.scoring?.mass_above_threshold ?? 1) < 1, 'an honest fraction of the scored pairs');
});
