/** `kindred dedupe` writes `row_id,cluster_id` for every row, in row order, with cluster ids that are the smallest member. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

const ARGS = ['--file', 'data/people-200.csv', '--config', 'bench/workloads/tight.yaml', '--workers', '2'];

function parseClusters(text: string): number[] {
  const lines = text.trimEnd().split('\n');
  assert.equal(lines[0], 'row_id,cluster_id');
  return lines.slice(1).map((line, i) => {
    const [row, cluster] = line.split(',').map(Number);
    assert.equal(row, i, `line ${i + 2}`);
    return cluster;
  });
}

test('--out gets one line per row; each cluster id is the smallest row of its cluster', async () => {
  const out = join(tmp.dir, 'clusters.csv');
  const r = await runCli(['dedupe', ...ARGS, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  const clusterOf = parseClusters(readFileSync(out, 'utf8'));
  assert.equal(clusterOf.length, 200);
  const members = new Map<number, number[]>();
  clusterOf.forEach((c, row) => members.set(c, [...(members.get(c) ?? []), row]));
  for (const [id, rows] of members) assert.equal(id, Math.min(...rows), `cluster ${id}`);
  // The sample has 65 duplicate rows: some clusters must have been found, not all rows merged.
  assert.ok(members.size < 200 && members.size > 100, `${members.size} clusters`);
  // Without a terminal, each phase is logged as one line on stderr.
  for (const phase of ['load', 'block', 'score', 'cluster']) assert.match(r.stderr, new RegExp(`kindred: ${phase}\\s`));
});

test('without --out the CSV goes to stdout and equals the file output', async () => {
  const out = join(tmp.dir, 'again.csv');
  const [toStdout, toFile] = await Promise.all([runCli(['dedupe', ...ARGS, '--quiet']), runCli(['dedupe', ...ARGS, '--quiet', '--out', out])]);
  assert.equal(toStdout.code, 0, toStdout.stderr);
  assert.equal(toFile.code, 0, toFile.stderr);
  assert.equal(toStdout.stderr, '');
  assert.equal(toStdout.stdout, readFileSync(out, 'utf8'));
});

test('--format json writes the same assignment as JSON', async () => {
  const [csv, json] = await Promise.all([
    runCli(['dedupe', ...ARGS, '--quiet']),
    runCli(['dedupe', ...ARGS, '--quiet', '--format', 'json']),
  ]);
  assert.equal(json.code, 0, json.stderr);
  const rows = JSON.parse(json.stdout) as Array<{ row_id: number; cluster_id: number }>;
  assert.deepEqual(
    rows.map((r) => r.cluster_id),
    parseClusters(csv.stdout),
  );
  assert.deepEqual(
    rows.map((r) => r.row_id),
    rows.map((_, i) => i),
  );
});
