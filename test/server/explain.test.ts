/** POST /explain: by records, by row ids, mixed; one element per configured field; deterministic sentence; unknown row → 404. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, clusterDetails, errorCode, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let pair: { a: number; b: number; score: number };
const rows = fixtureRows();

before(async () => {
  t = await startTestServer();
  const c = (await clusterDetails(t.server.url, 2))[0];
  const [id, score] = Object.entries(obj(c.pair_scores))[0];
  const [a, b] = id.split('-').map(Number);
  pair = { a, b, score: Number(score) };
});
after(() => t.stop());

test('by row ids: the pair score, threshold, matchkey and one element per configured field', async () => {
  const r = await call(t.server.url, 'POST', '/explain', { row_id_a: pair.a, row_id_b: pair.b });
  assert.equal(r.status, 200);
  const e = obj(r.body);
  assert.equal(e.overall_score, pair.score);
  assert.equal(e.threshold, 0.8);
  assert.equal(e.is_match, true);
  assert.equal(e.matchkey, 'person_fuzzy');
  const fields = arr(e.field_scores);
  assert.deepEqual(fields.map((f) => f.field), ['given_name', 'surname', 'date_of_birth', 'postcode', 'suburb']);
  assert.deepEqual(fields.map((f) => f.scorer), ['jaro_winkler', 'jaro_winkler', 'levenshtein', 'exact', 'jaro_winkler']);
  assert.deepEqual(fields.map((f) => f.weight), [0.3, 0.3, 0.2, 0.1, 0.1]);
  for (const f of fields) {
    assert.equal(f.value_a, rows[pair.a][String(f.field)]);
    assert.equal(f.value_b, rows[pair.b][String(f.field)]);
    if (f.value_a === null || f.value_b === null) assert.equal(f.score, null);
    else assert.ok(Number(f.score) >= 0 && Number(f.score) <= 1);
  }
  assert.equal(typeof e.explanation, 'string');
  assert.match(String(e.explanation), /^Match/);
});

test('by records and mixed give the same numbers as by row ids', async () => {
  const byIds = obj((await call(t.server.url, 'POST', '/explain', { row_id_a: pair.a, row_id_b: pair.b })).body);
  const byRecords = await call(t.server.url, 'POST', '/explain', { record_a: rows[pair.a], record_b: rows[pair.b] });
  const mixed = await call(t.server.url, 'POST', '/explain', { row_id_a: pair.a, record_b: rows[pair.b] });
  assert.equal(byRecords.status, 200);
  assert.equal(mixed.status, 200);
  assert.deepEqual(byRecords.body, byIds);
  assert.deepEqual(mixed.body, byIds);
});

test('the sentence is deterministic and differs for a non-matching pair', async () => {
  const one = obj((await call(t.server.url, 'POST', '/explain', { row_id_a: pair.a, row_id_b: pair.b })).body);
  const two = obj((await call(t.server.url, 'POST', '/explain', { row_id_a: pair.a, row_id_b: pair.b })).body);
  assert.equal(one.explanation, two.explanation);
  const far = obj((await call(t.server.url, 'POST', '/explain', { record_a: { given_name: 'ann', surname: 'lee' }, record_b: { given_name: 'zoltan', surname: 'kowalczyk' } })).body);
  assert.equal(far.is_match, false);
  assert.notEqual(far.explanation, one.explanation);
  assert.doesNotMatch(String(far.explanation), /^Match/);
});

test('an unknown row id answers 404; bad shapes answer 400', async () => {
  for (const body of [{ row_id_a: 0, row_id_b: 300 }, { row_id_a: -1, row_id_b: 1 }]) {
    const unknown = await call(t.server.url, 'POST', '/explain', body);
    assert.equal(unknown.status, 404, JSON.stringify(body));
    assert.equal(errorCode(unknown.body), 'not_found');
  }
  for (const body of [{ row_id_a: 0 }, { row_id_a: 'x', row_id_b: 1 }, { row_id_a: 1.5, row_id_b: 2 }, { record_a: 'x', record_b: {} }]) {
    const r = await call(t.server.url, 'POST', '/explain', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(errorCode(r.body), 'invalid_request');
  }
});
