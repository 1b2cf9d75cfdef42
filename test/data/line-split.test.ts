/** Splitting at line starts without reading the file: a split that falls inside a quoted cell is caught by the chunks' quote counts and redone by quote parity. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { countQuotes, lineSplitPoints } from '../../src/data/csv-bytes.js';
import { ingestCsv } from '../../src/data/ingest.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { cellsOf, csvDir } from './csv-fixture.js';

const pool = new WorkerPool({ workers: 2 });
const files = csvDir();
after(async () => {
  files.remove();
  await pool.close();
});

test('line splits start lines, rise strictly and end at the end', () => {
  const buf = Buffer.from('h\n' + 'abc\n'.repeat(100));
  const points = lineSplitPoints(buf, 2, buf.length, 8);
  assert.equal(points[0], 2);
  assert.equal(points[points.length - 1], buf.length);
  assert.ok(points.length > 3);
  for (let k = 1; k + 1 < points.length; k++) {
    assert.equal(buf[points[k] - 1], 0x0a, `split ${k} follows a line feed`);
    assert.ok(points[k] > points[k - 1]);
  }
  assert.deepEqual(lineSplitPoints(Buffer.from('h\nonly-one-line'), 2, 15, 4), [2, 15]);
});

test('quotes are counted in a range, doubled ones included', () => {
  const buf = Buffer.from('a,"b""c",d\n"e"\n');
  assert.equal(countQuotes(buf, 0, buf.length), 6);
  assert.equal(countQuotes(buf, 0, 11), 4);
  assert.equal(countQuotes(buf, 11, buf.length), 2);
});

test('a file whose line splits all fall inside one long quoted cell parses exactly like one chunk', async () => {
  // The middle 90 % of the file is one quoted cell of many lines: every line split lands inside it.
  const inner = Array.from({ length: 20_000 }, (_, i) => `line ${i}, with "" a quote`).join('\n');
  const text = `a,b\n1,x\n2,"${inner}"\n3,y\n`;
  const path = files.write('long-cell.csv', text);
  const one = await ingestCsv(path, pool, { parallelThreshold: Number.POSITIVE_INFINITY });
  let units = 0;
  const many = await ingestCsv(path, pool, { parallelThreshold: 0, onProgress: (_done, total) => (units = total) });
  // Two units (count, fill) per chunk: still parsed as several chunks, not the one-chunk last resort.
  assert.ok(units > 2, `${units / 2} chunk(s)`);
  assert.equal(many.store.rowCount, 3);
  assert.equal(many.store.get(1, 1), inner.replace(/""/g, '"'));
  assert.deepEqual(cellsOf(many.store), cellsOf(one.store));
});
