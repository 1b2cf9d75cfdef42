/** A row with more or fewer cells than the header is a csv_invalid error naming its line (1-based, header = line 1). */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ingestCsv } from '../../src/data/ingest.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { csvDir, kindredError, loadError } from './csv-fixture.js';

const pool = new WorkerPool({ workers: 2 });
const files = csvDir();
after(async () => {
  files.remove();
  await pool.close();
});


test('a short row is csv_invalid with exit code 2, saying how many cells were expected and found', async () => {
  const path = files.write('short.csv', 'a,b\n1,2\n3\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'short.csv', 'expected 2 cells', 'found 1', '--lenient'));
});

test('a long row is csv_invalid too', async () => {
  const path = files.write('long.csv', 'a,b\n1,2,3\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'expected 2 cells', 'found 3'));
});

test('the message names the line of the ragged row', async () => {
  const path = files.write('line3.csv', 'a,b\n1,2\n3\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'line 3:'));
});

test('an embedded newline in an earlier record moves the ragged row one line down', async () => {
  const path = files.write('after-newline.csv', 'a,b\n"x\ny",1\n2\n');
  // Lines: 1 header, 2-3 the two-line record, 4 the ragged row.
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'line 4:'));
});

test('blank lines count as lines', async () => {
  const path = files.write('blank.csv', 'a,b\n1,2\n\n3\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'line 4:'));
});

test('a ragged row found by a later chunk of a parallel parse names the same line as a sequential parse', async () => {
  const lines = ['a,b'];
  for (let i = 0; i < 5000; i++) lines.push(i % 7 === 0 ? `"multi\nline ${i}",${i}` : `v${i},${i}`);
  lines.push('lonely');
  const path = files.write('late.csv', lines.join('\n') + '\n');
  const messageOf = (parallelThreshold: number): Promise<string> => loadError(() => ingestCsv(path, pool, { parallelThreshold }));
  const sequential = await messageOf(Number.POSITIVE_INFINITY);
  const parallel = await messageOf(0);
  assert.match(sequential, /line \d+:/);
  assert.equal(parallel, sequential);
});

test('the ragged row near the end of a large parallel parse is at its true line', async () => {
  const lines = ['a,b'];
  let physical = 1;
  for (let i = 0; i < 5000; i++) {
    const multi = i % 7 === 0;
    lines.push(multi ? `"multi\nline ${i}",${i}` : `v${i},${i}`);
    physical += multi ? 2 : 1;
  }
  lines.push('lonely');
  const path = files.write('late-true.csv', lines.join('\n') + '\n');
  await assert.rejects(ingestCsv(path, pool, { parallelThreshold: 0 }), kindredError('csv_invalid', `line ${physical + 1}:`));
});

test('a quoted value never closed is csv_invalid naming the line where it opened', async () => {
  const path = files.write('open-quote.csv', 'a,b\n1,"never closed\n2,3\n');
  await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'never closed'));
});
