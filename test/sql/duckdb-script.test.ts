/** The printed DuckDB script runs as written on DuckDB (no kindred functions) and its edges are the worker-pool engine's kept pairs; text it can compare on ASCII only stops the query naming the field; what a dialect lacks is a compile error naming field and dialect. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadConfigFile, parseConfigText } from '../../src/config/index.js';
import { ingestCsv } from '../../src/data/ingest.js';
import { runMatching } from '../../src/engine/run.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { KindredError } from '../../src/errors/registry.js';
import { dialectNamed } from '../../src/sql/dialects/index.js';
import { compileStatements } from '../../src/sql/script.js';
import { REPO_ROOT } from '../cli/run-cli.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

async function duckdbWith(csv: string): Promise<Awaited<ReturnType<DuckDBInstance['connect']>>> {
  const connection = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  await connection.run('CREATE SCHEMA crm');
  await connection.run(`CREATE TABLE crm.people AS SELECT * FROM read_csv('${csv}', header = true, all_varchar = true)`);
  return connection;
}

test('tight.yaml on people-200: the script runs on plain DuckDB and its edges are the pool engine kept pairs', async () => {
  const csv = join(REPO_ROOT, 'data', 'people-200.csv');
  const config = loadConfigFile(join(REPO_ROOT, 'bench', 'workloads', 'tight.yaml'));
  const connection = await duckdbWith(csv);
  for (const s of compileStatements(config, dialectNamed('duckdb'), { table: 'crm.people', id: null, prefix: 'kindred_', configLabel: 'tight.yaml' })) await connection.run(s.sql);
  const rows = (await connection.runAndReadAll('SELECT a, b, score, decider, matched FROM crm.kindred_edges ORDER BY a, b')).getRows();
  const { store } = await ingestCsv(csv, pool);
  const ref = await runMatching(store, config, pool);
  const expected = Array.from({ length: ref.pairs.count }, (_, i) => [ref.pairs.a[i], ref.pairs.b[i], ref.pairs.score[i], ref.pairs.flags[i] & 0x7f, (ref.pairs.flags[i] & 0x80) !== 0]);
  expected.sort((x, y) => (x[0] as number) - (y[0] as number) || (x[1] as number) - (y[1] as number));
  assert.deepEqual(rows.map((r) => [Number(r[0]), Number(r[1]), r[2], Number(r[3]), r[4]]), expected);
  assert.ok(expected.length > 100);
});

test('a value the dialect compares on ASCII only stops the query with the field named', async () => {
  const config = parseConfigText(
    `
matchkeys:
  - {name: n, type: weighted, threshold: 0.5, fields: [{field: given_name, scorer: levenshtein, transforms: [lowercase]}]}
blocking: {keys: [{fields: [surname]}]}
`,
    'ascii.yaml',
  );
  const connection = await duckdbWith(join(REPO_ROOT, 'data', 'people-200.csv'));
  await connection.run("UPDATE crm.people SET given_name = 'Zoë' WHERE rowid = 3");
  const [records] = compileStatements(config, dialectNamed('duckdb'), { table: 'crm.people', id: null, prefix: 'k_', configLabel: 'ascii.yaml' });
  await assert.rejects(connection.run(records.sql), /matchkeys\[0\] \(n\)\.fields\[0\] \(given_name\): transform lowercase is compiled for ASCII text only in duckdb/);
});

test('a scorer with no form in a dialect is a compile error naming the field and the dialect', () => {
  const config = loadConfigFile(join(REPO_ROOT, 'bench', 'workloads', 'tight.yaml'));
  const tfidf = parseConfigText(`matchkeys: [{name: n, type: weighted, threshold: 0.5, fields: [{field: surname, scorer: tfidf_cosine}]}]`, 't.yaml');
  assert.throws(
    () => compileStatements(tfidf, dialectNamed('trino'), { table: 'hive.crm.people', id: 'rec_id', prefix: 'kindred_', configLabel: 't.yaml' }),
    (e: unknown) => e instanceof KindredError && e.code === 'sql_unsupported' && /matchkeys\[0\] \(n\)\.fields\[0\] \(surname\): scorer "tfidf_cosine" has no trino form/.test(e.message),
  );
  // The warehouses create a function for metaphone; printed DuckDB SQL has none (the embedded engine runs kindred's).
  const metaphone = parseConfigText(`matchkeys: [{name: n, type: exact, fields: [{field: surname, transforms: [metaphone]}]}]`, 's.yaml');
  assert.throws(
    () => compileStatements(metaphone, dialectNamed('duckdb'), { table: 'people', id: null, prefix: 'kindred_', configLabel: 's.yaml' }),
    /matchkeys\[n\]\.fields\[0\]: transform "metaphone" has no duckdb form \(the embedded duckdb engine runs it as an engine function\)/,
  );
  assert.doesNotThrow(() => compileStatements(metaphone, dialectNamed('bigquery'), { table: 'p.crm.people', id: 'rec_id', prefix: 'kindred_', configLabel: 's.yaml' }));
  assert.throws(
    () => compileStatements(config, dialectNamed('spark'), { table: 'crm.people', id: null, prefix: 'kindred_', configLabel: 'tight.yaml' }),
    /--id <column> is required for spark/,
  );
});

test('no blocking pass: no candidate pairs, as in the worker-pool engine, and the script still runs', async () => {
  const config = parseConfigText(`matchkeys: [{name: n, type: weighted, threshold: 0.5, fields: [{field: surname, scorer: jaro_winkler}]}]`, 'nokeys.yaml');
  const connection = await duckdbWith(join(REPO_ROOT, 'data', 'people-200.csv'));
  for (const s of compileStatements(config, dialectNamed('duckdb'), { table: 'crm.people', id: null, prefix: 'kindred_', configLabel: 'nokeys.yaml' })) await connection.run(s.sql);
  const [[candidates]] = (await connection.runAndReadAll('SELECT count(*) FROM crm.kindred_candidates')).getRows();
  assert.equal(Number(candidates), 0);
  const { store } = await ingestCsv(join(REPO_ROOT, 'data', 'people-200.csv'), pool);
  assert.equal((await runMatching(store, config, pool)).candidatePairs, 0);
});
