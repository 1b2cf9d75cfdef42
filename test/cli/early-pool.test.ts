/** dedupe's pool starts before the command loads only when its --workers can be read as dedupe reads it; a command that fails before taking it still exits. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workersArgument } from '../../src/cli/early-pool.js';
import { runCli } from './run-cli.js';

test('--workers is read as dedupe reads it, or not at all', () => {
  assert.equal(workersArgument(['--file', 'a.csv']), undefined);
  assert.equal(workersArgument(['--file', 'a.csv', '--workers', '2']), 2);
  assert.equal(workersArgument(['--workers=3', '--file', 'a.csv']), 3);
  assert.equal(workersArgument(['--workers', 'two']), null);
  assert.equal(workersArgument(['--workers', '0']), null);
  assert.equal(workersArgument(['--workers']), null);
  assert.equal(workersArgument(['--workers', '2', '--workers', '2']), null);
  assert.equal(workersArgument(['--', '--workers', '2']), undefined);
});

test('a dedupe that fails before it needs its pool still exits, with its own error', async () => {
  const r = await runCli(['dedupe', '--file', 'no-such-file.csv', '--config', 'bench/workloads/tight.yaml', '--workers', '2']);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /no-such-file/);
  const bad = await runCli(['dedupe', '--file', 'data/people-200.csv', '--config', 'no-such-config.yaml', '--workers', '2']);
  assert.notEqual(bad.code, 0);
});

test('a dedupe with an early pool writes the same clusters as one without', async () => {
  const early = await runCli(['dedupe', '--file', 'data/people-200.csv', '--workers', '2', '--quiet']);
  // Naming the engine leaves the pool to the command.
  const late = await runCli(['dedupe', '--file', 'data/people-200.csv', '--workers', '2', '--engine', 'pool', '--quiet']);
  assert.equal(early.code, 0, early.stderr);
  assert.equal(late.code, 0, late.stderr);
  assert.equal(early.stdout, late.stdout);
});
