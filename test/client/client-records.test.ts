// KindredClient record operations against a real server: add one and many, replace, delete; typed results; bad input as KindredError with the server's code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { KindredClient, KindredError } from '../../src/client/index.js';
import { fixtureRows, startTestServer, type TestServer } from '../server/server-harness.js';

const TOKEN = 'client-records-token';
let t: TestServer;
let client: KindredClient;
const rows = fixtureRows();

before(async () => {
  t = await startTestServer({ app: { token: TOKEN } });
  client = new KindredClient({ baseUrl: t.server.url, token: TOKEN });
});
after(() => t.stop());

async function rejects(p: Promise<unknown>, status: number, code: string): Promise<KindredError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof KindredError, String(e));
    assert.equal(e.status, status, e.message);
    assert.equal(e.code, code);
    return e;
  }
  assert.fail(`expected ${status} ${code}`);
}

test('add one and many, replace and delete resolve to the typed results', async () => {
  const one = await client.addRecord({ ...rows[0], rec_id: 'client-copy' });
  assert.deepEqual(one, { row_id: rows.length, cluster_id: t.server.state.current.clusters.clusterOf(0) });
  const many = await client.addRecords([{ surname: 'zzclientone', postcode: 1234 }, { surname: 'zzclienttwo' }]);
  assert.equal(many.count, 2);
  assert.deepEqual(many.records.map((r) => r.row_id), [rows.length + 1, rows.length + 2]);
  assert.deepEqual(many.records.map((r) => r.cluster_id), [rows.length + 1, rows.length + 2]);
  const replaced = await client.replaceRecord(rows.length + 1, { ...rows[1], rec_id: 'now-like-1' });
  assert.deepEqual(replaced, { status: 'updated', row_id: rows.length + 1, cluster_id: t.server.state.current.clusters.clusterOf(1) });
  assert.deepEqual(await client.deleteRecord(rows.length + 2), { status: 'deleted', row_id: rows.length + 2 });
  assert.equal((await client.stats()).total_records, rows.length + 2);
});

test('errors come back as KindredError with the server’s status, code and details; nothing changes', async () => {
  const before = (await client.stats()).total_records;
  const e = await rejects(client.addRecords([{ surname: 'ok' }, { surnam: 'typo' }]), 400, 'invalid_request');
  assert.equal(e.details?.[0].path, 'records[1].surnam');
  await rejects(client.replaceRecord(99_999, { surname: 'x' }), 404, 'not_found');
  await rejects(client.deleteRecord(rows.length + 2), 410, 'gone');
  await rejects(new KindredClient({ baseUrl: t.server.url, token: 'wrong' }).addRecord({ surname: 'x' }), 401, 'unauthorized');
  assert.equal((await client.stats()).total_records, before);
});
