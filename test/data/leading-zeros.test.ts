/** Values are strings exactly as written: no type inference changes a cell (02134 stays 02134). */
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

test('number-, date- and boolean-like cells keep their exact spelling', async () => {
  const path = files.write(
    'typed.csv',
    'zip,amount,flag,dob,big\n02134,1.50,TRUE,1990-01-02,12345678901234567890\n00000, 7 ,no,01/02/1990,1e3\n',
  );
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(cellsOf(store), [
    ['02134', '1.50', 'TRUE', '1990-01-02', '12345678901234567890'],
    ['00000', ' 7 ', 'no', '01/02/1990', '1e3'],
  ]);
});

test('non-ASCII text round-trips byte for byte', async () => {
  const path = files.write('utf8.csv', 'name\nJosé Müller\n北京\n');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(cellsOf(store), [['José Müller'], ['北京']]);
});
