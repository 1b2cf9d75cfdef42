/** A file without quotes is counted by its lines and filled with each chunk at its own offset, then compacted: the same table, errors and lines as the byte-counting path. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { countLines } from '../../src/data/csv-bytes.js';
import { ingestCsv } from '../../src/data/ingest.js';
import { compactColumn, countChunk, countsByLines } from '../../src/data/ingest-tasks.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { cellsOf, csvDir, kindredError, loadError, randomTable } from './csv-fixture.js';

const pool = new WorkerPool({ workers: 2 });
const files = csvDir();
after(async () => {
  files.remove();
  await pool.close();
});

const shared = (text: string): SharedArrayBuffer => {
  const bytes = Buffer.from(text);
  const file = new SharedArrayBuffer(bytes.length);
  new Uint8Array(file).set(bytes);
  return file;
};

test('countLines: records and line feeds as the parse counts them, blank lines and a lone CR at the end included', () => {
  const cases: Array<[string, number, number]> = [
    ['a,b\nc,d\n', 2, 2],
    ['a,b\n\nc,d', 2, 2],
    ['a,b\r\n\r\nc,d\r\n', 2, 3],
    ['\n\n', 0, 2],
    ['x\r', 1, 0],
    ['x\n\r', 1, 2],
    [' \n', 1, 1],
    ['', 0, 0],
  ];
  for (const [text, rows, newlines] of cases) {
    assert.deepEqual(countLines(Buffer.from(text), 0, Buffer.byteLength(text)), { rows, newlines }, JSON.stringify(text));
    // The byte-counting pass agrees on both.
    const exact = countChunk({ file: shared(text), start: 0, end: Buffer.byteLength(text), columns: 2, lenient: true });
    assert.equal(exact.newlines, newlines, JSON.stringify(text));
  }
});

test('countChunk counts a chunk by its lines only without quotes, in strict mode, and unless told to count exactly', () => {
  const text = 'a,b\nc,d\n';
  const file = shared(text);
  const task = { file, start: 0, end: text.length, columns: 2, lenient: false };
  assert.equal(countChunk(task).bytesPerColumn, null);
  assert.deepEqual(countChunk({ ...task, exact: true }).bytesPerColumn, [2, 2]);
  assert.deepEqual(countChunk({ ...task, lenient: true }).bytesPerColumn, [2, 2]);
  const quoted = shared('"a",b\n');
  assert.deepEqual(countChunk({ file: quoted, start: 0, end: 6, columns: 2, lenient: false }).bytesPerColumn, [1, 1]);
});

test('countsByLines: chosen once, by the first count, from how much of the file was read; a file counted by bytes counts every chunk by bytes', () => {
  const state = (readKiB: number, totalKiB: number): SharedArrayBuffer => {
    const b = new SharedArrayBuffer(12);
    new Int32Array(b).set([readKiB, 0, totalKiB]);
    return b;
  };
  const early = state(10, 1000);
  assert.equal(countsByLines(early), false);
  new Int32Array(early)[0] = 1000;
  assert.equal(countsByLines(early), false, 'the choice made by the first count stands');
  assert.equal(countsByLines(state(500, 1000)), true);
  assert.equal(countsByLines(state(0, 0)), true);
  const text = 'a,b\nc,d\n';
  const task = { file: shared(text), start: 0, end: text.length, columns: 2, lenient: false };
  assert.deepEqual(countChunk({ ...task, byLines: state(0, 1000) }).bytesPerColumn, [2, 2]);
  assert.equal(countChunk({ ...task, byLines: state(1000, 1000) }).bytesPerColumn, null);
});

test('compactColumn copies each chunk behind the one before into the file\'s buffer and moves its offsets by as much', () => {
  const bytes = new SharedArrayBuffer(16);
  const offsets = new SharedArrayBuffer(4 * 5);
  const b = new Uint8Array(bytes);
  b.set(Buffer.from('ab'), 0); // chunk 0 at offset 0: rows 0 ("a") and 1 ("b")
  b.set(Buffer.from('cde'), 6); // chunk 1 at offset 6: rows 2 ("c") and 3 ("de")
  new Uint32Array(offsets).set([0, 1, 6, 7]);
  const file = new SharedArrayBuffer(12);
  const end = compactColumn({ bytes, offsets, rowCount: 4, chunks: [{ from: 0, end: 2, firstRow: 0, rows: 2 }, { from: 6, end: 9, firstRow: 2, rows: 2 }], into: file, at: 4 });
  assert.equal(end, 9);
  assert.deepEqual(Array.from(new Uint32Array(offsets)), [4, 5, 6, 7, 9]);
  assert.equal(Buffer.from(file).subarray(4, 9).toString(), 'abcde');
});

// Cells without quotes: words, digits, non-ASCII, empty (missing) and spaces.
const cell = fc.oneof(
  fc.constantFrom('', ' ', 'Zoë', 'O Neil', '007', 'a b', '€'),
  fc.stringMatching(/^[a-z0-9]{1,12}$/),
);

test('property: many chunks filled at their offsets and compacted give the cells of the byte-counting parse, for any table without quotes', async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(
      randomTable(cell, { maxLength: 400 }, () => ({ crlf: fc.boolean(), blanks: fc.array(fc.nat(), { maxLength: 5 }), trailing: fc.boolean() })),
      async ({ columns, rows, crlf, blanks, trailing }) => {
        const nl = crlf ? '\r\n' : '\n';
        // A one-column row whose only cell is empty would be a blank line: not a row.
        const kept = columns === 1 ? rows.filter((r) => r[0] !== '') : rows;
        const lines = [Array.from({ length: columns }, (_, c) => `c${c}`).join(','), ...kept.map((r) => r.join(','))];
        for (const b of blanks) lines.splice(1 + (b % (lines.length)), 0, '');
        const path = files.write(`gapped-${runs++}.csv`, lines.join(nl) + (trailing ? nl : ''));
        const gapped = await ingestCsv(path, pool, { parallelThreshold: 0 });
        // Lenient mode counts every column's bytes: the other path, on the same chunks.
        const exact = await ingestCsv(path, pool, { parallelThreshold: 0, lenient: true });
        // A small file is read whole before its first count: counted by lines.
        assert.equal(gapped.countedBy, 'lines');
        assert.equal(exact.countedBy, 'bytes');
        const one = await ingestCsv(path, pool, { parallelThreshold: Number.POSITIVE_INFINITY });
        assert.equal(gapped.store.rowCount, kept.length);
        assert.deepEqual(cellsOf(gapped.store), cellsOf(exact.store));
        assert.deepEqual(cellsOf(gapped.store), cellsOf(one.store));
        assert.deepEqual(
          cellsOf(gapped.store),
          kept.map((r) => r.map((v) => (v === '' ? null : v))),
        );
        // Compacted: each column's offsets rise, span its byte total, and follow the column before.
        for (let c = 0; c < columns; c++) {
          const col = gapped.store.columns[c];
          const total = kept.reduce((s, r) => s + Buffer.byteLength(r[c]), 0);
          assert.equal(col.offsets[gapped.store.rowCount] - col.offsets[0], total);
          if (c > 0) assert.equal(col.offsets[0], gapped.store.columns[c - 1].offsets[gapped.store.rowCount]);
          for (let r = 0; r < gapped.store.rowCount; r++) assert.ok(col.offsets[r] <= col.offsets[r + 1]);
        }
      },
    ),
    { numRuns: 60 },
  );
});

test('a ragged row in a later chunk of a file without quotes names the line a one-chunk parse names (the first of two)', async () => {
  const lines = ['a,b,c'];
  for (let i = 0; i < 20_000; i++) {
    if (i === 12_000) lines.push('');
    lines.push(i === 15_000 ? `short,${i}` : i === 18_000 ? `too,many,cells,${i}` : `v${i},${i},w`);
  }
  const path = files.write('ragged-gapped.csv', lines.join('\n') + '\n');
  const messageOf = (parallelThreshold: number): Promise<string> => loadError(() => ingestCsv(path, pool, { parallelThreshold }));
  // Header (line 1), 15,000 rows and one blank line before it: line 15,003.
  await assert.rejects(ingestCsv(path, pool, { parallelThreshold: 0 }), kindredError('csv_invalid', 'line 15003:', 'found 2'));
  assert.equal(await messageOf(0), await messageOf(Number.POSITIVE_INFINITY));
});

test('a file with quotes in one chunk only is counted exactly in every chunk, and reads as one chunk does', async () => {
  const lines = ['a,b'];
  for (let i = 0; i < 20_000; i++) lines.push(i === 19_990 ? `"x, ""quoted""",${i}` : `v${i},${i}`);
  const path = files.write('late-quote.csv', lines.join('\n') + '\n');
  const many = await ingestCsv(path, pool, { parallelThreshold: 0 });
  const one = await ingestCsv(path, pool, { parallelThreshold: Number.POSITIVE_INFINITY });
  assert.equal(many.countedBy, 'bytes');
  assert.deepEqual(cellsOf(many.store), cellsOf(one.store));
  assert.equal(cellsOf(many.store)[19_990][0], 'x, "quoted"');
});

test('when the system refuses to reserve a buffer the size of the body for each column, every chunk is counted by its bytes instead', async () => {
  const lines = ['a,b,c'];
  for (let i = 0; i < 5_000; i++) lines.push(`v${i},${i % 97},w${i % 13}`);
  const text = lines.join('\n') + '\n';
  const path = files.write('no-room.csv', text);
  const body = Buffer.byteLength(text) - Buffer.byteLength('a,b,c\n');
  const Real = globalThis.SharedArrayBuffer;
  // Only the main thread's allocations are refused, and only at the body's size: the gapped columns' size.
  class Refusing extends Real {
    constructor(length: number) {
      if (length === body) throw new RangeError('Array buffer allocation failed');
      super(length);
    }
  }
  globalThis.SharedArrayBuffer = Refusing as SharedArrayBufferConstructor;
  let refused;
  try {
    refused = await ingestCsv(path, pool, { parallelThreshold: 0 });
  } finally {
    globalThis.SharedArrayBuffer = Real;
  }
  const plain = await ingestCsv(path, pool, { parallelThreshold: 0 });
  assert.equal(plain.countedBy, 'lines');
  assert.equal(refused.countedBy, 'bytes');
  assert.deepEqual(cellsOf(refused.store), cellsOf(plain.store));
});
