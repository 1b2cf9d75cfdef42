// POST /retrieve over a real server: ranking, shape, column/filters/threshold/k, errors, determinism.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, startFixtureServer, type FixtureServer } from './analysis-server.js';

let t: FixtureServer;
before(async () => {
  t = await startFixtureServer();
});
after(async () => {
  await t.stop();
});

interface Hit {
  row_id: number;
  score: number;
  record: Record<string, string | null>;
}

test('an exact copy of a stored surname ranks that record first with score 1', async () => {
  const rec = t.server.state.current.record(5);
  const surname = rec.surname as string;
  const r = await call(`${t.url}/retrieve`, 'POST', { query: surname, column: 'surname', k: 3 });
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body), ['query', 'column', 'count', 'results']);
  assert.equal(r.body.query, surname);
  assert.equal(r.body.column, 'surname');
  const results = r.body.results as Hit[];
  assert.equal(r.body.count, results.length);
  assert.ok(results.length >= 1 && results.length <= 3);
  assert.equal(results[0].record.surname, surname);
  assert.equal(results[0].score, 1);
  assert.deepEqual(Object.keys(results[0]), ['row_id', 'score', 'record']);
  for (let i = 1; i < results.length; i++) {
    assert.ok(results[i - 1].score > results[i].score || (results[i - 1].score === results[i].score && results[i - 1].row_id < results[i].row_id));
  }
});

test('without column the joined matching columns are searched; the answer is deterministic', async () => {
  const rec = t.server.state.current.record(9);
  const query = `${rec.given_name} ${rec.surname} ${rec.postcode}`;
  const first = await call(`${t.url}/retrieve`, 'POST', { query });
  const second = await call(`${t.url}/retrieve`, 'POST', { query });
  assert.equal(first.status, 200);
  assert.equal(first.body.column, null);
  assert.deepEqual(first.body, second.body);
  const results = first.body.results as Hit[];
  assert.ok(results.length <= 10, 'k defaults to 10');
  assert.ok(results.some((h) => h.row_id === 9), 'the record the query was built from is found');
});

test('filters keep only exact matches and threshold drops weak scores', async () => {
  const rec = t.server.state.current.record(12);
  const postcode = rec.postcode as string;
  const r = await call(`${t.url}/retrieve`, 'POST', { query: rec.surname, column: 'surname', k: 1000, filters: { postcode } });
  assert.equal(r.status, 200);
  const results = r.body.results as Hit[];
  assert.ok(results.length >= 1);
  for (const h of results) assert.equal(h.record.postcode, postcode);
  const strict = await call(`${t.url}/retrieve`, 'POST', { query: 'zzqx', column: 'surname', threshold: 0.9 });
  for (const h of strict.body.results as Hit[]) assert.ok(h.score >= 0.9);
  const k1 = await call(`${t.url}/retrieve`, 'POST', { query: rec.surname, column: 'surname', k: 1 });
  assert.equal((k1.body.results as Hit[]).length, 1);
});

test('an unknown column or filter column is 400 invalid_request naming the valid columns', async () => {
  const r = await call(`${t.url}/retrieve`, 'POST', { query: 'x', column: 'nope' });
  assert.equal(r.status, 400);
  const err = r.body.error as { code: string; message: string };
  assert.equal(err.code, 'invalid_request');
  assert.match(err.message, /surname/);
  assert.match(err.message, /given_name/);
  const f = await call(`${t.url}/retrieve`, 'POST', { query: 'x', filters: { nope: 'a' } });
  assert.equal(f.status, 400);
});

test('a missing query, k above 1000 or a non-object body is 400', async () => {
  for (const body of [{}, { query: '' }, { query: 'a', k: 1001 }, { query: 'a', k: 0 }, ['a']]) {
    const r = await call(`${t.url}/retrieve`, 'POST', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal((r.body.error as { code: string }).code, 'invalid_request');
  }
});
