import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';

test('over-merging on a shared name with a sparse high-identity account not compared positively fires negative_evidence_promote', async () => {
  const r = rng(9);
  const rows: (string | null)[][] = [];
  for (let e = 0; e < 150; e++) {
    const name = `${word(r)} ${word(r, 8)}`;
    const account = r() < 0.5 ? String(3_000_000 + e * 17) : null;
    rows.push([name, account], [name, account]);
  }
  // Twenty different people sharing one common name: one oversized cluster unless their accounts veto it.
  for (let k = 0; k < 20; k++) rows.push(['anna keller', String(7_000_000 + k * 31)]);
  const { telemetry, config } = await control(table(['name', 'account'], rows));
  const ne = (telemetry.decisions ?? []).find((d) => d.rule_name === 'negative_evidence_promote');
  assert.ok(ne, JSON.stringify(telemetry.decisions));
  assert.deepStrictEqual(ne.config_diff, { 'matchkeys[0].negative_evidence': { from: [], to: ['account'] } });
  assert.equal(config.matchkeys[0].fields.some((f) => f.field === 'account'), false, 'account is not a positive field');
  assert.deepStrictEqual(
    telemetry.negative_evidence?.map((n) => n.field),
    ['account'],
  );
  assert.equal(telemetry.committed_matchkeys?.[0].has_negative_evidence, true);
});
