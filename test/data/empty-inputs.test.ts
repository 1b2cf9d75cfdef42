/** Degenerate files: empty (an error: the header row is required) and header-only (a table of 0 rows). */
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

test('an empty file is csv_invalid: a header row is required', async () => {
  const path = files.write('empty.csv', '');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'empty.csv', 'header'));
});

test('a file holding only a BOM is empty too', async () => {
  const path = files.write('bom-only.csv', '\ufeff');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'header'));
});

test('a blank first line is not a header', async () => {
  const path = files.write('blank-header.csv', '\na,b\n1,2\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'line 1'));
});

for (const [name, text] of [
  ['with a final newline', 'name,zip\n'],
  ['without a final newline', 'name,zip'],
  ['with CRLF', 'name,zip\r\n'],
] as const) {
  test(`a header-only file (${name}) loads as 0 rows with its columns`, async () => {
    const path = files.write(`header-only-${name.replace(/\W+/g, '-')}.csv`, text);
    const { store, skippedRows } = await ingestCsv(path, pool);
    assert.equal(store.rowCount, 0);
    assert.equal(skippedRows, 0);
    assert.deepEqual(store.names, ['name', 'zip']);
  });
}

test('a missing file is file_not_found', async () => {
  await assert.rejects(ingestCsv(`${files.dir}/nope.csv`, pool), kindredError('file_not_found', 'nope.csv'));
});
