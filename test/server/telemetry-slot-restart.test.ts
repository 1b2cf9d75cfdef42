/** The telemetry slot is POST /autoconfig's: a zero-config server's start-up run never fills it, and after SIGKILL and a restart the saved call is still the one served, by HTTP and by SQL. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { spawnServe, waitHealthy, type ServeChild } from './cli-harness.js';
import { call, CLI_MAIN, FIXTURE_CSV } from './server-harness.js';

let stateDir: string;
let current: ServeChild | null = null;
// No --config: every start runs the controller, as the scenario does.
const args = (): string[] => ['--file', FIXTURE_CSV, '--port', '0', '--state', stateDir, '--workers', '2'];

before(() => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-telemetry-slot-'));
});
after(async () => {
  if (current !== null && current.child.exitCode === null && current.child.signalCode === null) {
    current.child.kill('SIGKILL');
    await current.exited;
  }
  rmSync(stateDir, { recursive: true, force: true });
});

test('sentinel until POST /autoconfig; the call survives SIGKILL and the next start-up run; SQL reads the call', async () => {
  current = spawnServe(args());
  const url = await current.listening;
  await waitHealthy(url);
  assert.equal((await call(url, 'GET', '/controller/telemetry')).text, '{"available":false,"source":null}');
  const first = parseTelemetry(JSON.parse((await call(url, 'GET', '/controller/telemetry?run=startup')).text));
  assert.equal(first.source, 'startup');

  const posted = await call(url, 'POST', '/autoconfig');
  assert.equal(posted.status, 200, posted.text);
  const served = (await call(url, 'GET', '/controller/telemetry')).text;
  const telemetry = parseTelemetry(JSON.parse(served));
  assert.equal(telemetry.source, 'rest_autoconfig');
  current.child.kill('SIGKILL');
  assert.equal(await current.exited, 'SIGKILL');

  current = spawnServe(args());
  const url2 = await current.listening;
  await waitHealthy(url2);
  // The restart ran the controller again (a new start-up entry), but the slot still holds the call, byte for byte.
  assert.equal((await call(url2, 'GET', '/controller/telemetry')).text, served);
  assert.equal((await call(url2, 'GET', '/api/v1/controller/telemetry')).text, served);
  assert.equal(parseTelemetry(JSON.parse((await call(url2, 'GET', '/controller/telemetry?run=latest')).text)).source, 'startup');
  current.child.kill('SIGTERM');
  assert.equal(await current.exited, 0);

  const sql = (statement: string): string =>
    execFileSync(process.execPath, [CLI_MAIN, 'sql', '--file', FIXTURE_CSV, '--state', stateDir, statement], { encoding: 'utf8' });
  assert.equal((JSON.parse(sql('SELECT autoconfig_telemetry() AS t')) as { t: string }).t, served);
  assert.equal((JSON.parse(sql('SELECT telemetry FROM latest_autoconfig_telemetry')) as { telemetry: string }).telemetry, served);
  const startup = JSON.parse(sql("SELECT autoconfig_telemetry_saved('startup') AS t")) as { t: string };
  assert.equal(parseTelemetry(JSON.parse(startup.t)).source, 'startup');
});
