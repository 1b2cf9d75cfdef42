/** `kindred --help`, `kindred <command> --help` and `kindred --version` print to stdout and exit 0. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { repoPath, runCli } from './run-cli.js';

test('--help prints the usage and the commands, exit 0', async () => {
  const r = await runCli(['--help']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Usage: kindred <command>/);
  for (const command of ['dedupe', 'evaluate']) assert.ok(r.stdout.includes(command), command);
});

test('--version prints the package version, exit 0', async () => {
  const { version } = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { version: string };
  const r = await runCli(['--version']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim(), version);
});

for (const command of ['dedupe', 'evaluate']) {
  test(`${command} --help lists its options, exit 0`, async () => {
    const r = await runCli([command, '--help']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`Usage: kindred ${command}`));
    assert.ok(r.stdout.includes('--file'));
    assert.equal(r.stderr, '');
  });
}
