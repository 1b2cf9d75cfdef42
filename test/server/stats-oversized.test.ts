/** GET /stats lists the blocks over max_block_size with their key, size and what was done with them: never dropped silently. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arr, call, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let dir: string;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-stats-oversized-'));
  const config = path.join(dir, 'state-blocks.yaml');
  // Blocking on the state alone makes a few huge blocks: over 40 rows they are reported and skipped.
  writeFileSync(
    config,
    `matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: given_name, scorer: jaro_winkler, weight: 1}
      - {field: surname, scorer: jaro_winkler, weight: 1}
blocking:
  keys:
    - fields: [state]
  max_block_size: 40
  oversized: skip
`,
  );
  t = await startTestServer({ config });
});
after(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('every state block over 40 rows is in /stats with its key, size and action', async () => {
  const r = await call(t.server.url, 'GET', '/stats');
  assert.equal(r.status, 200, r.text);
  const body = obj(r.body);
  const counts = new Map<string, number>();
  for (const row of fixtureRows()) if (row.state !== null) counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
  const expected = [...counts].filter(([, n]) => n > 40).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  assert.ok(expected.length > 0, 'the fixture has states with more than 40 rows');
  assert.equal(body.oversized_block_count, expected.length);
  const listed = arr(body.oversized_blocks)
    .map((b) => [obj(b.key).state, b.size, b.action, b.sub_block])
    .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
  assert.deepStrictEqual(listed, expected.map(([state, n]) => [state, n, 'skipped', false]));
});
