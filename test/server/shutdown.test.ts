/** `kindred serve` lifecycle: SIGTERM exits 0; off loopback without SERVICE_API_TOKEN it exits 2 naming the variable and never binds. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServe, waitHealthy } from './cli-harness.js';
import { FIXTURE_CONFIG, FIXTURE_CSV } from './server-harness.js';

let stateDir: string;
before(() => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-shutdown-'));
});
after(() => rmSync(stateDir, { recursive: true, force: true }));

test('SIGTERM on a ready server → exit code 0, and the port is released', async () => {
  const s = spawnServe(['--file', FIXTURE_CSV, '--config', FIXTURE_CONFIG, '--port', '0', '--state', stateDir, '--workers', '2']);
  const url = await s.listening;
  await waitHealthy(url);
  s.child.kill('SIGTERM');
  assert.equal(await s.exited, 0);
  await assert.rejects(fetch(`${url}/health`), 'nothing listens after the shutdown');
});

test('SIGTERM while the initial run is still going cancels it: exit 0, never "ready", not reported as a failed start-up', async () => {
  // The fixture's rows copied 200 times (60,000 rows): the run outlasts the moment SIGTERM lands, right after binding.
  const [header, ...rows] = readFileSync(FIXTURE_CSV, 'utf8').trim().split('\n');
  const big = path.join(stateDir, 'big.csv');
  const copies: string[] = [];
  for (let k = 0; k < 200; k++) for (const r of rows) copies.push(r.replace(/^rec-/, `rec-${k}-`));
  writeFileSync(big, `${header}\n${copies.join('\n')}\n`);
  const s = spawnServe(['--file', big, '--config', FIXTURE_CONFIG, '--port', '0', '--state', path.join(stateDir, 'cancel'), '--workers', '2']);
  await s.listening;
  s.child.kill('SIGTERM');
  assert.equal(await s.exited, 0);
  assert.match(s.stderr(), /initial run cancelled: shutting down/);
  assert.doesNotMatch(s.stderr(), /ready:/);
  assert.doesNotMatch(s.stderr(), /initial run failed/, 'a cancelled run is not reported as a failed start-up');
});

test('--host 0.0.0.0 without SERVICE_API_TOKEN → exit 2 naming SERVICE_API_TOKEN, nothing bound, nothing loaded', async () => {
  const dir = path.join(stateDir, 'fail-closed');
  for (const token of [undefined, '']) {
    const s = spawnServe(['--file', FIXTURE_CSV, '--config', FIXTURE_CONFIG, '--host', '0.0.0.0', '--port', '0', '--state', dir], { SERVICE_API_TOKEN: token });
    assert.equal(await s.exited, 2, `token ${JSON.stringify(token)}`);
    assert.match(s.stderr(), /SERVICE_API_TOKEN/);
    assert.doesNotMatch(s.stderr(), /listening on/);
    await assert.rejects(s.listening);
  }
  assert.throws(() => readdirSync(dir), 'no state database was created');
});
