import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';

test('a blocking pass putting every row in one block fires blocking_key_swap and the committed blocking is no longer degenerate', async () => {
  const r = rng(5);
  const rows: string[][] = [];
  for (let e = 0; e < 100; e++) {
    // Every title starts with the same word, so prefix and first-token passes hold all rows in one block.
    const title = `member ${word(r)} ${word(r, 8)}`;
    rows.push([title], [title]);
  }
  const { telemetry } = await control(table(['title'], rows));
  const first = telemetry.decisions?.[0];
  assert.equal(first?.rule_name, 'blocking_key_swap', JSON.stringify(telemetry.decisions));
  assert.match(first?.rationale ?? '', /largest block 200 of 200 rows/);
  const [path] = Object.keys(first?.config_diff ?? {});
  assert.match(path, /^blocking\.keys\[\d\]$/);
  assert.ok((telemetry.blocking?.block_size_max ?? 200) <= 20, JSON.stringify(telemetry.blocking));
  assert.ok((telemetry.blocking?.reduction_ratio ?? 0) >= 0.5);
});
