/** `kindred cluster --edges`: the edges of the printed DuckDB script, exported as CSV and as Parquet, cluster exactly as `kindred dedupe` does; bad edges files are refused naming what is wrong. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadConfigFile } from '../../src/config/index.js';
import { dialectNamed } from '../../src/sql/dialects/index.js';
import { compileStatements } from '../../src/sql/script.js';
import { cliTempDir, repoPath, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

// splink_fake_1000-like limits matter: max_cluster_size cuts chains, so the order of edges and ids must match.
const CONFIG = 'data/configs/splink_fake_1000.yaml';

test('edges as CSV and Parquet give the clusters of kindred dedupe', async () => {
  const csv = repoPath('data/people-200.csv');
  const config = 'bench/workloads/tight.yaml';
  const connection = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  await connection.run(`CREATE TABLE people AS SELECT * FROM read_csv('${csv}', header = true, all_varchar = true)`);
  for (const s of compileStatements(loadConfigFile(repoPath(config)), dialectNamed('duckdb'), { table: 'people', id: null, prefix: 'kindred_', configLabel: config })) {
    await connection.run(s.sql);
  }
  const edgesCsv = join(tmp.dir, 'edges.csv');
  const edgesParquet = join(tmp.dir, 'edges.parquet');
  await connection.run(`COPY kindred_edges TO '${edgesCsv}' (HEADER)`);
  await connection.run(`COPY kindred_edges TO '${edgesParquet}' (FORMAT parquet)`);
  const dedupe = await runCli(['dedupe', '--file', 'data/people-200.csv', '--config', config, '--workers', '2', '--quiet']);
  assert.equal(dedupe.code, 0, dedupe.stderr);
  const expected = new Map(dedupe.stdout.trim().split('\n').slice(1).map((l) => l.split(',') as [string, string]));
  for (const edges of [edgesCsv, edgesParquet]) {
    const r = await runCli(['cluster', '--edges', edges, '--config', config, '--quiet']);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines[0], 'record_id,cluster_id');
    const got = new Map(lines.slice(1).map((l) => l.split(',') as [string, string]));
    for (const [row, cluster] of expected) {
      // A row in no edge is alone in its cluster.
      assert.equal(got.get(row) ?? row, cluster, `row ${row} (${edges})`);
    }
    assert.ok(got.size > 50, `${got.size} rows in edges`);
  }
});

test('max_cluster_size from --config applies: a chain of strong links is cut', async () => {
  const edges = join(tmp.dir, 'chain.csv');
  // a-b-c-d linked, strongest first; with max_cluster_size 2 only the strongest disjoint links survive.
  writeFileSync(edges, 'a,b,score,matched\nA,B,0.99,true\nB,C,0.9,true\nC,D,0.95,true\nD,E,0.5,false\n');
  const config = join(tmp.dir, 'two.yaml');
  writeFileSync(config, `${readFileSync(repoPath(CONFIG), 'utf8').replace('max_cluster_size: 10', 'max_cluster_size: 2')}`);
  const r = await runCli(['cluster', '--edges', edges, '--config', config, '--quiet']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'record_id,cluster_id\nA,A\nB,A\nC,C\nD,C\nE,E\n');
  const loose = await runCli(['cluster', '--edges', edges, '--quiet']);
  assert.equal(loose.stdout, 'record_id,cluster_id\nA,A\nB,A\nC,A\nD,A\nE,E\n');
});

test('refused: a missing file, a missing column, a non-numeric score', async () => {
  const noFile = await runCli(['cluster', '--edges', join(tmp.dir, 'nope.csv')]);
  assert.equal(noFile.code, 2);
  assert.match(noFile.stderr, /nope.csv: no such file/);
  const noMatched = join(tmp.dir, 'nomatched.csv');
  writeFileSync(noMatched, 'a,b,score\n1,2,0.9\n');
  const r1 = await runCli(['cluster', '--edges', noMatched]);
  assert.equal(r1.code, 2);
  assert.match(r1.stderr, /the edges need the columns a, b, score, matched; missing: matched/);
  const badScore = join(tmp.dir, 'badscore.csv');
  writeFileSync(badScore, 'a,b,score,matched\n1,2,high,true\n');
  const r2 = await runCli(['cluster', '--edges', badScore]);
  assert.equal(r2.code, 2);
  assert.match(r2.stderr, /a score or matched value is not a number or a boolean/);
});
