/** /match, /match/batch and POST /records over an unordered blocking key: a record with first name and surname transposed finds (and joins) its partner through that pass alone. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arr, call, obj, startTestServer, type TestServer } from './server-harness.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-match-unordered-'));
const csv = path.join(dir, 'people.csv');
const yaml = path.join(dir, 'people.yaml');
const PEOPLE = [
  ['Robert', 'Allen', '1970-01-02'],
  ['Mary', 'Jones', '1981-05-06'],
  ['Peter', 'Grant', '1990-09-09'],
  ['Ann', 'Lee', '1966-03-04'],
];
writeFileSync(csv, ['first_name,surname,dob', ...PEOPLE.map((p) => p.join(','))].join('\n') + '\n');
// The only pass: the two names as a set (no other pass holds a transposed record beside its partner).
writeFileSync(
  yaml,
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    swaps: [[first_name, surname]]
    fields:
      - {field: first_name, scorer: jaro_winkler, weight: 1, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, weight: 1, transforms: [lowercase]}
      - {field: dob, scorer: exact, weight: 1}
blocking:
  keys:
    - fields: [{field: first_name, transforms: [lowercase, soundex]}, {field: surname, transforms: [lowercase, soundex]}]
      unordered: true
`,
);

let t: TestServer;
before(async () => {
  t = await startTestServer({ file: csv, config: yaml });
});
after(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

const transposed = { first_name: 'Allen', surname: 'Robert', dob: '1970-01-02' };

test('/match finds a transposed record through the unordered pass', async () => {
  const r = await call(t.server.url, 'POST', '/match', transposed);
  assert.equal(r.status, 200);
  const matches = arr(obj(r.body).matches);
  assert.deepEqual(
    matches.map((m) => m.row_id),
    [0],
  );
  assert.equal(matches[0].score, 1);
});

test('/match/batch (matched on the workers) gives the same answers', async () => {
  const records = [transposed, { first_name: 'Jones', surname: 'Mary', dob: '1981-05-06' }, { first_name: 'Nobody', surname: 'Here', dob: '2000-01-01' }];
  const r = await call(t.server.url, 'POST', '/match/batch', { records });
  assert.equal(r.status, 200);
  const results = arr(obj(r.body).results);
  assert.deepEqual(
    results.map((x) => arr(x.matches).map((m) => m.row_id)),
    [[0], [1], []],
  );
});

test('an added transposed record joins its partner, and a second added one meets the first', async () => {
  const added = await call(t.server.url, 'POST', '/records', transposed);
  assert.equal(added.status, 201);
  assert.equal(obj(added.body).row_id, PEOPLE.length);
  assert.equal(Number(obj(added.body).cluster_id), t.server.state.current.clusters.clusterOf(0));
  const first = await call(t.server.url, 'POST', '/records', { first_name: 'Zed', surname: 'Quinn', dob: '2001-01-01' });
  const second = await call(t.server.url, 'POST', '/records', { first_name: 'QUINN', surname: 'zed', dob: '2001-01-01' });
  assert.equal(second.status, 201);
  assert.equal(obj(second.body).cluster_id, obj(first.body).cluster_id);
});

test('GET /suggest splits an oversized unordered block by a secondary key instead of adding a third field', async () => {
  const small = path.join(dir, 'small-blocks.yaml');
  writeFileSync(small, `${readFileSync(yaml, 'utf8')}  max_block_size: 2\n`);
  const file = path.join(dir, 'crowded.csv');
  writeFileSync(file, ['first_name,surname,dob', 'Robert,Allen,1', 'Allen,Robert,2', 'Robert,Allen,3', 'Mary,Jones,4'].join('\n') + '\n');
  const s = await startTestServer({ file, config: small });
  try {
    const list = arr(obj((await call(s.server.url, 'GET', '/suggest')).body).suggestions).filter((x) => x.kind === 'blocking');
    assert.deepEqual(
      list.map((x) => [x.target, x.current, x.proposed]),
      [['blocking.keys[0].split_by', [], ['dob']]],
    );
  } finally {
    await s.stop();
  }
});
