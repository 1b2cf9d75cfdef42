/** GET /reviews: pairs in the band, ordered by |score − threshold| then pair id; paging; reading changes nothing. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, errorCode, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
const rows = fixtureRows();
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

test('items lie in the default band and are ordered by closeness to the threshold, then pair id', async () => {
  const r = await call(t.server.url, 'GET', '/reviews?limit=1000');
  assert.equal(r.status, 200);
  const body = obj(r.body);
  const queue = arr(body.queue);
  assert.ok(queue.length > 0, 'the fixture should put some pairs in the review band');
  assert.equal(body.count, queue.length);
  assert.equal(body.total, queue.length);
  const threshold = 0.8;
  for (let i = 0; i < queue.length; i++) {
    const q = queue[i];
    assert.ok(Number(q.id_a) < Number(q.id_b));
    assert.equal(q.id, `${String(q.id_a)}-${String(q.id_b)}`);
    const s = Number(q.score);
    // Defaults: lo = threshold − 0.10, hi = threshold + 0.05.
    assert.ok(s >= threshold - 0.1 - 1e-9 && s <= threshold + 0.05 + 1e-9, `${String(q.id)} score ${s}`);
    assert.equal(obj(q.record_a).surname, rows[Number(q.id_a)].surname);
    assert.equal(obj(q.record_b).surname, rows[Number(q.id_b)].surname);
    if (i > 0) {
      const p = queue[i - 1];
      const dp = Math.abs(Number(p.score) - threshold);
      const dq = Math.abs(s - threshold);
      const byId = Number(p.id_a) - Number(q.id_a) || Number(p.id_b) - Number(q.id_b);
      assert.ok(dp <= dq + 1e-9, `order at ${i}: ${String(p.id)} then ${String(q.id)}`);
      if (p.score === q.score) assert.ok(byId < 0, `tie order at ${i}: ${String(p.id)} then ${String(q.id)}`);
    }
  }
});

test('paging slices the queue and reading it twice changes nothing', async () => {
  const all = obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body);
  const page = obj((await call(t.server.url, 'GET', '/reviews?limit=2&offset=1')).body);
  assert.deepEqual(page.queue, arr(all.queue).slice(1, 3));
  assert.equal(page.total, all.total);
  const def = obj((await call(t.server.url, 'GET', '/reviews')).body);
  assert.deepEqual(def.queue, arr(all.queue).slice(0, 50));
  const again = obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body);
  assert.deepEqual(again, all);
  const decisions = obj((await call(t.server.url, 'GET', '/reviews/decisions')).body);
  assert.equal(decisions.total, 0);
});

test('bad paging answers 400', async () => {
  for (const q of ['limit=0', 'limit=1001', 'offset=x']) {
    const r = await call(t.server.url, 'GET', `/reviews?${q}`);
    assert.equal(r.status, 400, q);
    assert.equal(errorCode(r.body), 'invalid_request');
  }
});

test('a decided pair leaves the queue and its total, paging skips it, and a withdrawal brings it back', async () => {
  const all = arr(obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body).queue);
  assert.ok(all.length >= 4, 'the fixture should put at least four pairs in the band');
  const decided = String(all[1].id);
  const d = await call(t.server.url, 'POST', '/reviews/decide', { pair_id: decided, decision: 'reject' });
  assert.equal(d.status, 200);
  const after = obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body);
  assert.equal(after.total, all.length - 1);
  assert.deepEqual(after.queue, [all[0], ...all.slice(2)]);
  const page = obj((await call(t.server.url, 'GET', '/reviews?limit=2&offset=1')).body);
  assert.deepEqual(page.queue, all.slice(2, 4));
  assert.equal(page.total, all.length - 1);
  const w = await call(t.server.url, 'DELETE', `/reviews/decisions/${decided}`);
  assert.equal(w.status, 200);
  const back = obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body);
  assert.deepEqual(back.queue, all);
  assert.equal(back.total, all.length);
  // A decision on a pair outside the band leaves the queue and its total as they are.
  const ids = new Set(all.map((q) => String(q.id)));
  const outside = [...Array(rows.length - 1).keys()].map((a) => `${a}-${a + 1}`).find((id) => !ids.has(id));
  assert.ok(outside);
  assert.equal((await call(t.server.url, 'POST', '/reviews/decide', { pair_id: outside, decision: 'approve' })).status, 200);
  const unchanged = obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body);
  assert.deepEqual(unchanged.queue, all);
  assert.equal(unchanged.total, all.length);
  const beyond = obj((await call(t.server.url, 'GET', `/reviews?offset=${all.length}`)).body);
  assert.deepEqual(beyond, { queue: [], count: 0, total: all.length });
});
