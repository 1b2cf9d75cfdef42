// POST /certify-recall over a real server: the contract's shape, one system per compared column, determinism.
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

test('the certificate has the contract shape and one system per compared column', async () => {
  const r = await call(`${t.url}/certify-recall`, 'POST', {});
  assert.equal(r.status, 200);
  const b = r.body;
  for (const key of ['estimated_recall', 'estimable', 'n_systems', 'found_pairs', 'system_overlap', 'note']) assert.ok(key in b, key);
  // The fixture configuration compares five columns.
  assert.equal(b.n_systems, 5);
  assert.deepEqual(b.systems, ['given_name', 'surname', 'date_of_birth', 'postcode', 'suburb']);
  assert.equal(typeof b.note, 'string');
  assert.ok((b.found_pairs as number) > 0);
  assert.ok((b.system_overlap as number) >= 0 && (b.system_overlap as number) <= 1);
  if (b.estimable) {
    assert.equal(typeof b.estimated_recall, 'number');
    assert.ok((b.estimated_recall as number) > 0 && (b.estimated_recall as number) <= 1);
  } else {
    assert.equal(b.estimated_recall, null);
  }
});

test('the certificate is the same on every call and a body is ignored', async () => {
  const a = await call(`${t.url}/certify-recall`, 'POST', {});
  const b = await call(`${t.url}/certify-recall`, 'POST', { anything: 1 });
  assert.deepEqual(a.body, b.body);
});

test('on the fixture the estimate is made and lies in (0, 1]', async () => {
  const r = await call(`${t.url}/certify-recall`, 'POST', {});
  assert.equal(r.body.estimable, true, String(r.body.note));
  const recall = r.body.estimated_recall as number;
  assert.ok(recall > 0 && recall <= 1);
});
