/** POST /shatter and POST /unmerge: members become singletons, the rest re-cluster, `record_id` alias, "unchanged" for a singleton; 400/404. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, clusterDetails, errorCode, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let clusters: Record<string, unknown>[];
before(async () => {
  t = await startTestServer();
  clusters = await clusterDetails(t.server.url, 2);
});
after(() => t.stop());

const membersOf = (d: Record<string, unknown>): number[] => arr(d.members).map((m) => Number(m.row_id));

test('shatter makes every member a singleton', async () => {
  const target = clusters[0];
  const members = membersOf(target);
  const r = await call(t.server.url, 'POST', '/shatter', { cluster_id: target.cluster_id });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { status: 'shattered', cluster_id: target.cluster_id, records_freed: members.length, cluster_ids: members });
  for (const m of members) {
    const d = await call(t.server.url, 'GET', `/clusters/${m}`);
    assert.equal(d.status, 200, `row ${m} is its own cluster now`);
    assert.equal(obj(d.body).size, 1);
  }
  const again = await call(t.server.url, 'POST', '/shatter', { cluster_id: members[1] });
  assert.equal(again.status, 200, 'a singleton is a cluster too');
});

test('shatter: an id that is not a cluster answers 404, a non-integer 400', async () => {
  const other = clusters[1];
  const notId = membersOf(other)[1];
  for (const id of [notId, -1]) {
    const r = await call(t.server.url, 'POST', '/shatter', { cluster_id: id });
    assert.equal(r.status, 404, String(id));
    assert.equal(errorCode(r.body), 'not_found');
  }
  for (const body of [{ cluster_id: '12' }, { cluster_id: 1.5 }, {}, { cluster_id: 1, extra: true }]) {
    const bad = await call(t.server.url, 'POST', '/shatter', body);
    assert.equal(bad.status, 400, JSON.stringify(body));
    assert.equal(errorCode(bad.body), 'invalid_request');
  }
});

test('unmerge takes one record out; the others keep a cluster from their scored pairs', async () => {
  const target = clusters.find((d, i) => i > 0 && Number(d.size) >= 2);
  assert.ok(target);
  const members = membersOf(target);
  const leaving = members[members.length - 1];
  const r = await call(t.server.url, 'POST', '/unmerge', { row_id: leaving });
  assert.equal(r.status, 200);
  const body = obj(r.body);
  assert.equal(body.status, 'unmerged');
  assert.equal(body.row_id, leaving);
  assert.equal(body.cluster_id, leaving);
  assert.ok(Array.isArray(body.remaining_cluster_ids));
  const remaining = (body.remaining_cluster_ids as unknown[]).map(Number);
  assert.ok(remaining.length >= 1);
  assert.deepEqual(remaining, [...remaining].sort((x, y) => x - y));
  assert.equal(remaining[0], members[0]);
  const own = obj((await call(t.server.url, 'GET', `/clusters/${leaving}`)).body);
  assert.equal(own.size, 1);
  const rest = obj((await call(t.server.url, 'GET', `/clusters/${members[0]}`)).body);
  assert.ok(!membersOf(rest).includes(leaving));
});

test('unmerge accepts record_id, says "unchanged" for a singleton, 404 for an unknown row', async () => {
  const target = clusters.find((d, i) => i > 1 && Number(d.size) >= 2);
  assert.ok(target);
  const leaving = membersOf(target)[1];
  const alias = await call(t.server.url, 'POST', '/unmerge', { record_id: leaving });
  assert.equal(alias.status, 200);
  assert.equal(obj(alias.body).status, 'unmerged');
  const single = await call(t.server.url, 'POST', '/unmerge', { row_id: leaving });
  assert.equal(single.status, 200);
  assert.equal(obj(single.body).status, 'unchanged');
  assert.equal(obj(single.body).cluster_id, leaving);
  for (const row of [300, -1]) {
    const unknown = await call(t.server.url, 'POST', '/unmerge', { row_id: row });
    assert.equal(unknown.status, 404, String(row));
    assert.equal(errorCode(unknown.body), 'not_found');
  }
  const bad = await call(t.server.url, 'POST', '/unmerge', { row: 1 });
  assert.equal(bad.status, 400);
  assert.equal(errorCode(bad.body), 'invalid_request');
});
