// client.events(): every event once and in order from `since`, across a server restart (the connection drops; it resumes from the last id), and a clean stop on abort.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KindredClient, KindredError, type FeedEvent } from '../../src/client/index.js';
import { fixtureRows, startTestServer, type TestServer } from '../server/server-harness.js';

const TOKEN = 'client-events-token';
const rows = fixtureRows();
let stateDir: string;
let t: TestServer;

before(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-client-events-'));
  t = await startTestServer({ stateDir, app: { token: TOKEN } });
});
after(async () => {
  await t.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** A client that always reaches the current server, whatever port a restart gave it. */
function clientOfCurrent(token = TOKEN): KindredClient {
  const follow: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const now = new URL(t.server.url);
    url.host = now.host;
    return fetch(url, init);
  };
  return new KindredClient({ baseUrl: 'http://127.0.0.1:1', token, fetch: follow });
}

test('the iterator reads history then live events, survives a server restart without gap or duplicate, and stops on abort', async () => {
  const client = clientOfCurrent();
  await client.addRecord({ surname: 'zzfeedone' });
  await client.addRecord({ ...rows[0], rec_id: 'feed-copy' });
  const ac = new AbortController();
  const seen: FeedEvent[] = [];
  let restarted = false;
  const reading = (async () => {
    for await (const e of client.events({ since: 0, signal: ac.signal, retryMs: 50 })) {
      seen.push(e);
      if (seen.length === 2 && !restarted) {
        restarted = true;
        // The stream drops while the server is away; changes made on the new one must still arrive.
        await t.stop();
        t = await startTestServer({ stateDir, app: { token: TOKEN } });
        await client.deleteRecord(rows.length);
        await client.addRecords([{ surname: 'zzfeedtwo' }, { surname: 'zzfeedthree' }]);
      }
      if (seen.length === 5) ac.abort();
    }
  })();
  await reading;
  assert.deepEqual(seen.map((e) => e.seq), [1, 2, 3, 4, 5]);
  assert.deepEqual(seen.map((e) => e.type), ['cluster_created', 'record_moved', 'record_deleted', 'cluster_created', 'cluster_created']);
  const moved = seen[1];
  assert.equal(moved.type, 'record_moved');
  if (moved.type === 'record_moved') assert.deepEqual([moved.row_id, moved.from], [rows.length + 1, null]);
  // Resuming from any seq gives exactly the rest.
  const rest: number[] = [];
  const ac2 = new AbortController();
  for await (const e of client.events({ since: 3, signal: ac2.signal })) {
    rest.push(e.seq);
    if (rest.length === 2) ac2.abort();
  }
  assert.deepEqual(rest, [4, 5]);
});

test('an abort while waiting for live events ends the iteration without error', async () => {
  const client = clientOfCurrent();
  const got: number[] = [];
  for await (const e of client.events({ since: 5, signal: AbortSignal.timeout(300) })) got.push(e.seq);
  assert.deepEqual(got, []);
});

test('a wrong token throws KindredError 401 at once (no retry loop)', async () => {
  const it = clientOfCurrent('wrong').events({ since: 0, retryMs: 10 });
  await assert.rejects(it.next(), (e: unknown) => e instanceof KindredError && e.status === 401 && e.code === 'unauthorized');
});
