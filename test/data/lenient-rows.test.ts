/** With `lenient: true`, ragged rows are skipped and counted instead of failing the load. */
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

test('short and long rows are skipped, counted, and the good rows keep their order', async () => {
  const path = files.write('mixed.csv', 'a,b\n1,2\n3\n4,5\n6,7,8\n,9\n');
  const { store, skippedRows } = await ingestCsv(path, pool, { lenient: true });
  assert.equal(skippedRows, 2);
  assert.deepEqual(cellsOf(store), [
    ['1', '2'],
    ['4', '5'],
    [null, '9'],
  ]);
});

test('a skipped row leaves no trace in the missing bitmap of the row that takes its place', async () => {
  // Row 1 of the table comes after a skipped row whose first cell was empty.
  const path = files.write('bitmap.csv', 'a,b\nx,y\n,\n,1,2\nz,w\n');
  const { store, skippedRows } = await ingestCsv(path, pool, { lenient: true });
  assert.equal(skippedRows, 1);
  assert.deepEqual(cellsOf(store), [
    ['x', 'y'],
    [null, null],
    ['z', 'w'],
  ]);
});

test('lenient parsing split over many chunks skips the same rows as one chunk', async () => {
  const lines = ['id,name,zip'];
  for (let i = 0; i < 6000; i++) lines.push(i % 97 === 5 ? `${i},short` : `${i},"n, ${i}",${String(i % 1000).padStart(5, '0')}`);
  const path = files.write('many.csv', lines.join('\n') + '\n');
  const one = await ingestCsv(path, pool, { lenient: true, parallelThreshold: Number.POSITIVE_INFINITY });
  const many = await ingestCsv(path, pool, { lenient: true, parallelThreshold: 0 });
  const expectedSkipped = lines.slice(1).filter((l) => l.endsWith(',short')).length;
  assert.equal(one.skippedRows, expectedSkipped);
  assert.equal(many.skippedRows, expectedSkipped);
  assert.equal(many.store.rowCount, 6000 - expectedSkipped);
  assert.deepEqual(cellsOf(many.store), cellsOf(one.store));
});
