/** `--exclude` naming no column of the input is a usage error on every command that loads data: a misspelt exclusion must not leave the column it meant in the matching. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { spawnServe } from '../server/cli-harness.js';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'kindred-exclude-'));
after(() => rmSync(dir, { recursive: true, force: true }));

for (const command of ['dedupe', 'evaluate', 'autoconfig']) {
  test(`${command} --exclude of a column the file lacks exits 2 naming it and the file's columns`, async () => {
    const extra = command === 'evaluate' ? ['--truth', 'data/people-200-truth.csv'] : [];
    const r = await runCli([command, '--file', 'data/people-200.csv', '--exclude', 'rec_id', '--exclude', 'recid', '--quiet', ...extra]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--exclude recid: no column "recid" in .*people-200\.csv; its columns: rec_id, given_name/);
    assert.equal(r.stdout, '');
  });
}

test('a comma-separated list is one name, not several: the message shows it whole', async () => {
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--exclude', 'rec_id,soc_sec_id', '--quiet']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no column "rec_id,soc_sec_id"/);
});

test('with two files, a column of the second file only may be excluded', async () => {
  const a = join(dir, 'a.csv');
  const b = join(dir, 'b.csv');
  writeFileSync(a, 'name,city\nAnn Lee,Boston\nBob Ray,Austin\nCy Moe,Denver\n');
  writeFileSync(b, 'full_name,town,sku\nAnn Lee,Boston,1\nBob Ray,Austin,2\nCy Moe,Denver,3\n');
  const ok = await runCli(['dedupe', '--file', a, '--file', b, '--exclude', 'sku', '--quiet']);
  assert.equal(ok.code, 0, ok.stderr);
  const bad = await runCli(['dedupe', '--file', a, '--file', b, '--exclude', 'skew', '--quiet']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /no column "skew" in .*a\.csv \+ .*b\.csv/);
});

test('serve with an unknown --exclude fails its initial run naming it, and exits 1', async () => {
  const s = spawnServe(['--file', 'data/people-200.csv', '--exclude', 'recid', '--port', '0', '--state', join(dir, 'state')]);
  const url = await s.listening;
  let body: Record<string, unknown>;
  do body = (await (await fetch(`${url}/health`)).json()) as Record<string, unknown>;
  while (body.status === 'initializing');
  assert.equal(body.status, 'failed');
  assert.match(String(body.error), /--exclude recid: no column "recid"/);
  assert.equal(await s.exited, 1);
});
