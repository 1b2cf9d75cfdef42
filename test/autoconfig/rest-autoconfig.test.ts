/** POST /autoconfig over real HTTP: response shape, the one telemetry parser, persistence, 409 busy, apply. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { followEvents } from '../../src/engine/clustering/feed-table.js';
import { call, obj, startTestServer, type TestServer } from '../server/server-harness.js';
import { rng, word } from './fixtures.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

function records(): Record<string, string>[] {
  const r = rng(4);
  const out: Record<string, string>[] = [];
  for (let e = 0; e < 40; e++) {
    const name = `${word(r)} ${word(r, 8)}`;
    out.push({ name, email: `${word(r, 5)}${e}@example.org` });
    out.push({ ...out[out.length - 1] });
  }
  return out;
}

test('POST /autoconfig with records answers {config, telemetry} with source rest_autoconfig, and GET telemetry serves it', async () => {
  const r = await call(t.server.url, 'POST', '/autoconfig', { records: records() });
  assert.equal(r.status, 200, r.text);
  const body = obj(r.body);
  const telemetry = parseTelemetry(body.telemetry);
  assert.equal(telemetry.available, true);
  assert.equal(telemetry.source, 'rest_autoconfig');
  assert.ok(Array.isArray(obj(body.config).matchkeys));
  for (const p of ['/controller/telemetry', '/api/v1/controller/telemetry']) {
    const g = await call(t.server.url, 'GET', p);
    assert.deepStrictEqual(parseTelemetry(g.body), telemetry, p);
  }
});

test('POST /autoconfig without a body re-profiles the loaded data; excluded columns get no priors', async () => {
  const r = await call(t.server.url, 'POST', '/autoconfig', { exclude_columns: ['rec_id'] });
  assert.equal(r.status, 200, r.text);
  const telemetry = parseTelemetry(obj(r.body).telemetry);
  assert.equal(telemetry.column_priors?.some((p) => p.column === 'rec_id'), false);
  assert.ok((telemetry.scoring?.n_pairs_scored ?? 0) > 0);
});

test('fewer than 2 records is a 400 with a path', async () => {
  const r = await call(t.server.url, 'POST', '/autoconfig', { records: [{ name: 'x' }] });
  assert.equal(r.status, 400);
});

test('a second call while one runs gets 409 busy', async () => {
  t.server.state.autoconfigRunning = true;
  try {
    const r = await call(t.server.url, 'POST', '/autoconfig', {});
    assert.equal(r.status, 409);
    assert.equal((obj(obj(r.body).error).code), 'busy');
  } finally {
    t.server.state.autoconfigRunning = false;
  }
});

test('apply: true swaps the served results to a run with the committed configuration, with every stored decision replayed', async () => {
  // Two records of different people in different clusters: a steward's approve must survive the re-run.
  const results = t.server.state.current;
  const last = results.run.store.rowCount - 1;
  const other = [...Array(last).keys()].find((row) => results.clusters.clusterOf(row) !== results.clusters.clusterOf(last)) ?? 0;
  const decided = await call(t.server.url, 'POST', '/reviews/decide', { pair_id: `${other}-${last}`, decision: 'approve', reviewer: 'apply-test' });
  assert.equal(decided.status, 200, decided.text);
  // Record changes outlive the re-run too: an added and a deleted record.
  const added = await call(t.server.url, 'POST', '/records', { surname: 'zzapplied', given_name: 'kept' });
  assert.equal(added.status, 201, added.text);
  const addedRow = Number(obj(added.body).row_id);
  assert.equal((await call(t.server.url, 'DELETE', '/records/3')).status, 200);
  const lastSeq = t.server.state.store.changes.lastEventSeq();
  const tableBefore = t.server.state.current.clusters.clusterIds();
  const before = t.server.state.results;
  const r = await call(t.server.url, 'POST', '/autoconfig', { apply: true, exclude_columns: ['rec_id'] });
  assert.equal(r.status, 200, r.text);
  // The background re-run holds the busy flag until it has swapped the results.
  while (t.server.state.autoconfigRunning) await new Promise((res) => setImmediate(res));
  assert.notEqual(t.server.state.results, before);
  assert.deepStrictEqual(t.server.state.results?.run.config.exclude_columns, ['rec_id']);
  const after = t.server.state.current.clusters;
  assert.equal(after.clusterOf(other), after.clusterOf(last), 'the approve (must-link) holds in the new results');
  assert.equal(after.clusterOf(addedRow), addedRow, 'the added record is in the new results');
  assert.equal(after.clusterOf(3), -1, 'the deleted record stays deleted');
  // What the new configuration changed is on the change feed, as rerun events.
  const rerun = t.server.state.store.changes.eventsSince(lastSeq, 100_000);
  for (const e of rerun) assert.equal(e.cause.kind, 'rerun');
  assert.deepEqual([...followEvents(tableBefore, rerun)], [...after.clusterIds()], 'a table kept from the feed is the new one');
});
