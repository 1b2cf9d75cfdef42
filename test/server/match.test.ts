/** POST /match: plain and wrapped bodies, exact copies come back first with score 1.0, non-string values use JSON spelling, validation errors. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, clusterDetails, errorCode, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let clusterRows: number[];
const rows = fixtureRows();

before(async () => {
  t = await startTestServer();
  clusterRows = (await clusterDetails(t.server.url, 2)).map((c) => Number(c.cluster_id));
});
after(() => t.stop());

test('an exact copy of a loaded record returns it first with score 1.0', async () => {
  assert.ok(clusterRows.length > 0, 'the fixture should produce clusters');
  for (const row of clusterRows.slice(0, 10)) {
    const r = await call(t.server.url, 'POST', '/match', rows[row]);
    assert.equal(r.status, 200);
    const body = obj(r.body);
    const matches = arr(body.matches);
    assert.equal(body.count, matches.length);
    assert.ok(matches.length >= 2, `row ${row} is in a cluster, so its copy should match at least itself and one other`);
    assert.equal(matches[0].row_id, row);
    assert.equal(matches[0].score, 1);
    // The matched record's own fields are inline.
    assert.equal(matches[0].surname, rows[row].surname);
    assert.equal(matches[0].given_name, rows[row].given_name);
  }
});

test('matches are best first, ties by row_id, scores in [0, 1] with at most 6 decimals, at most top_k', async () => {
  for (const row of clusterRows.slice(0, 10)) {
    const matches = arr(obj((await call(t.server.url, 'POST', '/match', rows[row])).body).matches);
    assert.ok(matches.length <= 5, 'default top_k is 5');
    for (let i = 0; i < matches.length; i++) {
      const s = Number(matches[i].score);
      assert.ok(s >= 0 && s <= 1);
      assert.equal(Math.round(s * 1e6) / 1e6, s);
      if (i > 0) {
        const p = Number(matches[i - 1].score);
        assert.ok(p > s || (p === s && Number(matches[i - 1].row_id) < Number(matches[i].row_id)), 'order: score desc, row_id asc');
      }
    }
  }
});

test('the wrapped form gives the same answer as the plain form, and top_k limits it', async () => {
  const row = clusterRows[0];
  const plain = obj((await call(t.server.url, 'POST', '/match', rows[row])).body);
  const wrapped = await call(t.server.url, 'POST', '/match', { record: rows[row], top_k: 5 });
  assert.equal(wrapped.status, 200);
  assert.deepEqual(wrapped.body, plain);
  const one = obj((await call(t.server.url, 'POST', '/match', { record: rows[row], top_k: 1 })).body);
  assert.equal(one.count, 1);
  assert.deepEqual(arr(one.matches)[0], arr(plain.matches)[0]);
});

test('threshold in the wrapped form drops matches scoring below it, and never adds any', async () => {
  // A record with matches scoring both 1.0 (itself) and less, so a cut-off between them is visible.
  const row = clusterRows.find((r) => r !== undefined) as number;
  const all = arr(obj((await call(t.server.url, 'POST', '/match', { record: rows[row], top_k: 50 })).body).matches);
  const below = all.filter((m) => Number(m.score) < 1);
  assert.ok(below.length > 0, 'the fixture should give this row a match scoring under 1');
  const cut = (Number(below[0].score) + 1) / 2;
  const high = obj((await call(t.server.url, 'POST', '/match', { record: rows[row], top_k: 50, threshold: cut })).body);
  assert.deepEqual(arr(high.matches), all.filter((m) => Number(m.score) >= cut));
  assert.equal(high.count, arr(high.matches).length);
  const low = obj((await call(t.server.url, 'POST', '/match', { record: rows[row], top_k: 50, threshold: 0 })).body);
  assert.deepEqual(arr(low.matches), all, 'a threshold under the matchkey\'s returns no non-matches');
  for (const threshold of [-0.1, 1.5, '0.5']) {
    const r = await call(t.server.url, 'POST', '/match', { record: rows[row], threshold });
    assert.equal(r.status, 400, String(threshold));
    assert.equal(errorCode(r.body), 'invalid_request');
  }
});

test('numbers and booleans are converted with JSON spelling; unknown fields are ignored', async () => {
  const row = clusterRows.find((r) => /^[1-9]\d*$/.test(rows[r].postcode ?? '') && /^[1-9]\d*$/.test(rows[r].date_of_birth ?? ''));
  assert.ok(row !== undefined);
  const asStrings = obj((await call(t.server.url, 'POST', '/match', rows[row])).body);
  const typed = { ...rows[row], postcode: Number(rows[row].postcode), date_of_birth: Number(rows[row].date_of_birth), not_a_column: true };
  const r = await call(t.server.url, 'POST', '/match', typed);
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, asStrings);
});

test('a record nobody resembles gets an empty list', async () => {
  const r = await call(t.server.url, 'POST', '/match', { given_name: 'zzzzqx', surname: 'qqqqwv', postcode: '0000', date_of_birth: '00000000' });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { matches: [], count: 0 });
});

test('bad bodies answer 400 invalid_request with details', async () => {
  for (const body of [{ given_name: { nested: 1 } }, { record: rows[0], top_k: 0 }, { record: rows[0], top_k: 1001 }, { record: rows[0], top_k: 2.5 }, 'null']) {
    const r = await call(t.server.url, 'POST', '/match', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(errorCode(r.body), 'invalid_request', JSON.stringify(body));
    assert.ok(Array.isArray(obj(obj(r.body).error).details), JSON.stringify(body));
  }
});

test(
  'an array body is not a record: 400 invalid_request',
  async () => {
    const r = await call(t.server.url, 'POST', '/match', [1, 2]);
    assert.equal(r.status, 400);
    assert.equal(errorCode(r.body), 'invalid_request');
  },
);
