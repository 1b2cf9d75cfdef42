/** --out that cannot be written: exit 2 before any matching, with a message naming the option, the path and why; an existing output is left as it was. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

test('dedupe and autoconfig refuse an --out in a missing directory or naming a directory, before loading anything', async () => {
  const missing = join(tmp.dir, 'no-such-dir', 'out.csv');
  for (const [command, extra] of [['dedupe', []], ['autoconfig', ['--no-save']]] as const) {
    for (const [out, reason] of [[missing, 'its directory does not exist'], [tmp.dir, 'it is a directory']] as const) {
      const r = await runCli([command, '--file', 'data/people-200.csv', '--out', out, ...extra]);
      assert.equal(r.code, 2, `${command} ${out}`);
      assert.ok(r.stderr.includes(`--out ${out}: cannot be written (${reason})`), r.stderr);
      assert.doesNotMatch(r.stderr, /at .*\.js:\d+|Unhandled/, 'no stack trace');
      assert.doesNotMatch(r.stderr, /load|score/, 'nothing was loaded or matched');
    }
  }
});

test('a path through a regular file is refused before matching too', async () => {
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--out', 'data/people-200.csv/out.csv']);
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes('cannot be written (a file stands where its directory should be)'), r.stderr);
  assert.doesNotMatch(r.stderr, /score/);
});

test('a write that fails while writing (a full disk) is exit 1 with a message, not a crash', { skip: !existsSync('/dev/full') && 'needs /dev/full' }, async () => {
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--exclude', 'rec_id', '--out', '/dev/full', '--quiet']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /writing \/dev\/full failed \(ENOSPC\)/);
  assert.doesNotMatch(r.stderr, /Unhandled|at .*\.js:\d+/);
});

test('a run that fails on its input leaves an existing --out file untouched', async () => {
  const out = join(tmp.dir, 'keep.csv');
  writeFileSync(out, 'earlier results\n');
  const r = await runCli(['dedupe', '--file', join(tmp.dir, 'missing.csv'), '--out', out]);
  assert.equal(r.code, 2);
  assert.equal(readFileSync(out, 'utf8'), 'earlier results\n');
});

test('a writable --out gets the clusters', async () => {
  const out = join(tmp.dir, 'clusters.csv');
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--out', out, '--quiet']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(out, 'utf8'), /^row_id,cluster_id\n/);
});
