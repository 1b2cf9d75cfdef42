/** An empty cell is a missing value (null), wherever it sits in the row. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ingestCsv } from '../../src/data/ingest.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { cellsOf, csvDir } from './csv-fixture.js';

const pool = new WorkerPool({ workers: 2 });
const files = csvDir();
after(async () => {
  files.remove();
  await pool.close();
});

test('empty first, middle and last cells are null; a space is a value', async () => {
  const path = files.write('missing.csv', 'a,b,c\n,2,3\n1,,3\n1,2,\n,,\n" ",x,y\n');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(cellsOf(store), [
    [null, '2', '3'],
    ['1', null, '3'],
    ['1', '2', null],
    [null, null, null],
    [' ', 'x', 'y'],
  ]);
  assert.equal(store.columns[1].isMissing(1), true);
  assert.equal(store.columns[1].isMissing(0), false);
});

test('an empty last cell without a final newline is missing too', async () => {
  const path = files.write('no-final-newline.csv', 'a,b\n1,');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(cellsOf(store), [['1', null]]);
});

test('record() reports missing cells as null', async () => {
  const path = files.write('record.csv', 'name,zip\nAnn,\n');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(store.record(0), { name: 'Ann', zip: null });
});
