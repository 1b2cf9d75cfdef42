/** A ragged CSV row exits 2 naming the line; --lenient skips it, counts it in the log and exits 0. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

const csv = join(tmp.dir, 'ragged.csv');
// Line 1 header, lines 2-4 records, line 5 the ragged row, line 6 a good record.
writeFileSync(csv, 'name,zip\nAnn,02134\nAnn,02134\nBob,10001\nCarl\nDora,10001\n');

test('a ragged row exits 2 with a message naming the file and a line, nothing on stdout', async () => {
  const r = await runCli(['dedupe', '--file', csv, '--quiet']);
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes(csv), r.stderr);
  assert.match(r.stderr, /line \d+: expected 2 cells/);
  assert.equal(r.stdout, '');
});

test(
  'the line named is the ragged row\'s own line',
  async () => {
    const r = await runCli(['dedupe', '--file', csv, '--quiet']);
    assert.match(r.stderr, /line 5:/);
  },
);

test('--lenient skips the row, says so in the load line, and writes the other rows', async () => {
  const r = await runCli(['dedupe', '--file', csv, '--lenient']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /skipped_rows=1/);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines[0], 'row_id,cluster_id');
  assert.equal(lines.length, 1 + 4);
});
