/** Interning by partitions gives what one table over the whole column gives: the same ids in order of first occurrence, the same first bytes and counts. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { internColumn, type InternedColumn } from '../../../src/engine/fields/intern-column.js';

/** A column as the loader lays it out: cell bytes back to back, row offsets, missing bitmap (an empty cell is missing). */
function columnOf(cells: readonly (string | null)[]): { bytes: Uint8Array; offsets: Uint32Array; missing: Uint8Array } {
  const encoded = cells.map((c) => (c === null ? new Uint8Array(0) : new TextEncoder().encode(c)));
  const bytes = new Uint8Array(Math.max(1, encoded.reduce((s, e) => s + e.length, 0)));
  const offsets = new Uint32Array(cells.length + 1);
  const missing = new Uint8Array(Math.max(1, (cells.length + 7) >> 3));
  let at = 0;
  encoded.forEach((e, r) => {
    offsets[r] = at;
    if (e.length === 0) missing[r >> 3] |= 1 << (r & 7);
    bytes.set(e, at);
    at += e.length;
  });
  offsets[cells.length] = at;
  return { bytes, offsets, missing };
}

/** The plain reading of the contract: a Map from each cell's text, ids handed out in row order. */
function expected(cells: readonly (string | null)[]): { ids: number[]; firstRow: number[]; counts: number[] } {
  const idOf = new Map<string, number>();
  const ids: number[] = [];
  const firstRow: number[] = [];
  const counts: number[] = [];
  cells.forEach((c, r) => {
    if (c === null || c === '') {
      ids.push(-1);
      return;
    }
    let id = idOf.get(c);
    if (id === undefined) {
      id = idOf.size;
      idOf.set(c, id);
      firstRow.push(r);
      counts.push(0);
    }
    counts[id]++;
    ids.push(id);
  });
  return { ids, firstRow, counts };
}

function assertInterned(got: InternedColumn, cells: readonly (string | null)[], offsets: Uint32Array): void {
  const want = expected(cells);
  assert.equal(got.count, want.counts.length, 'one id per distinct value');
  assert.deepEqual(Array.from(got.rawIds.subarray(0, cells.length)), want.ids);
  for (let v = 0; v < got.count; v++) {
    const r = want.firstRow[v];
    assert.equal(got.idStart[v], offsets[r], `value ${v} starts at its first row's cell`);
    assert.equal(got.idLength[v], offsets[r + 1] - offsets[r]);
    assert.equal(got.rawCounts[v], want.counts[v], `rows of value ${v}`);
  }
}

// Few characters, short cells: many repeats and many values of one length; multi-byte characters too.
const char = fc.constantFrom('a', 'b', 'c', '1', ' ', 'é', '中', '😀');
const cell = fc.option(fc.array(char, { maxLength: 4 }).map((cs) => cs.join('')), { freq: 8 });

test('the partitioned path, switched on after any number of values, gives the ids of one pass in row order', () => {
  fc.assert(
    fc.property(fc.array(cell, { maxLength: 400 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5 }), (cells, directLimit, partitionBits) => {
      const { bytes, offsets, missing } = columnOf(cells);
      assertInterned(internColumn(bytes, offsets, missing, cells.length, { directLimit, partitionBits }), cells, offsets);
    }),
    { numRuns: 400, seed: 17 },
  );
});

test('values whose bytes differ never share an id in partitions whose tables grow, one partition or eight', () => {
  // 3,000 distinct values against a limit of 10: nearly all go through the partitions, whose tables grow past their first size.
  const cells = Array.from({ length: 9_000 }, (_, i) => (i % 7 === 0 ? null : `v${(i * 7919) % 3_001}`));
  const { bytes, offsets, missing } = columnOf(cells);
  assertInterned(internColumn(bytes, offsets, missing, cells.length, { directLimit: 10, partitionBits: 0 }), cells, offsets);
  assertInterned(internColumn(bytes, offsets, missing, cells.length, { directLimit: 10, partitionBits: 3 }), cells, offsets);
});

test('the default limits give the same result as the direct table alone on a column of many values', () => {
  const cells = Array.from({ length: 300_000 }, (_, i) => (i % 11 === 0 ? null : String((i * 2_654_435_761) % 200_003)));
  const { bytes, offsets, missing } = columnOf(cells);
  const partitioned = internColumn(bytes, offsets, missing, cells.length);
  const direct = internColumn(bytes, offsets, missing, cells.length, { directLimit: Number.MAX_SAFE_INTEGER });
  assert.ok(partitioned.count > 1 << 17, 'past the default limit, so the partitioned path ran');
  assert.equal(partitioned.count, direct.count);
  assert.deepEqual(partitioned.rawIds, direct.rawIds);
  assert.deepEqual(partitioned.idStart.subarray(0, direct.count), direct.idStart.subarray(0, direct.count));
  assert.deepEqual(partitioned.idLength.subarray(0, direct.count), direct.idLength.subarray(0, direct.count));
  assert.deepEqual(partitioned.rawCounts.subarray(0, direct.count), direct.rawCounts.subarray(0, direct.count));
});

// Digit strings, leading zeros included, lengths up to the 14 the number key allows, and one past it.
const digitCell = fc.option(
  fc.oneof(
    fc.constantFrom('0', '00', '007', '7', '70', '0070', '99999999999999', '099999999999999'),
    fc.array(fc.constantFrom('0', '1', '9'), { minLength: 1, maxLength: 6 }).map((ds) => ds.join('')),
  ),
  { freq: 8 },
);

test('a column of digit strings keyed by number gives the ids, first bytes and counts of the byte path, at any limit', () => {
  fc.assert(
    fc.property(fc.array(digitCell, { maxLength: 400 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 4 }), (cells, directLimit, partitionBits) => {
      const { bytes, offsets, missing } = columnOf(cells);
      const byNumber = internColumn(bytes, offsets, missing, cells.length, { directLimit, partitionBits });
      assertInterned(byNumber, cells, offsets);
      const byBytes = internColumn(bytes, offsets, missing, cells.length, { directLimit, partitionBits, digits: false });
      assert.deepEqual(byNumber.rawIds, byBytes.rawIds);
    }),
    { numRuns: 400, seed: 23 },
  );
});

test('a column that turns out not to be all digits (a letter, a sign, a space, 15 digits) starts over on its bytes', () => {
  for (const odd of ['12a', '-5', ' 12', '123456789012345', '１２']) {
    const cells = Array.from({ length: 5_000 }, (_, i) => (i === 4_000 ? odd : i % 9 === 0 ? null : String((i * 31) % 700).padStart(3, '0')));
    const { bytes, offsets, missing } = columnOf(cells);
    assertInterned(internColumn(bytes, offsets, missing, cells.length), cells, offsets);
    assertInterned(internColumn(bytes, offsets, missing, cells.length, { directLimit: 50, partitionBits: 2 }), cells, offsets);
  }
});

test('numbers that agree in their low 32 bits or differ only in length stay apart', () => {
  const cells = ['4294967296', '0', '8589934592', '00', '4294967297', '1', '04294967296', '4294967296', '0'];
  const { bytes, offsets, missing } = columnOf(cells);
  assertInterned(internColumn(bytes, offsets, missing, cells.length), cells, offsets);
});
