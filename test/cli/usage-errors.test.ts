/** Usage errors (unknown option, unknown command, missing required option) exit 2 with a message on stderr and nothing on stdout. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from './run-cli.js';

test('an unknown option exits 2 naming it', async () => {
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--bogus']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--bogus/);
  assert.equal(r.stdout, '');
});

test('an unknown command exits 2 naming it and the known ones', async () => {
  const r = await runCli(['dedup']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /"dedup"/);
  assert.match(r.stderr, /dedupe/);
});

test('evaluate without --truth exits 2 saying it is required', async () => {
  const r = await runCli(['evaluate', '--file', 'data/people-200.csv']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--truth/);
});

test('a non-numeric --workers exits 2', async () => {
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--workers', 'two']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--workers/);
});
