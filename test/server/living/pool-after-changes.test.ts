/** After record changes the pool still serves: a large change batch is scored on the worker pool (each copy joins its original's cluster), and /match/batch, answered by the workers, equals /match record by record (changed rows met as they are now, deleted ones never). */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { POOL_MIN_CHANGED_ROWS } from '../../../src/engine/run.js';
import { arr, call, fixtureRows, obj, startTestServer, type TestServer } from '../server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

const rows = fixtureRows();

test('a batch large enough for the pool: every copy joins its original, every op answered', async () => {
  const url = t.server.url;
  const n = POOL_MIN_CHANGED_ROWS + 16;
  const copies = Array.from({ length: n }, (_, i) => ({ ...rows[i], rec_id: `pool-copy-${i}` }));
  const r = await call(url, 'POST', '/records', { records: copies });
  assert.equal(r.status, 201, r.text);
  const done = arr(obj(r.body).records);
  assert.equal(done.length, n);
  const clusters = t.server.state.current.clusters;
  done.forEach((d, i) => {
    assert.equal(d.row_id, rows.length + i);
    assert.equal(d.cluster_id, clusters.clusterOf(i), `copy of row ${i} is in row ${i}'s cluster`);
  });
});

test('/match/batch after changes equals /match for each record', async () => {
  const url = t.server.url;
  // An update that makes row 7 a copy of row 3, and a delete of row 11.
  assert.equal((await call(url, 'PUT', '/records/7', { ...rows[3], rec_id: 'now-3' })).status, 200);
  assert.equal((await call(url, 'DELETE', '/records/11')).status, 200);
  const queries = [rows[3], rows[7], rows[11], rows[20], { ...rows[40], suburb: null }, { surname: 'nobodylikethis' }];
  const batch = await call(url, 'POST', '/match/batch', { records: queries, top_k: 50 });
  assert.equal(batch.status, 200, batch.text);
  const results = arr(obj(batch.body).results);
  for (let i = 0; i < queries.length; i++) {
    const single = await call(url, 'POST', '/match', { record: queries[i], top_k: 50 });
    assert.deepEqual(results[i], obj(single.body), `record ${i}`);
    const ids = arr(results[i].matches).map((m) => Number(m.row_id));
    assert.ok(!ids.includes(11), 'a deleted record is never a match');
    if (i === 0) assert.ok(ids.includes(7), 'the updated record is met as it is now');
  }
});
