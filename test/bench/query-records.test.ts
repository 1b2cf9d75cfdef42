// Benchmark query records: deterministic for a seed, the mix honoured, ids dropped, typos and dropped fields where the mix says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perturbRows, seededRandom, typo } from '../../bench/lib/query-records.js';
import { splitCsvLine } from '../../bench/lib/csv-row-sample.js';

const row = { rec_id: 'rec-1-org', given_name: 'adam', surname: 'salpipa', address_1: 'termorey close', suburb: 'galcarmal', postcode: '5206', date_of_birth: '19400725' };
const rows = Array.from({ length: 1000 }, () => row);

test('the same seed gives the same queries, another seed others', () => {
  const a = perturbRows(rows, { mix: { exact: 0.4, oneTypo: 0.4 }, seed: 7, drop: ['rec_id'] });
  assert.deepEqual(perturbRows(rows, { mix: { exact: 0.4, oneTypo: 0.4 }, seed: 7, drop: ['rec_id'] }), a);
  assert.notDeepEqual(perturbRows(rows, { mix: { exact: 0.4, oneTypo: 0.4 }, seed: 8, drop: ['rec_id'] }), a);
});

test('ids are dropped, and exact copies, one-typo and typo-plus-missing queries come in about the shares of the mix', () => {
  const qs = perturbRows(rows, { mix: { exact: 0.4, oneTypo: 0.4 }, seed: 3, drop: ['rec_id'] });
  assert.ok(qs.every((q) => !('rec_id' in q)));
  const { rec_id: _id, ...plain } = row;
  const exact = qs.filter((q) => JSON.stringify(q) === JSON.stringify(plain)).length;
  const missing = qs.filter((q) => Object.keys(q).length < Object.keys(plain).length).length;
  // A typo can leave a value unchanged (swapping equal letters), so exact copies are at least 40%.
  assert.ok(exact >= 340 && exact <= 480, `exact ${exact}`);
  assert.ok(missing >= 150 && missing <= 250, `missing ${missing}`);
});

test('a typo changes a value by one edit; short values are left alone', () => {
  const random = seededRandom(1);
  for (let i = 0; i < 200; i++) {
    const t = typo('salpipa', random);
    assert.ok(t.length === 6 || t.length === 7, t);
  }
  assert.equal(typo('a', random), 'a');
});

test('CSV lines split on commas outside quotes', () => {
  assert.deepEqual(splitCsvLine('a,"b,c",,d'), ['a', 'b,c', '', 'd']);
  assert.deepEqual(splitCsvLine('"say ""hi""",x'), ['say "hi"', 'x']);
});
