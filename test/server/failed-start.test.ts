/** A failed initial run (API.md 2.1 step 6): the error is logged, /health answers 503 "failed" with it, other endpoints 503, and the process exits 1. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { spawnServe } from './cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'kindred-failed-start-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a CSV with a quote never closed fails the run: 503 failed naming the line, then exit 1', async () => {
  const csv = join(dir, 'broken.csv');
  writeFileSync(csv, 'name,zip\nAnn,02134\n"Bob,02139\nCy,02140\n');
  const s = spawnServe(['--file', csv, '--port', '0', '--state', join(dir, 'state')]);
  const url = await s.listening;
  // Ask until the state leaves "initializing"; each answer arrives before the next question (no timers).
  let health: { status: number; body: Record<string, unknown> };
  do {
    const res = await fetch(`${url}/health`);
    health = { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } while (health.body.status === 'initializing');
  assert.equal(health.status, 503);
  assert.equal(health.body.status, 'failed');
  assert.equal(health.body.ready, false);
  assert.match(String(health.body.error), /broken\.csv: line 3: a quoted value is never closed/);
  const other = await fetch(`${url}/stats`);
  assert.equal(other.status, 503);
  assert.equal(((await other.json()) as { error: { code: string } }).error.code, 'not_ready');
  assert.equal(await s.exited, 1);
  assert.match(s.stderr(), /initial run failed: .*line 3/);
});

test('close() during start-up cancels the initial run: no results, state says why, the pool and port are released', async () => {
  const { startTestServer } = await import('./server-harness.js');
  const t = await startTestServer({ waitReady: false });
  assert.equal(t.server.state.status, 'initializing');
  await t.stop();
  assert.equal(t.server.state.status, 'failed');
  assert.equal(t.server.state.error, 'shut down before the initial run finished');
  assert.equal(t.server.state.results, null);
  await assert.rejects(fetch(`${t.server.url}/health`), 'nothing listens after close');
});
