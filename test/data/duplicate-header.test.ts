/** Column names must be unique and non-empty: a duplicate or blank name is a csv_invalid error on line 1. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ingestCsv } from '../../src/data/ingest.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { csvDir, kindredError } from './csv-fixture.js';

const pool = new WorkerPool({ workers: 2 });
const files = csvDir();
after(async () => {
  files.remove();
  await pool.close();
});

test('a name given twice is an error naming it and both positions', async () => {
  const path = files.write('dup.csv', 'name,zip,name\nA,1,B\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'line 1', '"name"', 'columns 1 and 3'));
});

test('names differing only by surrounding spaces are duplicates (names are trimmed)', async () => {
  const path = files.write('dup-space.csv', 'zip, zip\n1,2\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', '"zip"'));
});

test('names differing in case are distinct columns', async () => {
  const path = files.write('case.csv', 'Name,name\nA,b\n');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(store.names, ['Name', 'name']);
});

test('an empty column name is an error naming its position', async () => {
  const path = files.write('blank-name.csv', 'a,,c\n1,2,3\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'column 2'));
});
