/** GET /clusters/:id: id = smallest member, members sorted, pair_scores keys a<b, bottleneck = lowest (ties: smallest pair id), confidence recomputed; 400/404. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, clusterDetails, errorCode, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let details: Record<string, unknown>[];
const rows = fixtureRows();

before(async () => {
  t = await startTestServer();
  details = await clusterDetails(t.server.url, 2);
});
after(() => t.stop());

/** Orders pair ids numerically by (a, b). */
function pairOrder(x: string, y: string): number {
  const [xa, xb] = x.split('-').map(Number);
  const [ya, yb] = y.split('-').map(Number);
  return xa - ya || xb - yb;
}

test('every multi-member cluster obeys the contract', () => {
  assert.ok(details.length > 0);
  for (const d of details) {
    const members = arr(d.members);
    const ids = members.map((m) => Number(m.row_id));
    const label = `cluster ${String(d.cluster_id)}`;
    assert.equal(d.size, members.length, label);
    assert.equal(d.cluster_id, Math.min(...ids), label);
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b), label);
    for (const m of members) assert.equal(m.surname, rows[Number(m.row_id)].surname, label);
    const scores = obj(d.pair_scores);
    const keys = Object.keys(scores);
    assert.ok(keys.length >= members.length - 1, `${label}: a cluster is connected, so at least size-1 scored pairs`);
    for (const k of keys) {
      const m = /^(\d+)-(\d+)$/.exec(k);
      assert.ok(m, k);
      const [a, b] = [Number(m[1]), Number(m[2])];
      assert.ok(a < b && ids.includes(a) && ids.includes(b), `${label}: ${k}`);
      const s = Number(scores[k]);
      assert.ok(s >= 0 && s <= 1);
    }
    const values = keys.map((k) => Number(scores[k]));
    const min = Math.min(...values);
    const bottleneck = keys.filter((k) => Number(scores[k]) === min).sort(pairOrder)[0];
    assert.deepEqual(d.bottleneck_pair, bottleneck.split('-').map(Number), label);
    const mean = values.reduce((x, y) => x + y, 0) / values.length;
    const possible = (members.length * (members.length - 1)) / 2;
    const confidence = 0.4 * min + 0.3 * mean + 0.3 * (values.length / possible);
    assert.ok(Math.abs(Number(d.confidence) - confidence) < 1e-5, `${label}: confidence ${String(d.confidence)} vs ${confidence}`);
  }
});

test('the listing and the detail agree on size and confidence', async () => {
  const list = arr(obj((await call(t.server.url, 'GET', '/clusters?limit=10000')).body).clusters);
  assert.deepEqual(
    list.map((c) => [c.cluster_id, c.size, c.confidence]),
    details.map((d) => [d.cluster_id, d.size, d.confidence]),
  );
});

test('a singleton has confidence 1, no pair scores and a null bottleneck', async () => {
  const single = arr(obj((await call(t.server.url, 'GET', '/clusters?min_size=1&limit=10000')).body).clusters).find((c) => c.size === 1);
  assert.ok(single);
  const r = await call(t.server.url, 'GET', `/clusters/${String(single.cluster_id)}`);
  assert.equal(r.status, 200);
  const d = obj(r.body);
  assert.equal(d.size, 1);
  assert.equal(d.confidence, 1);
  assert.deepEqual(d.pair_scores, {});
  assert.equal(d.bottleneck_pair, null);
  assert.deepEqual(arr(d.members).map((m) => m.row_id), [single.cluster_id]);
});

test('a non-integer id answers 400; an integer that is not a cluster id (no row, or negative) answers 404', async () => {
  for (const id of ['abc', '1.5', '1e2', '--3']) {
    const r = await call(t.server.url, 'GET', `/clusters/${id}`);
    assert.equal(r.status, 400, id);
    assert.equal(errorCode(r.body), 'invalid_request', id);
  }
  const nonSmallest = Number(arr(details[0].members)[1].row_id);
  for (const id of [nonSmallest, 300, 999999, -3]) {
    const r = await call(t.server.url, 'GET', `/clusters/${id}`);
    assert.equal(r.status, 404, String(id));
    assert.equal(errorCode(r.body), 'not_found');
  }
});
