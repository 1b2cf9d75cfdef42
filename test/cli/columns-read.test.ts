/** A configured `dedupe` stores only the columns its configuration reads, and says so; the clusters are those of a load of every column. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

const ARGS = ['--file', 'data/people-200.csv', '--config', 'bench/workloads/tight.yaml', '--workers', '2'];

test('dedupe with a configuration logs the columns it did not read, and writes the clusters --with-records (every column read) writes', async () => {
  const [some, all] = await Promise.all([runCli(['dedupe', ...ARGS, '--out', join(tmp.dir, 'some.csv')]), runCli(['dedupe', ...ARGS, '--with-records', '--out', join(tmp.dir, 'all.csv')])]);
  assert.equal(some.code, 0, some.stderr);
  assert.equal(all.code, 0, all.stderr);
  // tight.yaml reads 9 of the sample's 11 columns (not rec_id, which it excludes, nor address_2).
  assert.match(some.stderr, /kindred: load .* columns=9 not_read=2 /);
  assert.match(all.stderr, /kindred: load .* columns=11 bytes=/);
  const clusters = (text: string): string[] => text.trimEnd().split('\n').map((line) => line.split(',').slice(0, 2).join(','));
  const withRecords = readFileSync(join(tmp.dir, 'all.csv'), 'utf8');
  assert.match(withRecords.split('\n')[0], /^row_id,cluster_id,rec_id,given_name/);
  assert.deepEqual(clusters(readFileSync(join(tmp.dir, 'some.csv'), 'utf8')), clusters(withRecords));
});

test('a configuration naming a column the file lacks is still refused, with the file\'s columns listed', async () => {
  const config = join(tmp.dir, 'bad.yaml');
  writeFileSync(config, readFileSync('bench/workloads/tight.yaml', 'utf8').replace('field: suburb,', 'field: suburbb,'));
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--config', config, '--workers', '1']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /"suburbb" is not a column of .*available columns: rec_id, given_name, surname, street_number, address_1, address_2, suburb/);
});
