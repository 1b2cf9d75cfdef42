/** A file that does not exist (data, configuration or truth) exits 2 with a message naming it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from './run-cli.js';

test('a missing data file exits 2 naming it', async () => {
  const r = await runCli(['dedupe', '--file', 'data/no-such-file.csv', '--quiet']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /data\/no-such-file\.csv/);
  assert.equal(r.stdout, '');
});

test('a missing data file given positionally exits 2 too', async () => {
  const r = await runCli(['dedupe', 'data/no-such-file.csv', '--quiet']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no-such-file\.csv/);
});

test('a missing configuration file exits 2 naming it', async () => {
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--config', 'data/configs/nope.yaml', '--quiet']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /data\/configs\/nope\.yaml/);
});

test('a missing truth file exits 2 naming it', async () => {
  const r = await runCli(['evaluate', '--file', 'data/people-200.csv', '--truth', 'data/nope-truth.csv', '--exclude', 'rec_id', '--quiet']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /data\/nope-truth\.csv/);
});

test('serve with a missing data file exits 2 naming it, before binding a port', async () => {
  const r = await runCli(['serve', '--file', 'data/no-such-file.csv', '--port', '0']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /data\/no-such-file\.csv: no such file/);
  assert.doesNotMatch(r.stderr, /listening on/);
});
