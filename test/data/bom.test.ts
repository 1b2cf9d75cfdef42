/** Ingest accepts a UTF-8 byte-order mark and keeps it out of the first column name. */
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

test('a BOM before the header is dropped: the first column is "name", not "\\ufeffname"', async () => {
  const path = files.write('bom.csv', '\ufeffname,zip\nAnn,10001\n');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(store.names, ['name', 'zip']);
  assert.equal(store.columnIndex('name'), 0);
  assert.deepEqual(cellsOf(store), [['Ann', '10001']]);
});

test('a BOM before a quoted first column name is dropped too', async () => {
  const path = files.write('bom-quoted.csv', '\ufeff"name",zip\nAnn,10001\n');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(store.names, ['name', 'zip']);
});

test('the bytes EF BB BF inside a value are kept (only a leading BOM is special)', async () => {
  const path = files.write('inner.csv', 'name,zip\n\ufeffAnn,10001\n');
  const { store } = await ingestCsv(path, pool);
  assert.equal(store.get(0, 0), '\ufeffAnn');
});
