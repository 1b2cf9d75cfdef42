/** `kindred serve --engine duckdb`: the initial run pairs and scores with DuckDB, and the server then serves exactly what the worker-pool engine's server serves (clusters, review queue, /match), before and after record changes; apply: true of POST /autoconfig is refused, changing nothing. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultDuckdbLimits } from '../../src/engine/sql/run-duckdb.js';
import { call, errorCode, fixtureRows, FIXTURE_CSV, obj, startTestServer, type TestServer } from './server-harness.js';
import { servedSnapshot } from './served-snapshot.js';

let pool: TestServer;
let duck: TestServer;
let firstHealth: { status: number; body: unknown; stillInitializing: boolean };
before(async () => {
  pool = await startTestServer({});
  const limits = { ...defaultDuckdbLimits(), threads: 2, memoryLimit: '512MB' };
  duck = await startTestServer({ engine: { engine: 'duckdb', file: FIXTURE_CSV, limits }, waitReady: false });
  const h = await call(duck.server.url, 'GET', '/health');
  firstHealth = { status: h.status, body: h.body, stillInitializing: duck.server.state.status === 'initializing' };
  await duck.server.ready;
  assert.equal(duck.server.state.status, 'ok', duck.server.state.error ?? '');
});
after(async () => {
  await Promise.all([pool?.stop(), duck?.stop()]);
});

test('/health answers 503 initializing while DuckDB runs, then 200', async (ctx) => {
  if (!firstHealth.stillInitializing) return ctx.skip('the run finished before the first /health answer');
  assert.equal(firstHealth.status, 503);
  assert.deepEqual(firstHealth.body, { status: 'initializing', ready: false, service: 'kindred' });
  assert.equal((await call(duck.server.url, 'GET', '/health')).status, 200);
});

test('the same stats, clusters and review queue as the worker-pool engine; /stats names the engine', async () => {
  const [d, p] = await Promise.all([servedSnapshot(duck.server.url), servedSnapshot(pool.server.url)]);
  assert.deepEqual(d, p);
  assert.ok(d.clusters.length > 10 && d.reviews.length > 0, `${d.clusters.length} clusters, ${d.reviews.length} reviews`);
  const [ds, ps] = await Promise.all([call(duck.server.url, 'GET', '/stats'), call(pool.server.url, 'GET', '/stats')]);
  assert.equal(obj(ds.body).engine, 'duckdb');
  assert.equal(obj(ps.body).engine, 'pool');
  assert.equal(obj(ds.body).pairs_scored, obj(ps.body).pairs_scored);
  // DuckDB's own phases are part of the run.
  assert.deepEqual(
    duck.server.state.current.run.phases.filter((p) => p.detail.engine === 'duckdb').map((p) => p.phase),
    ['prepare', 'block', 'score'],
  );
});

test('/match and /explain answer the same (the table, its fields and its block index are in memory)', async () => {
  const record = { ...fixtureRows()[5], given_name: 'madisn' };
  for (const [method, path, body] of [
    ['POST', '/match', { record, top_k: 5 }],
    ['POST', '/explain', { row_id_a: 0, row_id_b: 7 }],
  ] as const) {
    const [d, p] = await Promise.all([call(duck.server.url, method, path, body), call(pool.server.url, method, path, body)]);
    assert.equal(d.status, 200, d.text);
    assert.deepEqual(d.body, p.body, path);
  }
});

test('record changes go through the same incremental path: the same answers and clusters as on the pool engine', async () => {
  const rows = fixtureRows();
  const steps: Array<[string, string, unknown]> = [
    ['POST', '/records', { ...rows[3], rec_id: 'copy-of-3' }],
    ['POST', '/records', { records: [{ ...rows[10], given_name: 'x' }, { ...rows[11], surname: 'someone-else' }] }],
    ['PUT', '/records/12', { ...rows[3], rec_id: 'now-like-3' }],
    ['DELETE', '/records/4', undefined],
  ];
  for (const [method, path, body] of steps) {
    const [d, p] = await Promise.all([call(duck.server.url, method, path, body), call(pool.server.url, method, path, body)]);
    assert.ok(d.status < 300, `${method} ${path}: ${d.text}`);
    assert.deepEqual([d.status, d.body], [p.status, p.body], `${method} ${path}`);
  }
  assert.deepEqual(await servedSnapshot(duck.server.url), await servedSnapshot(pool.server.url));
});

test('POST /autoconfig with apply: true is 409 naming the engine, and changes nothing', async () => {
  const before = await servedSnapshot(duck.server.url);
  const r = await call(duck.server.url, 'POST', '/autoconfig', { apply: true });
  assert.equal(r.status, 409, r.text);
  assert.equal(errorCode(r.body), 'conflict');
  assert.match(String(obj(obj(r.body).error).message), /--engine duckdb/);
  assert.deepEqual(await servedSnapshot(duck.server.url), before);
});
