// The living-data benchmark's changes: deterministic for a seed, the shares honoured, each row touched once, and the requests and final table they imply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addBatchRequest, changeMix, changeRequest, changeRequests, pickRowIds, type SourceRow } from '../../bench/lib/change-mix.js';
import { csvCell, csvLine, finalTableLines } from '../../bench/lib/final-table.js';

const record = { rec_id: 'rec-1-org', given_name: 'adam', surname: 'salpipa', address_1: 'termorey close', suburb: 'galcarmal', postcode: '5206', date_of_birth: '19400725' };
const sources: SourceRow[] = Array.from({ length: 2000 }, (_, i) => ({ row: i * 3, record }));
const shares = { add: 0.4, update: 0.4, delete: 0.2 };

test('the same seed gives the same changes, another seed others', () => {
  const a = changeMix(sources, { shares, seed: 16, dropOnAdd: ['rec_id'] });
  assert.deepEqual(changeMix(sources, { shares, seed: 16, dropOnAdd: ['rec_id'] }), a);
  assert.notDeepEqual(changeMix(sources, { shares, seed: 17, dropOnAdd: ['rec_id'] }), a);
});

test('kinds come in about the shares; adds lose the id column, updates keep it and name their row', () => {
  const changes = changeMix(sources, { shares, seed: 3, dropOnAdd: ['rec_id'] });
  const count = (k: string): number => changes.filter((c) => c.kind === k).length;
  assert.ok(Math.abs(count('add') - 800) < 100, `adds ${count('add')}`);
  assert.ok(Math.abs(count('update') - 800) < 100, `updates ${count('update')}`);
  assert.ok(Math.abs(count('delete') - 400) < 80, `deletes ${count('delete')}`);
  changes.forEach((c, i) => {
    if (c.kind === 'add') assert.ok(!('rec_id' in c.record));
    else assert.equal(c.row, sources[i].row);
    if (c.kind === 'update') assert.equal(c.record.rec_id, 'rec-1-org');
  });
  // Perturbed like the /match queries: some updates differ from the row, some are copies.
  const updates = changes.flatMap((c) => (c.kind === 'update' ? [c.record] : []));
  assert.ok(updates.some((u) => JSON.stringify(u) !== JSON.stringify(record)));
  assert.ok(updates.some((u) => JSON.stringify(u) === JSON.stringify(record)));
});

test('shares of one kind give only that kind; bad shares are refused', () => {
  assert.ok(changeMix(sources.slice(0, 50), { shares: { add: 1, update: 0, delete: 0 }, seed: 1, dropOnAdd: [] }).every((c) => c.kind === 'add'));
  assert.throws(() => changeMix(sources, { shares: { add: 0, update: 0, delete: 0 }, seed: 1, dropOnAdd: [] }));
  assert.throws(() => changeMix(sources, { shares: { add: -1, update: 2, delete: 0 }, seed: 1, dropOnAdd: [] }));
});

test('row ids are distinct, in range, deterministic, and all of them when asked for all', () => {
  const ids = pickRowIds(1_000_000, 10_000, 7);
  assert.equal(new Set(ids).size, 10_000);
  assert.ok(ids.every((i) => Number.isInteger(i) && i >= 0 && i < 1_000_000));
  assert.deepEqual(pickRowIds(1_000_000, 10_000, 7), ids);
  assert.deepEqual([...pickRowIds(50, 50, 3)].sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => i));
  assert.throws(() => pickRowIds(10, 11, 1));
});

test('each change becomes its route; adds batch up to the size, updates and deletes go one by one', () => {
  assert.deepEqual(changeRequest({ kind: 'delete', row: 5 }), { method: 'DELETE', path: '/records/5' });
  const put = changeRequest({ kind: 'update', row: 9, record: { surname: 'lee' } });
  assert.equal(put.method, 'PUT');
  assert.equal(put.path, '/records/9');
  assert.deepEqual(JSON.parse(String(put.body)), { surname: 'lee' });
  const post = changeRequest({ kind: 'add', record: { surname: 'lee' } });
  assert.equal(post.method, 'POST');
  assert.deepEqual(JSON.parse(String(post.body)), { surname: 'lee' });
  const changes = changeMix(sources.slice(0, 100), { shares, seed: 5, dropOnAdd: ['rec_id'] });
  const requests = changeRequests(changes, 30);
  const adds = changes.filter((c) => c.kind === 'add').length;
  assert.equal(requests.length, Math.ceil(adds / 30) + (100 - adds));
  const batched = requests.filter((r) => r.method === 'POST').flatMap((r) => (JSON.parse(String(r.body)) as { records: unknown[] }).records);
  assert.equal(batched.length, adds);
  assert.deepEqual(JSON.parse(String(addBatchRequest([{ a: 'x' }]).body)), { records: [{ a: 'x' }] });
});

test('the final table: updates in place, deletes left out, adds after, missing columns empty, cells quoted when needed', () => {
  const header = ['id', 'name', 'city'];
  const lines = ['1,ann,york', '2,bob,leeds', '3,cy,hull'];
  const out = [
    ...finalTableLines(header, lines, [
      { kind: 'update', row: 0, record: { id: '1', name: 'anne' } },
      { kind: 'delete', row: 1 },
      { kind: 'add', record: { name: 'dee, jr', city: 'say "hi"' } },
    ]),
  ];
  assert.deepEqual(out, ['1,anne,', '3,cy,hull', ',"dee, jr","say ""hi"""']);
  assert.equal(csvCell('plain'), 'plain');
  assert.equal(csvLine(['a', 'b'], { b: 'x' }), ',x');
});
