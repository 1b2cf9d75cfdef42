/** GET /events: Server-Sent Events with a monotonic seq, one per cluster change; a reader that resumes with ?since (or Last-Event-ID) sees no gap and no duplicate; authenticated like every route. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, fixtureRows, startTestServer, type TestServer } from '../server-harness.js';

let t: TestServer;
const TOKEN = 'feed-secret';
before(async () => {
  t = await startTestServer({ app: { token: TOKEN } });
});
after(() => t.stop());

interface Sse {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** Reads events from the stream until `count` arrived, then closes it. */
async function readEvents(query: string, count: number, headers: Record<string, string> = {}): Promise<Sse[]> {
  const ac = new AbortController();
  const res = await fetch(`${t.server.url}/events${query}`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers }, signal: ac.signal });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const out: Sse[] = [];
  let text = '';
  while (out.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    let cut: number;
    while ((cut = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      const field = (name: string): string | undefined => block.split('\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1).trim();
      const data = field('data');
      if (data !== undefined) out.push({ id: Number(field('id')), event: field('event') as string, data: JSON.parse(data) as Record<string, unknown> });
    }
  }
  ac.abort();
  return out;
}

const auth = { authorization: `Bearer ${TOKEN}` };
const rows = fixtureRows();

test('events need the token', async () => {
  const res = await fetch(`${t.server.url}/events`);
  assert.equal(res.status, 401);
  await res.body?.cancel();
});

test('each change yields its events in seq order; resuming from any seq gives the rest exactly once', async () => {
  const url = t.server.url;
  const live = readEvents('', 3);
  // A new record like none other: its own new cluster.
  await call(url, 'POST', '/records', { surname: 'unlikeanyone', given_name: 'q' }, auth);
  // A copy of row 0: joins row 0's cluster (record_moved from null).
  await call(url, 'POST', '/records', { ...rows[0], rec_id: 'copy' }, auth);
  // Deleting the first new record.
  await call(url, 'DELETE', `/records/${rows.length}`, undefined, auth);
  const seen = await live;
  assert.deepEqual(seen.map((e) => e.event), ['cluster_created', 'record_moved', 'record_deleted']);
  assert.deepEqual(seen.map((e) => e.id), [1, 2, 3]);
  assert.deepEqual(seen[0].data.members, [rows.length]);
  assert.equal(seen[1].data.row_id, rows.length + 1);
  assert.equal(seen[1].data.from, null);
  assert.equal(seen[1].data.to, t.server.state.current.clusters.clusterOf(0));
  assert.equal(seen[2].data.row_id, rows.length);

  await call(url, 'POST', '/records', { records: [{ surname: 'alpha' }, { surname: 'beta' }] }, auth);
  const all = await readEvents('?since=0', 5);
  assert.deepEqual(all.map((e) => e.id), [1, 2, 3, 4, 5]);
  const resumed = await readEvents('?since=2', 3);
  assert.deepEqual(resumed.map((e) => e.id), [3, 4, 5]);
  const byHeader = await readEvents('', 2, { 'last-event-id': '3' });
  assert.deepEqual(byHeader.map((e) => e.id), [4, 5]);
});
