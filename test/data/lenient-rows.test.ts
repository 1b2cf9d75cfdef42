/** With `lenient: true`, ragged rows are skipped and counted instead of failing the load. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ingestCsv } from '../../src/data/ingest.js';
import { fillChunk } from '../../src/data/ingest-tasks.js';
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

test('a skipped row at the end of a chunk writes nothing where the next chunk\'s first row goes, nor past the last row', async () => {
  // Two chunks counted by bytes, as lenient mode counts them: chunk 0 holds "ab,cd" and a ragged "zz"; chunk 1 holds ",ef".
  const text = 'ab,cd\nzz\n,ef\n';
  const file = new SharedArrayBuffer(text.length);
  new Uint8Array(file).set(Buffer.from(text));
  const columnBytes = [new SharedArrayBuffer(2), new SharedArrayBuffer(4)];
  const columnOffsets = [new SharedArrayBuffer(4 * 3), new SharedArrayBuffer(4 * 3)];
  const columnMissing = [new SharedArrayBuffer(1), new SharedArrayBuffer(1)];
  const shared = { file, columnBytes, columnOffsets, columnMissing };
  // Chunk 1 first, then chunk 0: what chunk 0's skipped row would have written lands after chunk 1's own writes.
  const second = fillChunk({ ...shared, start: 9, end: 13, firstRow: 1, columnStarts: [2, 2] });
  const first = fillChunk({ ...shared, start: 0, end: 9, firstRow: 0, columnStarts: [0, 0] });
  assert.deepEqual([first.rows, second.rows], [1, 1]);
  assert.deepEqual(first.ragged, { relLine: 1, cells: 1 });
  assert.deepEqual(Array.from(new Uint32Array(columnOffsets[0])).slice(0, 2), [0, 2]);
  assert.deepEqual(Array.from(new Uint32Array(columnOffsets[1])).slice(0, 2), [0, 2]);
  assert.equal(new Uint8Array(columnMissing[0])[0], 0b10, 'row 1\'s first cell stays missing');
  assert.equal(Buffer.from(columnBytes[0]).toString(), 'ab');
  assert.equal(Buffer.from(columnBytes[1]).toString(), 'cdef');
});

test('lenient mode: a skipped last row after a multiple of eight rows loads (it once touched a missing-bitmap byte past the last row)', async () => {
  const path = files.write('eight.csv', 'a,b\n' + '1,2\n'.repeat(8) + '3\n');
  const { store, skippedRows } = await ingestCsv(path, pool, { lenient: true });
  assert.equal(store.rowCount, 8);
  assert.equal(skippedRows, 1);
});
