import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';

test('case-only variants of a compared email fire corruption_normalize, which folds case so the copies match', async () => {
  const r = rng(13);
  const rows: string[][] = [];
  for (let e = 0; e < 100; e++) {
    const name = `${word(r)} ${word(r, 8)}`;
    const email = `${word(r, 5)}.${word(r, 4)}${e}@example.org`;
    rows.push([name, email], [name, email.toUpperCase()]);
  }
  const { telemetry, config } = await control(table(['name', 'email'], rows));
  const first = telemetry.decisions?.[0];
  assert.equal(first?.rule_name, 'corruption_normalize', JSON.stringify(telemetry.decisions));
  assert.ok(Object.keys(first?.config_diff ?? {}).some((p) => /^matchkeys\[0\]\.fields\[\d\]\.transforms$/.test(p)));
  const email = config.matchkeys[0].fields.find((f) => f.field === 'email');
  assert.deepStrictEqual(email?.transforms.slice(0, 2), ['lowercase', 'normalize_whitespace']);
  assert.equal(telemetry.column_priors?.find((p) => p.column === 'email')?.corruption_score, 0.5);
  assert.ok((telemetry.scoring?.mass_above_threshold ?? 0) > 0);
});
