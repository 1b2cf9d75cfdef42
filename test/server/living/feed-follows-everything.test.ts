/** A table kept from GET /events alone equals the served /clusters after any mix of record changes and steward edits (decisions, withdrawals, shatters, unmerges), across restarts, an edit whose events were never written, and a restart under another configuration. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KindredClient, type FeedEvent } from '../../../src/client/index.js';
import { followEvents } from '../../../src/engine/clustering/feed-table.js';
import type { ClusterEvent } from '../../../src/engine/clustering/cluster-events.js';
import { StateDb } from '../../../src/store/state-db.js';
import { rowFingerprint } from '../../../src/server/edit-log.js';
import { arr, call, clusterDetails, FIXTURE_CONFIG, fixtureRows, memberRecord, obj, startTestServer, type TestServer } from '../server-harness.js';

const rows = fixtureRows();
let stateDir: string;
let t: TestServer;
/** Row ids given so far and those deleted: the served table is read over them. */
let given = rows.length;
const deleted = new Set<number>();

before(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-feed-follows-'));
  t = await startTestServer({ stateDir });
});
after(async () => {
  await t.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** The row → cluster table GET /clusters serves: members of clusters of two or more, everyone else alone, deleted rows −1. */
async function servedTable(url: string): Promise<Int32Array> {
  const table = Int32Array.from({ length: given }, (_, r) => (deleted.has(r) ? -1 : r));
  for (const c of await clusterDetails(url, 2)) for (const m of arr(c.members)) table[memberRecord(m).row] = Number(c.cluster_id);
  return table;
}

/** Every event from `since` up to the seq /stats reports, read through the client's iterator. */
async function eventsUpToNow(url: string, since: number): Promise<FeedEvent[]> {
  const last = Number(obj((await call(url, 'GET', '/stats')).body).last_event_seq);
  const out: FeedEvent[] = [];
  if (last <= since) return out;
  const ac = new AbortController();
  for await (const e of new KindredClient({ baseUrl: url }).events({ since, signal: ac.signal })) {
    out.push(e);
    if (e.seq >= last) ac.abort();
  }
  return out;
}

function follow(table: Int32Array, events: readonly FeedEvent[]): Int32Array {
  const asFeed = events.map(({ type, seq: _s, at: _a, cause: _c, ...data }): ClusterEvent => ({ type, data }));
  const out = followEvents(table, asFeed);
  // Rows past the followed table's end are rows nobody has heard of: compare over the given ids.
  return Int32Array.from({ length: given }, (_, r) => (r < out.length ? out[r] : -1));
}

async function ok(method: string, urlPath: string, body?: unknown): Promise<Record<string, unknown>> {
  const r = await call(t.server.url, method, urlPath, body);
  assert.ok(r.status === 200 || r.status === 201, `${method} ${urlPath}: ${r.status} ${r.text}`);
  return obj(r.body);
}

let table: Int32Array;
let seen = 0;

/** Follows the feed from where the last check stopped and compares with the served clusters. */
async function checkFollows(what: string): Promise<FeedEvent[]> {
  const events = await eventsUpToNow(t.server.url, seen);
  assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => seen + i + 1), `${what}: gap-free seqs`);
  table = follow(table, events);
  assert.deepEqual([...table], [...(await servedTable(t.server.url))], `${what}: the followed table is the served one`);
  if (events.length > 0) seen = events[events.length - 1].seq;
  return events;
}

test('record changes and every kind of steward edit: the followed table stays the served one', async () => {
  assert.equal(obj((await call(t.server.url, 'GET', '/stats')).body).last_event_seq, 0);
  table = await servedTable(t.server.url);

  // Record changes: a copy joins a cluster, an update moves a record, a delete leaves one.
  const copy = Number((await ok('POST', '/records', { ...rows[0], rec_id: 'copy-0' })).row_id);
  given++;
  await ok('PUT', '/records/5', { ...rows[9], rec_id: 'now-like-9' });
  const inCluster = (await clusterDetails(t.server.url, 2)).map((c) => arr(c.members).map((m) => memberRecord(m).row));
  await ok('DELETE', `/records/${inCluster[0][0]}`);
  deleted.add(inCluster[0][0]);
  await checkFollows('record changes');

  // Decisions from the queue: approve one below the threshold (a merge), reject one above (a split), withdraw the reject.
  const queue = arr(obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body).queue);
  const below = queue.find((q) => Number(q.score) < Number(q.threshold));
  const above = queue.find((q) => Number(q.score) >= Number(q.threshold));
  assert.ok(below !== undefined && above !== undefined, 'the fixture has band pairs on both sides of the threshold');
  await ok('POST', '/reviews/decide', { pair_id: below.id, decision: 'approve' });
  await ok('POST', '/reviews/decide', { pair_id: above.id, decision: 'reject' });
  const edits = await checkFollows('approve and reject');
  assert.ok(edits.some((e) => e.type === 'cluster_merged' && e.cause === 'edit'), 'the approve merged two clusters');
  assert.ok(edits.some((e) => e.type === 'cluster_split' && e.cause === 'edit'), 'the reject split one');
  await ok('DELETE', `/reviews/decisions/${String(above.id)}`);
  await checkFollows('withdraw');

  // Shatter the largest cluster, unmerge a member of the next; then a record change on a shattered record.
  const big = await clusterDetails(t.server.url, 2);
  const shattered = arr(big[0].members).map((m) => memberRecord(m).row);
  await ok('POST', '/shatter', { cluster_id: Number(big[0].cluster_id) });
  await ok('POST', '/unmerge', { row_id: memberRecord(arr(big[1].members)[1]).row });
  await checkFollows('shatter and unmerge');
  await ok('PUT', `/records/${shattered[1]}`, { ...rows[shattered[1]], suburb: 'elsewhere' });
  await ok('POST', '/records', { records: [{ ...rows[copy % rows.length], rec_id: 'copy-b' }, { surname: 'zzzfeed' }] });
  given += 2;
  await checkFollows('changes after edits (a stale shatter member)');
});

test('a restart with the same settings adds no event; an edit whose events were never written gets them on restart', async () => {
  const last = seen;
  await t.stop();
  t = await startTestServer({ stateDir });
  assert.equal((await checkFollows('restart')).length, 0);
  assert.equal(seen, last);

  // The process died between an unmerge's commit and its events: write the edit alone, as the route does first.
  const c = (await clusterDetails(t.server.url, 2))[0];
  const row = memberRecord(arr(c.members)[1]).row;
  const fp = rowFingerprint(t.server.state.current, row);
  const statePath = t.server.state.store.connection.name;
  await t.stop();
  const db = StateDb.open(statePath);
  db.recordUnmerge({ rowId: row, fp });
  db.close();
  t = await startTestServer({ stateDir });
  const events = await checkFollows('an edit without its events');
  assert.ok(events.length > 0 && events.every((e) => e.cause === 'edit'), 'the unmerge got its events on restart');
});

test('a restart under another configuration publishes the difference as rerun events', async () => {
  await t.stop();
  const loose = path.join(stateDir, 'loose.yaml');
  writeFileSync(loose, readFileSync(FIXTURE_CONFIG, 'utf8').replace('threshold: 0.8', 'threshold: 0.7'));
  t = await startTestServer({ stateDir, config: loose });
  const events = await checkFollows('another configuration');
  assert.ok(events.length > 0 && events.every((e) => e.cause === 'rerun'), 'the looser threshold merged clusters, said as rerun events');
  assert.ok(events.some((e) => e.type === 'cluster_merged'));
  await t.stop();
  t = await startTestServer({ stateDir, config: loose });
  assert.equal((await checkFollows('the same other configuration again')).length, 0);
});
