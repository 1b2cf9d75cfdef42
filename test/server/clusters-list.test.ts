/** GET /clusters: sorted by size desc then cluster_id, paged by limit/offset, min_size, totals agreeing with /stats. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, errorCode, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

test('sorted by size descending, then cluster_id ascending; all of size ≥ 2 by default', async () => {
  const r = await call(t.server.url, 'GET', '/clusters');
  assert.equal(r.status, 200);
  const body = obj(r.body);
  assert.equal(body.offset, 0);
  assert.equal(body.limit, 100);
  const list = arr(body.clusters);
  assert.ok(list.length > 1);
  for (let i = 0; i < list.length; i++) {
    assert.ok(Number(list[i].size) >= 2);
    const c = Number(list[i].confidence);
    assert.ok(c >= 0 && c <= 1);
    if (i > 0) {
      const [p, q] = [list[i - 1], list[i]];
      assert.ok(Number(p.size) > Number(q.size) || (p.size === q.size && Number(p.cluster_id) < Number(q.cluster_id)));
    }
  }
});

test('pages concatenate to the full listing and totals agree with /stats', async () => {
  const all = obj((await call(t.server.url, 'GET', '/clusters?limit=10000')).body);
  const p1 = obj((await call(t.server.url, 'GET', '/clusters?limit=5&offset=0')).body);
  const p2 = obj((await call(t.server.url, 'GET', '/clusters?limit=5&offset=5')).body);
  assert.deepEqual([...arr(p1.clusters), ...arr(p2.clusters)], arr(all.clusters).slice(0, 10));
  assert.equal(p2.offset, 5);
  assert.equal(p2.limit, 5);
  assert.equal(p1.total, all.total);
  const stats = obj((await call(t.server.url, 'GET', '/stats')).body);
  assert.equal(all.total, stats.total_clusters);
  const withSingles = obj((await call(t.server.url, 'GET', '/clusters?min_size=1&limit=10000')).body);
  assert.equal(withSingles.total, Number(stats.total_clusters) + Number(stats.singleton_count));
  const past = obj((await call(t.server.url, 'GET', `/clusters?offset=${Number(all.total) + 10}`)).body);
  assert.deepEqual(past.clusters, []);
});

test('bad query values answer 400 invalid_request', async () => {
  for (const q of ['limit=0', 'limit=10001', 'limit=abc', 'offset=-1', 'min_size=x', 'limit=1.5']) {
    const r = await call(t.server.url, 'GET', `/clusters?${q}`);
    assert.equal(r.status, 400, q);
    assert.equal(errorCode(r.body), 'invalid_request', q);
  }
});
