/** GET /stats: the contract's keys, recomputed from the full cluster listing. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

test('/stats matches the clusters it summarises', async () => {
  const r = await call(t.server.url, 'GET', '/stats');
  assert.equal(r.status, 200);
  const s = obj(r.body);
  const sizes = arr(obj((await call(t.server.url, 'GET', '/clusters?min_size=1&limit=10000')).body).clusters).map((c) => Number(c.size));
  const multi = sizes.filter((n) => n >= 2);
  const inMulti = multi.reduce((x, y) => x + y, 0);
  assert.equal(s.total_records, 300);
  assert.equal(sizes.reduce((x, y) => x + y, 0), 300, 'every record is in exactly one cluster');
  assert.equal(s.total_clusters, multi.length);
  assert.equal(s.singleton_count, sizes.length - multi.length);
  assert.ok(Math.abs(Number(s.match_rate) - inMulti / 300) < 1e-6);
  assert.ok(Math.abs(Number(s.avg_cluster_size) - (multi.length ? inMulti / multi.length : 0)) < 1e-6);
  assert.equal(s.max_cluster_size, Math.max(0, ...multi));
});
