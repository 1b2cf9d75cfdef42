/** `kindred serve --edges`: the kept pairs a SQL engine computed (the printed DuckDB script, run on plain DuckDB, exported as Parquet and CSV) are served as the worker-pool engine's run is, named by row id or by an id column; edges that another configuration or table made fail the initial run naming an edge, and nothing is served. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadConfigFile } from '../../src/config/index.js';
import { dialectNamed } from '../../src/sql/dialects/index.js';
import { compileStatements } from '../../src/sql/script.js';
import { call, errorCode, fixtureRows, FIXTURE_CONFIG, FIXTURE_CSV, obj, startTestServer, type TestServer } from './server-harness.js';
import { servedSnapshot } from './served-snapshot.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-edges-serve-'));
const byRow = path.join(dir, 'edges.parquet');
const byId = path.join(dir, 'edges.csv');
let pool: TestServer;
let fromParquet: TestServer;
let fromCsv: TestServer;

/** Runs the printed DuckDB script for the fixture on plain DuckDB and exports its edges. */
async function warehouseEdges(id: string | null, out: string, format: 'parquet' | 'csv'): Promise<void> {
  const connection = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  try {
    await connection.run('CREATE SCHEMA crm');
    await connection.run(`CREATE TABLE crm.people AS SELECT * FROM read_csv('${FIXTURE_CSV}', header = true, all_varchar = true)`);
    const config = loadConfigFile(FIXTURE_CONFIG);
    for (const s of compileStatements(config, dialectNamed('duckdb'), { table: 'crm.people', id, prefix: 'kindred_', configLabel: 'server-fixture.yaml' })) await connection.run(s.sql);
    await connection.run(`COPY crm.kindred_edges TO '${out}' (${format === 'parquet' ? 'FORMAT parquet' : 'HEADER'})`);
  } finally {
    connection.closeSync();
  }
}

before(async () => {
  await Promise.all([warehouseEdges(null, byRow, 'parquet'), warehouseEdges('rec_id', byId, 'csv')]);
  [pool, fromParquet, fromCsv] = await Promise.all([
    startTestServer({}),
    startTestServer({ engine: { engine: 'edges', file: byRow, idColumn: null, tableFile: FIXTURE_CSV } }),
    startTestServer({ engine: { engine: 'edges', file: byId, idColumn: 'rec_id', tableFile: FIXTURE_CSV } }),
  ]);
});
after(async () => {
  await Promise.all([pool?.stop(), fromParquet?.stop(), fromCsv?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

test('edges by row id (Parquet) and by id column (CSV) serve what the worker-pool engine serves', async () => {
  const expected = await servedSnapshot(pool.server.url);
  assert.ok(expected.clusters.length > 10 && expected.reviews.length > 0);
  assert.deepEqual(await servedSnapshot(fromParquet.server.url), expected);
  assert.deepEqual(await servedSnapshot(fromCsv.server.url), expected);
  const stats = obj((await call(fromCsv.server.url, 'GET', '/stats')).body);
  assert.equal(stats.engine, 'edges');
  assert.equal(stats.pairs_scored, null, 'kindred did not count the candidates: the warehouse did');
  const edges = fromCsv.server.state.current.run.phases.find((p) => p.phase === 'edges');
  assert.equal(edges?.detail.checked, stats.pairs_kept, 'fewer than 1,000 edges: every one was scored again');
});

test('/match, /explain and record changes work on the edges run as on the pool run', async () => {
  const rows = fixtureRows();
  const steps: Array<[string, string, unknown]> = [
    ['POST', '/match', { record: { ...rows[8], surname: 'x' + String(rows[8].surname) }, top_k: 3 }],
    ['POST', '/explain', { row_id_a: 1, row_id_b: 2 }],
    ['POST', '/records', { ...rows[3], rec_id: 'copy-of-3' }],
    ['PUT', '/records/12', { ...rows[3], rec_id: 'now-like-3' }],
    ['DELETE', '/records/4', undefined],
  ];
  for (const [method, p, body] of steps) {
    const [e, r] = await Promise.all([call(fromParquet.server.url, method, p, body), call(pool.server.url, method, p, body)]);
    assert.ok(e.status < 300, `${method} ${p}: ${e.text}`);
    assert.deepEqual([e.status, e.body], [r.status, r.body], `${method} ${p}`);
  }
  assert.deepEqual(await servedSnapshot(fromParquet.server.url), await servedSnapshot(pool.server.url));
});

test('POST /autoconfig with apply: true is 409: the served pairs are the warehouse run of --config', async () => {
  const r = await call(fromCsv.server.url, 'POST', '/autoconfig', { apply: true });
  assert.equal(r.status, 409, r.text);
  assert.equal(errorCode(r.body), 'conflict');
  assert.match(String(obj(obj(r.body).error).message), /--edges/);
});

/** Starts a server on a changed copy of the CSV edges and returns why its initial run failed. */
async function failure(change: (lines: string[]) => string[]): Promise<string> {
  const file = path.join(dir, `bad-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, change(readFileSync(byId, 'utf8').trimEnd().split('\n')).join('\n') + '\n');
  const t = await startTestServer({ engine: { engine: 'edges', file, idColumn: 'rec_id', tableFile: FIXTURE_CSV }, waitReady: false });
  await t.server.ready;
  try {
    assert.equal(t.server.state.status, 'failed');
    const h = await call(t.server.url, 'GET', '/health');
    assert.equal(h.status, 503);
    assert.equal(obj(h.body).status, 'failed');
    assert.equal((await call(t.server.url, 'GET', '/stats')).status, 503, 'nothing is served');
    return t.server.state.error ?? '';
  } finally {
    await t.stop();
  }
}

test('edges with a score the configuration does not give fail the initial run, naming the edge; nothing is served', async () => {
  const scoreColumn = (lines: string[]): number => lines[0].split(',').indexOf('score');
  const setScore = (line: string, c: number): string => line.split(',').map((x, i) => (i === c ? '0.5' : x)).join(',');
  const why = await failure((l) => [l[0], setScore(l[1], scoreColumn(l)), ...l.slice(2)]);
  assert.match(why, /bad-\w+\.csv: the edge of \S+ and \S+ says score 0\.5 .* the configuration gives score [0-9.]+ .*not made by this configuration on this table/);
});
