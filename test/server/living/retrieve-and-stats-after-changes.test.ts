/** After record changes, POST /retrieve finds added and updated records as they are now and never a deleted one (filters read the current values), and /stats pairs_kept counts the kept pairs now (equal to /stats/scores). */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, fixtureRows, obj, startTestServer, type TestServer } from '../server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

const rows = fixtureRows();

async function retrieve(body: Record<string, unknown>): Promise<Array<{ row_id: number; score: number; record: Record<string, unknown> }>> {
  const r = await call(t.server.url, 'POST', '/retrieve', body);
  assert.equal(r.status, 200, r.text);
  return arr(obj(r.body).results).map((h) => ({ row_id: Number(h.row_id), score: Number(h.score), record: obj(h.record) }));
}

test('/retrieve sees an added record, an updated one as it is now, and no deleted one', async () => {
  const url = t.server.url;
  const added = Number(obj((await call(url, 'POST', '/records', { ...rows[0], surname: 'zzxylophone', rec_id: 'r-new' })).body).row_id);
  const found = await retrieve({ query: 'zzxylophone', column: 'surname', k: 3 });
  assert.equal(found[0].row_id, added);
  assert.equal(found[0].score, 1, 'the same text as the query scores 1');
  assert.equal(found[0].record.surname, 'zzxylophone');

  const oldSurname = rows[5].surname as string;
  assert.equal((await call(url, 'PUT', '/records/5', { ...rows[5], surname: 'qqwertyuiop' })).status, 200);
  // The old value meets the record only through the grams it shares with the new one.
  const old = (await retrieve({ query: oldSurname, column: 'surname', k: 1000 })).find((h) => h.row_id === 5);
  assert.ok(old === undefined || (old.score < 0.5 && old.record.surname === 'qqwertyuiop'), JSON.stringify(old));
  const now = await retrieve({ query: 'qqwertyuiop', column: 'surname', k: 3 });
  assert.equal(now[0].row_id, 5);
  assert.equal(now[0].record.surname, 'qqwertyuiop');
  // The joined view (no column) and a filter on a changed value.
  const joined = await retrieve({ query: `${String(rows[5].given_name)} qqwertyuiop`, k: 5, filters: { surname: 'qqwertyuiop' } });
  assert.deepEqual(joined.map((h) => h.row_id), [5]);
  assert.equal((await retrieve({ query: 'qqwertyuiop', column: 'surname', filters: { surname: oldSurname } })).length, 0, 'filters read the current value');

  const query = `${String(rows[9].given_name)} ${String(rows[9].surname)} ${String(rows[9].postcode)}`;
  assert.ok((await retrieve({ query, k: 50 })).some((h) => h.row_id === 9));
  assert.equal((await call(url, 'DELETE', '/records/9')).status, 200);
  assert.ok(!(await retrieve({ query, k: 50 })).some((h) => h.row_id === 9), 'a deleted record is never found');
});

test('/stats pairs_kept counts the kept pairs now, as /stats/scores does', async () => {
  const url = t.server.url;
  const before = Number(obj((await call(url, 'GET', '/stats')).body).pairs_kept);
  // Two more copies of row 0: each pairs with row 0, its earlier copy, and each other.
  await call(url, 'POST', '/records', { records: [{ ...rows[0], rec_id: 'c1' }, { ...rows[0], rec_id: 'c2' }] });
  const stats = obj((await call(url, 'GET', '/stats')).body);
  const scores = obj((await call(url, 'GET', '/stats/scores')).body);
  assert.equal(stats.pairs_kept, scores.pairs);
  assert.ok(Number(stats.pairs_kept) > before, `${String(stats.pairs_kept)} > ${before}`);
});
