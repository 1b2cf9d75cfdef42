/** POST /reviews/decide: approve joins, reject separates, the pair leaves the queue, /stats and /clusters follow; 400/404. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, clusterDetails, errorCode, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

async function clusterOf(row: number): Promise<number> {
  const all = arr(obj((await call(t.server.url, 'GET', '/clusters?min_size=1&limit=10000')).body).clusters);
  for (const c of all) {
    const d = obj((await call(t.server.url, 'GET', `/clusters/${String(c.cluster_id)}`)).body);
    if (arr(d.members).some((m) => m.row_id === row)) return Number(d.cluster_id);
  }
  throw new Error(`row ${row} is in no cluster`);
}

test('approve on a queued non-match joins the two clusters and takes the pair off the queue', async () => {
  const before = obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body);
  const item = arr(before.queue).find((q) => Number(q.score) < 0.8);
  assert.ok(item, 'expected a possible match below the threshold in the queue');
  const [a, b] = [Number(item.id_a), Number(item.id_b)];
  assert.notEqual(await clusterOf(a), await clusterOf(b));
  const statsBefore = obj((await call(t.server.url, 'GET', '/stats')).body);
  const r = await call(t.server.url, 'POST', '/reviews/decide', { pair_id: item.id, decision: 'approve', reviewer: 'ana' });
  assert.equal(r.status, 200);
  const res = obj(r.body);
  assert.equal(res.status, 'recorded');
  assert.equal(res.pair_id, item.id);
  assert.equal(res.decision, 'approve');
  assert.ok(!Number.isNaN(Date.parse(String(res.decided_at))));
  const joined = Math.min(await clusterOf(a), await clusterOf(b));
  assert.deepEqual(res.cluster_ids, [joined, joined]);
  assert.equal(await clusterOf(a), await clusterOf(b));
  const detail = obj((await call(t.server.url, 'GET', `/clusters/${joined}`)).body);
  assert.ok(arr(detail.members).some((m) => m.row_id === a) && arr(detail.members).some((m) => m.row_id === b));
  const after = obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body);
  assert.equal(after.total, Number(before.total) - 1);
  assert.ok(!arr(after.queue).some((q) => q.id === item.id));
  const statsAfter = obj((await call(t.server.url, 'GET', '/stats')).body);
  assert.notDeepEqual(
    [statsAfter.total_clusters, statsAfter.singleton_count, statsAfter.max_cluster_size, statsAfter.match_rate],
    [statsBefore.total_clusters, statsBefore.singleton_count, statsBefore.max_cluster_size, statsBefore.match_rate],
  );
});

test('reject on a pair inside a cluster separates the two records', async () => {
  const pair = (await clusterDetails(t.server.url, 2)).find((d) => d.size === 2);
  assert.ok(pair, 'expected a two-member cluster');
  const [a, b] = arr(pair.members).map((m) => Number(m.row_id));
  const statsBefore = obj((await call(t.server.url, 'GET', '/stats')).body);
  const r = await call(t.server.url, 'POST', '/reviews/decide', { pair_id: `${a}-${b}`, decision: 'reject', note: 'different people' });
  assert.equal(r.status, 200);
  assert.deepEqual(obj(r.body).cluster_ids, [a, b]);
  assert.notEqual(await clusterOf(a), await clusterOf(b));
  const gone = await call(t.server.url, 'GET', `/clusters?limit=10000`);
  assert.ok(!arr(obj(gone.body).clusters).some((c) => c.cluster_id === a));
  const statsAfter = obj((await call(t.server.url, 'GET', '/stats')).body);
  assert.equal(statsAfter.total_clusters, Number(statsBefore.total_clusters) - 1);
  assert.equal(statsAfter.singleton_count, Number(statsBefore.singleton_count) + 2);
});

test('malformed pair ids and decisions answer 400; unknown rows answer 404', async () => {
  for (const body of [
    { pair_id: '5-3', decision: 'approve' },
    { pair_id: '3-3', decision: 'approve' },
    { pair_id: '01-2', decision: 'approve' },
    { pair_id: 'abc', decision: 'approve' },
    { pair_id: '1-2', decision: 'maybe' },
    { pair_id: 12, decision: 'approve' },
    { decision: 'approve' },
    { pair_id: '1-2' },
  ]) {
    const r = await call(t.server.url, 'POST', '/reviews/decide', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(errorCode(r.body), 'invalid_request', JSON.stringify(body));
    assert.ok(Array.isArray(obj(obj(r.body).error).details));
  }
  const unknown = await call(t.server.url, 'POST', '/reviews/decide', { pair_id: '0-300', decision: 'approve' });
  assert.equal(unknown.status, 404);
  assert.equal(errorCode(unknown.body), 'not_found');
});
