/** Durability: a decision acknowledged with 200 survives SIGKILL of the server and is re-applied on restart. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServe, waitHealthy, type ServeChild } from './cli-harness.js';
import { arr, call, clusterDetails, FIXTURE_CONFIG, FIXTURE_CSV, obj } from './server-harness.js';

let stateDir: string;
let current: ServeChild | null = null;
const args = (): string[] => ['--file', FIXTURE_CSV, '--config', FIXTURE_CONFIG, '--port', '0', '--state', stateDir, '--workers', '2'];

before(() => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-sigkill-'));
});
after(async () => {
  if (current !== null && current.child.exitCode === null && current.child.signalCode === null) {
    current.child.kill('SIGKILL');
    await current.exited;
  }
  rmSync(stateDir, { recursive: true, force: true });
});

test('reject acknowledged, SIGKILL at once, restart: the decision and its effect are back', async () => {
  current = spawnServe(args());
  const url = await current.listening;
  await waitHealthy(url);
  const pair = (await clusterDetails(url, 2)).find((d) => d.size === 2);
  assert.ok(pair, 'expected a two-member cluster');
  const [a, b] = arr(pair.members).map((m) => Number(m.row_id));
  const decided = await call(url, 'POST', '/reviews/decide', { pair_id: `${a}-${b}`, decision: 'reject', reviewer: 'crash-test' });
  assert.equal(decided.status, 200);
  current.child.kill('SIGKILL');
  assert.equal(await current.exited, 'SIGKILL');

  current = spawnServe(args());
  const url2 = await current.listening;
  await waitHealthy(url2);
  const list = arr(obj((await call(url2, 'GET', '/reviews/decisions')).body).decisions);
  assert.equal(list.length, 1);
  assert.equal(list[0].pair_id, `${a}-${b}`);
  assert.equal(list[0].decision, 'reject');
  assert.equal(list[0].reviewer, 'crash-test');
  assert.equal(list[0].active, true);
  assert.equal(list[0].decided_at, obj(decided.body).decided_at);
  const ca = await call(url2, 'GET', `/clusters/${a}`);
  assert.equal(ca.status, 200);
  assert.equal(obj(ca.body).size, 1, 'the rejected pair stays separated after the restart');
  const cb = await call(url2, 'GET', `/clusters/${b}`);
  assert.equal(obj(cb.body).size, 1);
  current.child.kill('SIGTERM');
  assert.equal(await current.exited, 0);
});
