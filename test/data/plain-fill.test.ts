/** A chunk without quotes filled by the one-loop fill writes exactly what the general parse writes, with every column stored or only some. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fillChunk, type FillResult, type FillTask } from '../../src/data/ingest-tasks.js';

interface Filled {
  result: FillResult;
  bytes: Uint8Array[];
  offsets: Uint32Array[];
  missing: Uint8Array[];
}

/** Fills `text` as one chunk into fresh columns sized by the text (room for any column), starting each column at `at` and row `firstRow`. */
function fill(text: Uint8Array, columns: number, plain: boolean, columnOf?: number[], at = 3, firstRow = 5): Filled {
  const file = new SharedArrayBuffer(Math.max(1, text.length));
  new Uint8Array(file).set(text);
  const stored = columnOf === undefined ? columns : columnOf.filter((k) => k >= 0).length;
  const rows = firstRow + text.length + 1;
  const columnBytes = Array.from({ length: stored }, () => new SharedArrayBuffer(at + text.length + 1));
  const columnOffsets = Array.from({ length: stored }, () => new SharedArrayBuffer(4 * (rows + 1)));
  const columnMissing = Array.from({ length: stored }, () => new SharedArrayBuffer((rows + 7) >> 3));
  const task: FillTask = { file, start: 0, end: text.length, firstRow, columnStarts: new Array<number>(stored).fill(at), columnBytes, columnOffsets, columnMissing, plain, columnOf };
  const result = fillChunk(task);
  return { result, bytes: columnBytes.map((b) => new Uint8Array(b)), offsets: columnOffsets.map((b) => new Uint32Array(b)), missing: columnMissing.map((b) => new Uint8Array(b)) };
}

/** What a fill stored for column `k`: each row's cell (null when missing), and where the column ended. */
function cells(f: Filled, k: number, firstRow = 5): { cells: Array<string | null>; end: number } {
  const out: Array<string | null> = [];
  for (let r = firstRow; r < firstRow + f.result.rows; r++) {
    const isMissing = (f.missing[k][r >> 3] & (1 << (r & 7))) !== 0;
    const from = f.offsets[k][r];
    const to = r + 1 < firstRow + f.result.rows ? f.offsets[k][r + 1] : f.result.columnEnds[k];
    out.push(isMissing ? (from === to ? null : `missing with bytes ${from}..${to}`) : Buffer.from(f.bytes[k].subarray(from, to)).toString('latin1'));
  }
  return { cells: out, end: f.result.columnEnds[k] };
}

// Bytes without a quote, weighted toward the ones that end cells and records.
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(',', '\n', '\r\n', '\r', ',,', '\n\n', ' ') },
  { weight: 6, arbitrary: fc.constantFrom('a', 'Zoë', '007', 'x y', '€', 'O Neil') },
);
const chunkText = fc.array(piece, { maxLength: 60 }).map((parts) => Buffer.from(parts.join('')));

test('property: the one-loop fill of a chunk without quotes writes what the general parse writes (rows, cells, missing bits, column ends, first ragged record)', () => {
  fc.assert(
    fc.property(chunkText, fc.integer({ min: 1, max: 4 }), (text, columns) => {
      const general = fill(text, columns, false);
      const plain = fill(text, columns, true);
      assert.equal(plain.result.rows, general.result.rows);
      assert.deepEqual(plain.result.ragged, general.result.ragged);
      assert.deepEqual(plain.result.columnEnds, general.result.columnEnds);
      for (let k = 0; k < columns; k++) assert.deepEqual(cells(plain, k), cells(general, k), `column ${k}`);
      // No missing bit is left set beyond the rows written (a ragged record's bits are undone).
      for (let k = 0; k < columns; k++) {
        for (let r = 5 + plain.result.rows; r < 5 + text.length + 1; r++) assert.equal(plain.missing[k][r >> 3] & (1 << (r & 7)), 0, `column ${k} row ${r}`);
      }
    }),
    { numRuns: 3000 },
  );
});

test('property: a fill that stores only some columns stores exactly their cells of the full fill, by either parse', () => {
  fc.assert(
    fc.property(
      chunkText,
      fc.integer({ min: 1, max: 4 }).chain((columns) => fc.record({ columns: fc.constant(columns), keep: fc.array(fc.boolean(), { minLength: columns, maxLength: columns }) })),
      fc.boolean(),
      (text, { columns, keep }, plain) => {
        let next = 0;
        const columnOf = keep.map((k) => (k ? next++ : -1));
        const full = fill(text, columns, plain);
        const some = fill(text, columns, plain, columnOf);
        assert.equal(some.result.rows, full.result.rows);
        assert.deepEqual(some.result.ragged, full.result.ragged);
        assert.equal(some.result.columnEnds.length, next);
        columnOf.forEach((k, c) => {
          if (k >= 0) assert.deepEqual(cells(some, k), cells(full, c), `file column ${c}`);
        });
      },
    ),
    { numRuns: 2000 },
  );
});

test('the one-loop fill: hand-checked cases (CR before LF or the end, a lone CR kept, blank lines, a trailing comma, a ragged row undone)', () => {
  const run = (text: string, columns: number): Array<Array<string | null>> => {
    const f = fill(Buffer.from(text), columns, true);
    return Array.from({ length: columns }, (_, k) => cells(f, k).cells);
  };
  assert.deepEqual(run('a,b\r\nc,d\r', 2), [['a', 'c'], ['b', 'd']]);
  assert.deepEqual(run('a\rb,c\n', 2), [['a\rb'], ['c']]);
  assert.deepEqual(run('\n\r\na,b\n\n', 2), [['a'], ['b']]);
  assert.deepEqual(run('a,', 2), [['a'], [null]]);
  assert.deepEqual(run('a,b,c\nd,e\n', 2), [['d'], ['e']]);
  const ragged = fill(Buffer.from('a,b\n\nx\nc,d\n'), 2, true);
  assert.deepEqual(ragged.result.ragged, { relLine: 2, cells: 1 });
  assert.equal(ragged.result.rows, 2);
});
