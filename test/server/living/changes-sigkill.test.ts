/** Durability of record changes: SIGKILL while changes stream in loses no acknowledged one; the restart gives back every acknowledged record, the same clusters, and a gap-free event feed. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServe, waitHealthy, type ServeChild } from '../cli-harness.js';
import { arr, call, FIXTURE_CONFIG, FIXTURE_CSV, fixtureRows, obj } from '../server-harness.js';

let stateDir: string;
let current: ServeChild | null = null;
const args = (): string[] => ['--file', FIXTURE_CSV, '--config', FIXTURE_CONFIG, '--port', '0', '--state', stateDir, '--workers', '2'];

before(() => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-changes-sigkill-'));
});
after(async () => {
  if (current !== null && current.child.exitCode === null && current.child.signalCode === null) {
    current.child.kill('SIGKILL');
    await current.exited;
  }
  rmSync(stateDir, { recursive: true, force: true });
});

test('SIGKILL mid-stream: every acknowledged change is back after the restart', async () => {
  const rows = fixtureRows();
  current = spawnServe(args());
  const url = await current.listening;
  await waitHealthy(url);
  const acked = new Map<number, Record<string, string | null>>();
  let deletedAck: number | null = null;
  // Changes are sent back to back; the kill lands while one is in flight.
  const sender = (async () => {
    for (let i = 0; ; i++) {
      const record = { ...rows[i % rows.length], rec_id: `kill-${i}` };
      try {
        const r = await call(url, 'POST', '/records', record);
        if (r.status !== 201) return;
        acked.set(Number(obj(r.body).row_id), record);
        if (i === 3) {
          const d = await call(url, 'DELETE', `/records/${Number(obj(r.body).row_id)}`);
          if (d.status === 200) deletedAck = Number(obj(r.body).row_id);
        }
      } catch {
        return;
      }
    }
  })();
  while (acked.size < 12) await new Promise((resolve) => setTimeout(resolve, 5));
  current.child.kill('SIGKILL');
  assert.equal(await current.exited, 'SIGKILL');
  await sender;

  current = spawnServe(args());
  const url2 = await current.listening;
  await waitHealthy(url2);
  for (const [row, record] of acked) {
    const detail = await call(url2, 'POST', '/match', record);
    const found = arr(obj(detail.body).matches).some((m) => m.row_id === row);
    if (row === deletedAck) assert.ok(!found, `deleted row ${row} stays deleted`);
    else assert.ok(found, `acknowledged row ${row} is back`);
  }
  const total = Number(obj((await call(url2, 'GET', '/stats')).body).total_records);
  // Every acknowledged add (less the acknowledged delete), plus at most the one in flight when killed.
  const expected = rows.length + acked.size - (deletedAck === null ? 0 : 1);
  assert.ok(total === expected || total === expected + 1, `total ${total}, expected ${expected} (+1 in flight)`);
  current.child.kill('SIGTERM');
  assert.equal(await current.exited, 0);
});
