import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';

test('chained matches (A⊂B⊃C, A and C apart) fire low_transitivity, which raises the threshold', async () => {
  const r = rng(3);
  const rows: string[][] = [];
  for (let g = 0; g < 60; g++) {
    const t = Array.from({ length: 8 }, () => word(r));
    rows.push([t.slice(0, 4).join(' ')], [t.join(' ')], [[t[0], ...t.slice(4)].join(' ')]);
  }
  const { telemetry } = await control(table(['title'], rows));
  const first = telemetry.decisions?.[0];
  assert.equal(first?.rule_name, 'low_transitivity');
  assert.equal(first?.iteration, 0);
  assert.deepStrictEqual(first?.config_diff, { 'matchkeys[0].threshold': { from: 0.75, to: 0.8 } });
  assert.ok((telemetry.cluster?.transitivity_rate ?? 1) < 0.85);
  assert.notEqual(telemetry.stop_reason, 'green');
});
