/** GET /stats/scores, GET /stats/cluster-sizes and GET /clusters?sort=confidence agree with /stats, /clusters and each other, and follow edits. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, call, obj, arr, errorCode, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer({});
});
after(async () => {
  await t.stop();
});

const get = async (p: string): Promise<Record<string, unknown>> => obj((await call(t.server.url, 'GET', p)).body);

test('the score histogram counts every kept pair once and marks the threshold and review band', async () => {
  const h = await get('/stats/scores');
  const counts = h.counts as number[];
  assert.equal(counts.length, 50);
  assert.equal(h.bin_width, 0.02);
  const stats = await get('/stats');
  assert.equal(counts.reduce((a, b) => a + b, 0), stats.pairs_kept);
  assert.equal(h.pairs, stats.pairs_kept);
  assert.deepEqual(h.matchkeys, [{ name: 'person_fuzzy', threshold: 0.8, review_lo: 0.7, review_hi: 0.85, pairs: stats.pairs_kept }]);
  // Kept pairs are matched or in the band: nothing under the band's low edge (0.70 is bin 35).
  assert.ok(counts.slice(0, 35).every((c) => c === 0));
  // The band's pairs are exactly the review queue before any decision.
  const queue = obj((await call(t.server.url, 'GET', '/reviews?limit=1')).body);
  assert.equal(queue.total, stats.review_band_pairs);
  assert.deepEqual(stats.columns, ['rec_id', 'given_name', 'surname', 'street_number', 'address_1', 'address_2', 'suburb', 'postcode', 'state', 'date_of_birth', 'soc_sec_id']);
});

test('the cluster-size histogram adds up to /stats and follows a shatter', async () => {
  const before = arr((await get('/stats/cluster-sizes')).sizes);
  const stats = await get('/stats');
  assert.equal(before.reduce((s, x) => s + Number(x.size) * Number(x.count), 0), stats.total_records);
  assert.equal(before.find((x) => x.size === 1)?.count, stats.singleton_count);
  assert.equal(before.filter((x) => Number(x.size) > 1).reduce((s, x) => s + Number(x.count), 0), stats.total_clusters);
  const biggest = arr((await get('/clusters?limit=1')).clusters)[0];
  await call(t.server.url, 'POST', '/shatter', { cluster_id: biggest.cluster_id });
  const after = arr((await get('/stats/cluster-sizes')).sizes);
  const count = (list: Record<string, unknown>[], size: number): number => Number(list.find((x) => x.size === size)?.count ?? 0);
  assert.equal(count(after, 1), count(before, 1) + Number(biggest.size));
  assert.equal(count(after, Number(biggest.size)), count(before, Number(biggest.size)) - 1);
});

test('sort=confidence lists the same clusters weakest first, pages without overlap, and refuses other values', async () => {
  const bySize = arr((await get('/clusters?min_size=2&limit=1000')).clusters);
  const weakest = await get('/clusters?min_size=2&limit=1000&sort=confidence');
  const lines = arr(weakest.clusters);
  assert.equal(weakest.total, bySize.length);
  assert.deepEqual(lines.map((c) => c.cluster_id).sort(), bySize.map((c) => c.cluster_id).sort());
  for (let i = 1; i < lines.length; i++) assert.ok(Number(lines[i - 1].confidence) <= Number(lines[i].confidence));
  const conf = new Map(bySize.map((c) => [c.cluster_id, c.confidence]));
  for (const c of lines) assert.equal(c.confidence, conf.get(c.cluster_id));
  const page2 = arr((await get('/clusters?min_size=3&limit=5&offset=5&sort=confidence')).clusters);
  const all3 = arr((await get('/clusters?min_size=3&limit=1000&sort=confidence')).clusters);
  assert.deepEqual(page2, all3.slice(5, 10));
  assert.ok(all3.every((c) => Number(c.size) >= 3));
  const bad = await call(t.server.url, 'GET', '/clusters?sort=weakest');
  assert.equal(bad.status, 400);
  assert.equal(errorCode(bad.body), 'invalid_request');
  assert.equal((await call(t.server.url, 'GET', '/clusters?sort=size&sort=confidence')).status, 400);
});

test('the score histogram follows record changes: a copy of a record adds its pairs, at the top bin for the exact copy', async () => {
  const before = await get('/stats/scores');
  const member = obj(arr((await get('/clusters/0')).members)[0]);
  const { row_id: _row, ...record } = member;
  const added = await call(t.server.url, 'POST', '/records', record);
  assert.equal(added.status, 201);
  const after = await get('/stats/scores');
  const top = (h: Record<string, unknown>): number => (h.counts as number[])[49];
  assert.ok(Number(after.pairs) > Number(before.pairs), 'the copy brings pairs of its own');
  assert.ok(top(after) > top(before), 'the exact copy scores 1.0 against its original');
  assert.equal((after.counts as number[]).reduce((a, b) => a + b, 0), after.pairs);
});
