/** RFC 4180 quoting: commas, doubled quotes and embedded line breaks inside quoted values, in LF and CRLF files. */
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

test('LF file: commas, doubled quotes and an embedded LF stay inside their value', async () => {
  const path = files.write(
    'lf.csv',
    'name,note,zip\n"Smith, Jon","he said ""hi""",10001\n"Ann\nLee",plain,"02134"\n',
  );
  const { store } = await ingestCsv(path, pool);
  assert.equal(store.rowCount, 2);
  assert.deepEqual(cellsOf(store), [
    ['Smith, Jon', 'he said "hi"', '10001'],
    ['Ann\nLee', 'plain', '02134'],
  ]);
});

test('CRLF file: line ends are not part of values; an embedded CRLF is kept as written', async () => {
  const path = files.write(
    'crlf.csv',
    'name,note,zip\r\n"Smith, Jon",x,10001\r\n"Ann\r\nLee",plain,02134\r\n',
  );
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(cellsOf(store), [
    ['Smith, Jon', 'x', '10001'],
    ['Ann\r\nLee', 'plain', '02134'],
  ]);
});

test('CRLF file: a quoted value in the middle column loses its quotes', async () => {
  const path = files.write('crlf-mid.csv', 'a,b,c\r\n1,"x,y",3\r\n');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(cellsOf(store), [['1', 'x,y', '3']]);
});

test(
  'CRLF file: a quoted value in the LAST column loses its closing quote',
  async () => {
    const path = files.write('crlf-last.csv', 'name,note\r\nAnn,"x"\r\nBob,"he said ""hi"""\r\n');
    const { store } = await ingestCsv(path, pool);
    assert.deepEqual(cellsOf(store), [
      ['Ann', 'x'],
      ['Bob', 'he said "hi"'],
    ]);
  },
);

test('a quoted empty value is missing, like an unquoted empty one', async () => {
  const path = files.write('quoted-empty.csv', 'a,b\n"",1\n');
  const { store } = await ingestCsv(path, pool);
  assert.deepEqual(cellsOf(store), [[null, '1']]);
});
