// KindredClient against a real running server (token set): every method once, and KindredError on 401 and 404.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { KindredClient, KindredError } from '../../src/client/index.js';
import { startFixtureServer, type FixtureServer } from '../server/analysis/analysis-server.js';

const TOKEN = 'client-test-token';
let t: FixtureServer;
let client: KindredClient;

before(async () => {
  t = await startFixtureServer({ token: TOKEN });
  client = new KindredClient({ baseUrl: t.url, token: TOKEN });
});
after(async () => {
  await t.stop();
});

test('read methods return the typed bodies', async () => {
  assert.deepEqual(await client.health(), { status: 'ok', ready: true, service: 'kindred' });
  const stats = await client.stats();
  assert.equal(stats.total_records, 300);
  const rec = t.server.state.current.record(0);
  const match = await client.match(rec, { topK: 3 });
  assert.equal(match.matches[0].row_id, 0);
  assert.equal(match.matches[0].score, 1);
  assert.ok(match.count <= 3);
  const batch = await client.matchBatch([rec, t.server.state.current.record(1)], { topK: 2 });
  assert.equal(batch.results.length, 2);
  const clusters = await client.clusters({ minSize: 2, limit: 5, offset: 0 });
  assert.equal(clusters.limit, 5);
  assert.ok(clusters.clusters.length > 0, 'the fixture has duplicates');
  const id = clusters.clusters[0].cluster_id;
  const cluster = await client.cluster(id);
  assert.equal(cluster.cluster_id, id);
  assert.equal(cluster.members.length, cluster.size);
  const ex = await client.explain(cluster.members[0].row_id, cluster.members[1].row_id);
  assert.equal(typeof ex.explanation, 'string');
  const exr = await client.explainRecords(rec, rec);
  assert.equal(exr.overall_score, 1);
  const reviews = await client.reviews({ limit: 5 });
  assert.equal(reviews.count, reviews.queue.length);
  const suggestions = await client.suggest();
  assert.ok(Array.isArray(suggestions.suggestions));
  const cert = await client.certifyRecall();
  assert.equal(typeof cert.n_systems, 'number');
  const found = await client.retrieve(String(rec.surname), { column: 'surname', k: 2 });
  assert.equal(found.results[0].record.surname, rec.surname);
  const telemetry = await client.telemetry();
  assert.equal(typeof telemetry.available, 'boolean');
});

test('edit methods change and report the clusters', async () => {
  const clusters = await client.clusters({ minSize: 2, limit: 3 });
  const [first, second] = clusters.clusters;
  const members = (await client.cluster(first.cluster_id)).members.map((m) => m.row_id);
  const pairId = `${members[0]}-${members[1]}`;
  const decided = await client.decide(pairId, 'reject', { reviewer: 'ana', note: 'test' });
  assert.equal(decided.status, 'recorded');
  assert.equal(decided.pair_id, pairId);
  const history = await client.decisions({ limit: 10 });
  assert.equal(history.decisions[0].pair_id, pairId);
  assert.equal(history.decisions[0].reviewer, 'ana');
  const withdrawn = await client.withdraw(pairId);
  assert.equal(withdrawn.pair_id, pairId);
  const secondMembers = (await client.cluster(second.cluster_id)).members.map((m) => m.row_id);
  const unmerged = await client.unmerge(secondMembers[secondMembers.length - 1]);
  assert.equal(unmerged.status, 'unmerged');
  const shattered = await client.shatter(first.cluster_id);
  assert.equal(shattered.status, 'shattered');
  assert.equal(shattered.cluster_id, first.cluster_id);
});

test('autoconfig answers with a config and rest_autoconfig telemetry', async (ctx) => {
  let r;
  try {
    r = await client.autoconfig({ apply: false });
  } catch (e) {
    // POST /autoconfig is registered by another module; until it exists the route answers 404.
    if (e instanceof KindredError && e.status === 404 && /no endpoint/.test(e.message)) {
      ctx.skip('POST /autoconfig is not registered in this build');
      return;
    }
    throw e;
  }
  assert.equal(typeof r.config, 'object');
  assert.equal(r.telemetry.source, 'rest_autoconfig');
});

test('an unknown cluster is a KindredError 404 with the server code', async () => {
  await assert.rejects(client.cluster(299_999), (e: unknown) => {
    assert.ok(e instanceof KindredError);
    assert.equal(e.status, 404);
    assert.equal(e.code, 'not_found');
    assert.ok(e.message.length > 0);
    return true;
  });
});

test('a missing or wrong token is a KindredError 401', async () => {
  for (const token of [undefined, 'wrong']) {
    const anon = new KindredClient({ baseUrl: t.url, token });
    await assert.rejects(anon.stats(), (e: unknown) => e instanceof KindredError && e.status === 401 && e.code === 'unauthorized');
  }
});

test('an invalid body is a KindredError 400 with details', async () => {
  await assert.rejects(client.retrieve('x', { column: 'no_such_column' }), (e: unknown) => {
    assert.ok(e instanceof KindredError);
    assert.equal(e.status, 400);
    assert.equal(e.code, 'invalid_request');
    assert.match(e.message, /surname/);
    assert.deepEqual(e.details?.map((d) => d.path), ['column']);
    return true;
  });
});
