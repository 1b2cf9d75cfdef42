/** The printed DuckDB script runs as written on DuckDB (no kindred functions, its own macros) and its edges are the worker-pool engine's kept pairs; text it can compare on ASCII only stops the query naming the field; what a dialect lacks is a compile error naming field and dialect. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { after, test } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadConfigFile, parseConfigText } from '../../src/config/index.js';
import { ingestCsv } from '../../src/data/ingest.js';
import { runMatching } from '../../src/engine/run.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { KindredError } from '../../src/errors/registry.js';
import { dialectNamed } from '../../src/sql/dialects/index.js';
import type { SqlStatement } from '../../src/sql/render.js';
import { compileStatements } from '../../src/sql/script.js';
import { REPO_ROOT } from '../cli/run-cli.js';
import { swappedPeopleCsv } from '../engine/sql/swapped-people.js';
import { goldenCases, type GoldenCase } from './golden-configs.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

/** The kept pairs of the worker-pool engine as edge rows (a, b, score, decider, matched), ordered by a, b. */
async function poolEdges(csv: string, config: Parameters<typeof runMatching>[1]): Promise<{ edges: unknown[][]; candidates: number }> {
  const { store } = await ingestCsv(csv, pool);
  const ref = await runMatching(store, config, pool);
  const edges = Array.from({ length: ref.pairs.count }, (_, i) => [ref.pairs.a[i], ref.pairs.b[i], ref.pairs.score[i], ref.pairs.flags[i] & 0x7f, (ref.pairs.flags[i] & 0x80) !== 0]);
  edges.sort((x, y) => (x[0] as number) - (y[0] as number) || (x[1] as number) - (y[1] as number));
  return { edges, candidates: ref.candidatePairs ?? -1 };
}

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
  const { edges: expected } = await poolEdges(csv, config);
  assert.deepEqual(rows.map((r) => [Number(r[0]), Number(r[1]), r[2], Number(r[3]), r[4]]), expected);
  assert.ok(expected.length > 100);
});

// People and products written twice or more with other titles, word order, accents, currency and
// code punctuation, some values missing: the macros' forms block and score them.
const FIRST = ['José', 'Jose', 'Zoë', 'Zoe', 'Ørjan', 'Straße', 'Ashcraft', 'Ashcroft', 'Robert', 'Rupert', 'İlkay', 'Łukasz', 'Ann', 'Tymczak'];
const TITLES = ['', '', 'Dr. ', 'Mrs ', 'MİSS ', 'Prof.\u3000'];
const PRODUCTS = ['Sony PS-LX350H Turntable', 'Sony Turntable - PSLX350H', 'KDL-40.V Bravia 40', 'Bravia KDL40V LCD', '16GB USB stick', 'Ⅻ½ 𝐀1b2 player', ''];
const PRICES = ['$1,299.00', '1299', '€ 2,500', '2500.5', '12,5 kg', '', 'n/a', '1_000', ' 999.99 '];
const WEIGHTS = ['1.5 kg', '1.5', '£2', '2', '1e999', '', '٣'];
const person = fc.tuple(fc.constantFrom(...TITLES), fc.constantFrom(...FIRST), fc.constantFrom(...FIRST), fc.constantFrom(...PRODUCTS), fc.constantFrom(...PRICES), fc.constantFrom(...WEIGHTS), fc.boolean());
const quote = (v: string): string => (v === '' ? '' : `"${v.replace(/"/g, '""')}"`);

/**
 * Runs the golden case `name` (test/sql/golden-configs.ts), printed for DuckDB, on a CSV of
 * `csvText` and checks its candidates and edges are the pool engine's: more than `minKept` kept
 * pairs, some matched and some for review. Returns the statements run.
 */
async function goldenScriptEqualsPool(name: string, csvText: string, minKept: number): Promise<SqlStatement[]> {
  const dir = mkdtempSync(join(tmpdir(), `kindred-${name}-`));
  try {
    const csv = join(dir, 'people.csv');
    writeFileSync(csv, csvText);
    const config = (goldenCases().find((c) => c.name === name) as GoldenCase).config;
    const connection = await duckdbWith(csv);
    const statements = compileStatements(config, dialectNamed('duckdb'), { table: 'crm.people', id: null, prefix: 'kindred_', configLabel: `${name}.yaml` });
    for (const s of statements) await connection.run(s.sql);
    const got = (await connection.runAndReadAll('SELECT a, b, score, decider, matched FROM crm.kindred_edges ORDER BY a, b')).getRows();
    const [[candidates]] = (await connection.runAndReadAll('SELECT count(*) FROM crm.kindred_candidates')).getRows();
    const expected = await poolEdges(csv, config);
    assert.equal(Number(candidates), expected.candidates);
    assert.deepEqual(got.map((r) => [Number(r[0]), Number(r[1]), r[2], Number(r[3]), r[4]]), expected.edges);
    assert.ok(expected.edges.length > minKept, `${expected.edges.length} kept pairs`);
    assert.ok(expected.edges.some((e) => e[4] === true) && expected.edges.some((e) => e[4] === false));
    connection.closeSync();
    return statements;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a configuration of the new macro forms, printed for DuckDB and run on a CSV, gives the pool engine candidates, scores and decisions', async () => {
  const rows = fc.sample(person, { numRuns: 160, seed: 53 }).map(([title, given, surname, product, price, weight, swap]) => [swap ? `${title}${surname} ${given}` : `${title}${given}  ${surname}`, surname, product, price, weight]);
  const statements = await goldenScriptEqualsPool('macros', `name,surname,product,price,weight\n${rows.map((r) => r.map(quote).join(',')).join('\n')}\n`, 50);
  assert.deepEqual(
    statements.filter((s) => s.sql.startsWith('CREATE OR REPLACE TEMP MACRO')).map((s) => s.table).sort(),
    ['kindred_amount', 'kindred_code_token', 'kindred_numeric_diff', 'kindred_python_float', 'kindred_qgram', 'kindred_sorted_tokens', 'kindred_soundex', 'kindred_soundex_code', 'kindred_soundex_letters', 'kindred_soundex_match', 'kindred_strip_honorifics', 'kindred_token_sort', 'kindred_utf16_length', 'kindred_ws_tokens'],
  );
});

test('swapped columns, printed for DuckDB and run on a table of transposed names and phones, give the pool engine candidates, scores and decisions', async () => {
  // ASCII only: the printed script's Jaro-Winkler and Levenshtein are DuckDB's, exact on ASCII text.
  await goldenScriptEqualsPool('swaps', swappedPeopleCsv(150, 31, true), 100);
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
