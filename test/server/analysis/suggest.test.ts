// GET /suggest over a real server: shape, determinism, and the sparse-field rule on a column that is mostly empty.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, startFixtureServer, type FixtureServer } from './analysis-server.js';
import { missingRate } from '../../../src/server/analysis/column-missing.js';

let t: FixtureServer;
before(async () => {
  t = await startFixtureServer();
});
after(async () => {
  await t.stop();
});

interface Suggestion {
  id: string;
  kind: string;
  target: string;
  current: unknown;
  proposed: unknown;
  rationale: string;
  evidence: Record<string, unknown>;
}

test('suggestions have the contract shape, unique ids and the same answer twice', async () => {
  const a = await call(`${t.url}/suggest`, 'GET');
  const b = await call(`${t.url}/suggest`, 'GET');
  assert.equal(a.status, 200);
  assert.deepEqual(a.body, b.body);
  const list = a.body.suggestions as Suggestion[];
  assert.ok(Array.isArray(list));
  assert.equal(new Set(list.map((s) => s.id)).size, list.length);
  for (const s of list) {
    assert.deepEqual(Object.keys(s), ['id', 'kind', 'target', 'current', 'proposed', 'rationale', 'evidence']);
    assert.ok(s.rationale.length > 0);
    if (s.kind === 'threshold') {
      assert.ok(typeof s.proposed === 'number' && s.proposed !== s.current);
      assert.match(s.target, /^matchkeys\[.+\]\.threshold$/);
    }
  }
});

test('a compared field is flagged for reweighting exactly when it is missing on more than 30% of rows', async () => {
  const store = t.server.state.current.run.store;
  const list = (await call(`${t.url}/suggest`, 'GET')).body.suggestions as Suggestion[];
  for (const field of ['given_name', 'surname', 'date_of_birth', 'postcode', 'suburb']) {
    const sparse = missingRate(store, store.columnIndex(field)) > 0.3;
    assert.equal(list.some((s) => s.id === `reweight-person_fuzzy-${field}`), sparse, field);
  }
});

test('a POST is 405 and lists GET', async () => {
  const r = await call(`${t.url}/suggest`, 'POST', {});
  assert.equal(r.status, 405);
});
