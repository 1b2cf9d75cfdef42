/** One scorer for every surface: /match, /explain, /clusters/:id pair_scores and /reviews report the same number for the same pair. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, clusterDetails, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
const rows = fixtureRows();
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

async function matchScore(a: number, b: number): Promise<number | undefined> {
  const r = await call(t.server.url, 'POST', '/match', { record: rows[a], top_k: 1000 });
  assert.equal(r.status, 200);
  const hit = arr(obj(r.body).matches).find((m) => m.row_id === b);
  return hit === undefined ? undefined : Number(hit.score);
}

async function explain(a: number, b: number): Promise<Record<string, unknown>> {
  const r = await call(t.server.url, 'POST', '/explain', { row_id_a: a, row_id_b: b });
  assert.equal(r.status, 200);
  return obj(r.body);
}

async function explainScore(a: number, b: number): Promise<number> {
  return Number((await explain(a, b)).overall_score);
}

test('pairs inside clusters: pair_scores = /explain = /match (both directions)', async () => {
  const pairs = (await clusterDetails(t.server.url, 2)).flatMap((d) => Object.entries(obj(d.pair_scores))).slice(0, 12);
  assert.ok(pairs.length >= 3);
  for (const [id, s] of pairs) {
    const [a, b] = id.split('-').map(Number);
    const score = Number(s);
    assert.equal(await explainScore(a, b), score, `${id} /explain`);
    assert.equal(await explainScore(b, a), score, `${id} /explain reversed`);
    assert.equal(await matchScore(a, b), score, `${id} /match a→b`);
    assert.equal(await matchScore(b, a), score, `${id} /match b→a`);
  }
});

test('review items: /reviews score = /explain, and = /match when the pair matches', async () => {
  const queue = arr(obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body).queue).slice(0, 12);
  assert.ok(queue.length > 0);
  for (const q of queue) {
    const [a, b, score] = [Number(q.id_a), Number(q.id_b), Number(q.score)];
    const e = await explain(a, b);
    assert.equal(e.overall_score, score, `${String(q.id)} /explain`);
    const m = await matchScore(a, b);
    // Whether the pair matches is /explain's is_match (the threshold boundary has its own test).
    if (e.is_match === true) assert.equal(m, score, `${String(q.id)} /match`);
    else assert.equal(m, undefined, `${String(q.id)} is below the threshold, so /match must not return it`);
  }
});
