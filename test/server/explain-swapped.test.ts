/** POST /explain and POST /match with a matchkey that crosses given name and surname: the crossed fields say which column they were read against. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arr, call, FIXTURE_CONFIG, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let dir: string;
const rows = fixtureRows();

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-swapped-'));
  const config = path.join(dir, 'swapped.yaml');
  writeFileSync(config, readFileSync(FIXTURE_CONFIG, 'utf8').replace('    fields:\n      - field: given_name', '    swaps: [[given_name, surname]]\n    fields:\n      - field: given_name'));
  t = await startTestServer({ config });
});
after(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('a record with given name and surname transposed explains as a match, its two name fields read crossed', async () => {
  const a = rows[0];
  const b = { ...a, given_name: a.surname, surname: a.given_name };
  const r = await call(t.server.url, 'POST', '/explain', { row_id_a: 0, record_b: b });
  assert.equal(r.status, 200);
  const e = obj(r.body);
  assert.equal(e.overall_score, 1);
  assert.equal(e.is_match, true);
  const fields = arr(e.field_scores);
  assert.deepEqual(
    fields.slice(0, 2).map((f) => [f.field, f.compared_with, f.value_a, f.value_b, f.score, f.weight]),
    [
      ['given_name', 'surname', a.given_name, a.given_name, 1, 0.3],
      ['surname', 'given_name', a.surname, a.surname, 1, 0.3],
    ],
  );
  assert.equal(fields.slice(2).some((f) => 'compared_with' in f), false);
  assert.match(String(e.explanation), new RegExp(`given_name against surname identical \\(${a.given_name}\\)`));
  // The same record written the right way round: nothing crossed.
  const plain = obj((await call(t.server.url, 'POST', '/explain', { row_id_a: 0, record_b: a })).body);
  assert.equal(arr(plain.field_scores).some((f) => 'compared_with' in f), false);
});

test('/match finds the row from its transposed copy, with the same score /explain gives', async () => {
  const a = rows[0];
  const b = { ...a, given_name: a.surname, surname: a.given_name };
  const r = await call(t.server.url, 'POST', '/match', { record: b, top_k: 3 });
  assert.equal(r.status, 200);
  const first = arr(obj(r.body).matches)[0];
  assert.equal(first.row_id, 0);
  assert.equal(first.score, 1);
});
