/** GET /reviews/decisions and DELETE /reviews/decisions/:pair_id: newest first, replaced decisions inactive, withdrawal reverts the clusters. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, clusterDetails, errorCode, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let a: number;
let b: number;
let pairScore: number;
before(async () => {
  t = await startTestServer();
  const pair = (await clusterDetails(t.server.url, 2)).find((d) => d.size === 2);
  assert.ok(pair, 'expected a two-member cluster');
  [a, b] = arr(pair.members).map((m) => Number(m.row_id));
  pairScore = Number(obj(pair.pair_scores)[`${a}-${b}`]);
});
after(() => t.stop());

async function sizeOf(id: number): Promise<number | null> {
  const r = await call(t.server.url, 'GET', `/clusters/${id}`);
  return r.status === 200 ? Number(obj(r.body).size) : null;
}

test('a later decision replaces the earlier one; both stay, newest first, only the latest active', async () => {
  const first = await call(t.server.url, 'POST', '/reviews/decide', { pair_id: `${a}-${b}`, decision: 'reject', reviewer: 'ana' });
  assert.equal(first.status, 200);
  assert.equal(await sizeOf(a), 1);
  const second = await call(t.server.url, 'POST', '/reviews/decide', { pair_id: `${a}-${b}`, decision: 'approve', reviewer: 'bo', note: 'same person' });
  assert.equal(second.status, 200);
  assert.equal(await sizeOf(a), 2);
  const r = await call(t.server.url, 'GET', '/reviews/decisions');
  assert.equal(r.status, 200);
  const body = obj(r.body);
  const list = arr(body.decisions);
  assert.equal(body.total, 2);
  assert.equal(body.count, 2);
  assert.deepEqual(
    list.map((d) => [d.pair_id, d.id_a, d.id_b, d.decision, d.reviewer, d.note, d.active]),
    [
      [`${a}-${b}`, a, b, 'approve', 'bo', 'same person', true],
      [`${a}-${b}`, a, b, 'reject', 'ana', null, false],
    ],
  );
  for (const d of list) assert.equal(d.score, pairScore);
  assert.ok(Date.parse(String(list[0].decided_at)) >= Date.parse(String(list[1].decided_at)));
  const paged = obj((await call(t.server.url, 'GET', '/reviews/decisions?limit=1&offset=1')).body);
  assert.deepEqual(paged.decisions, [list[1]]);
});

test('withdrawing the active decision reverts the clusters as if it had not been made', async () => {
  // Make the reject active, then withdraw it: the original two-member cluster comes back.
  assert.equal((await call(t.server.url, 'POST', '/reviews/decide', { pair_id: `${a}-${b}`, decision: 'reject' })).status, 200);
  assert.equal(await sizeOf(a), 1);
  const del = await call(t.server.url, 'DELETE', `/reviews/decisions/${a}-${b}`);
  assert.equal(del.status, 200);
  assert.equal(await sizeOf(a), 2);
  const list = arr(obj((await call(t.server.url, 'GET', '/reviews/decisions')).body).decisions);
  assert.ok(list.every((d) => d.active === false), 'no decision on the pair is active after the withdrawal');
  const again = await call(t.server.url, 'DELETE', `/reviews/decisions/${a}-${b}`);
  assert.equal(again.status, 404);
  assert.equal(errorCode(again.body), 'not_found');
});

test('DELETE with a malformed or non-canonical pair id answers 400', async () => {
  // `01-2` names the same rows as `1-2`, but ids are compared as strings in the log, so only the canonical spelling is accepted.
  for (const id of ['not-a-pair', '01-2', '2-1', '1-1']) {
    const r = await call(t.server.url, 'DELETE', `/reviews/decisions/${id}`);
    assert.equal(r.status, 400, id);
    assert.equal(errorCode(r.body), 'invalid_request', id);
    assert.match(JSON.stringify(r.body), /pair_id/, id);
  }
});
