/** Dictionary encoding is exact: every row's prepared value is its cell (or the cell transformed), equal ids mean equal values, counts add up, whatever the characters. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { ColumnStore } from '../../../src/data/column-store.js';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { prepareFields } from '../../../src/engine/fields/prepared-fields.js';
import { compileTransforms } from '../../../src/engine/transforms/registry.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

// ASCII most of the time (the packed-from-bytes path), with accents, CJK and astral characters (the decoded path).
const char = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('a', 'b', 'c', ' ', '1') }, { weight: 1, arbitrary: fc.constantFrom('é', 'ß', '中', '😀', 'Å') });
const cell = fc.option(fc.array(char, { maxLength: 6 }).map((cs) => cs.join('')), { freq: 6 });

/** A prepared field equals, array for array, the plain encoding of its values (one Map over the transformed row values). */
function assertPlainEncoding(got: FieldDictionary, values: ReadonlyArray<string | null>, transforms: string[]): void {
  const transform = compileTransforms(transforms);
  const plain = FieldDictionary.fromValues('x', transforms, values.map((v) => (v === null || v === '' ? null : transform(v))));
  assert.equal(got.count, plain.count);
  assert.deepEqual(got.ids, plain.ids);
  assert.deepEqual(got.offsets, plain.offsets);
  assert.deepEqual(got.codes.subarray(0, got.offsets[got.count]), plain.codes.subarray(0, plain.offsets[plain.count]));
  assert.deepEqual(got.counts.subarray(0, got.count), plain.counts.subarray(0, plain.count));
}

test('raw and transformed fields decode to each row\'s own value, with one id per distinct value', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 300 }), async (rows) => {
      const store = ColumnStore.fromRows(['x', 'y'], rows);
      const chains = [[], ['lowercase'], ['substring:0:2']];
      const refs = ['x', 'y'].flatMap((field) => chains.map((transforms) => ({ field, transforms })));
      const fields = await prepareFields(store, refs, pool);
      for (const ref of refs) {
        const dict = fields.get(ref);
        const column = store.columnIndex(ref.field);
        const transform = compileTransforms(ref.transforms);
        const counts = new Map<number, number>();
        const idOf = new Map<string, number>();
        for (let r = 0; r < store.rowCount; r++) {
          const cellValue = store.get(column, r);
          const expected = cellValue === null ? null : transform(cellValue);
          assert.equal(dict.rowValue(r), expected, `${ref.field}|${ref.transforms.join('|')} row ${r}`);
          const id = dict.ids[r];
          if (expected === null) {
            assert.equal(id, -1);
            continue;
          }
          const seen = idOf.get(expected);
          if (seen === undefined) idOf.set(expected, id);
          else assert.equal(id, seen, `one id for "${expected}"`);
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        assert.equal(dict.count, idOf.size, 'as many ids as distinct values');
        for (const [id, c] of counts) assert.equal(dict.counts[id], c);
      }
    }),
    { numRuns: 120, seed: 11 },
  );
});

test('a column of many distinct values (the interning table grows many times) keeps every value apart', async () => {
  const rows = Array.from({ length: 50_000 }, (_, i) => [`v${i % 20_011}`]);
  const store = ColumnStore.fromRows(['x'], rows);
  const dict = (await prepareFields(store, [{ field: 'x', transforms: [] }], pool)).get({ field: 'x', transforms: [] });
  assert.equal(dict.count, 20_011);
  for (let r = 0; r < rows.length; r += 997) assert.equal(dict.rowValue(r), rows[r][0]);
  assert.equal(dict.ids[20_011], dict.ids[0]);
});

test('every prepared field equals the plain encoding (one Map over the row values) array for array, mostly-distinct columns included', async () => {
  // Mostly distinct over the first rows (an id number: the interning table is sized up front) or drawn from a few values.
  const column = fc.oneof(
    fc.integer({ min: 300, max: 5000 }).chain((n) => fc.constant(Array.from({ length: n }, (_, i) => (i % 7 === 3 ? null : `${i % 4099}é${i % 3}`)))),
    fc.array(cell, { minLength: 1, maxLength: 400 }),
    fc.array(fc.option(fc.string({ unit: 'grapheme', maxLength: 4 }), { freq: 8 }), { minLength: 257, maxLength: 2000 }),
  );
  await fc.assert(
    fc.asyncProperty(column, async (values) => {
      const store = ColumnStore.fromRows(['x'], values.map((v) => [v]));
      const chains = [[], ['substring:0:1'], ['lowercase', 'substring:1:3']];
      const fields = await prepareFields(store, chains.map((transforms) => ({ field: 'x', transforms })), pool);
      for (const transforms of chains) {
        assertPlainEncoding(fields.get({ field: 'x', transforms }), values, transforms);
      }
    }),
    { numRuns: 60, seed: 5 },
  );
});

test('a substring field derived from the raw values\' bytes equals the plain encoding, for any slice (negative ends, slices past six characters, ASCII and other values meeting on one slice)', async () => {
  // Long enough for slices past six characters (keyed as strings), with non-ASCII values whose slice is ASCII.
  const value = fc.option(fc.array(fc.oneof({ weight: 8, arbitrary: fc.constantFrom('a', 'b', 'Z', '1', ' ') }, { weight: 1, arbitrary: fc.constantFrom('ë', '中', '😀') }), { maxLength: 12 }).map((cs) => cs.join('')), { freq: 8 });
  const index = fc.integer({ min: -9, max: 9 });
  await fc.assert(
    fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 300 }), index, index, async (values, start, end) => {
      const store = ColumnStore.fromRows(['x'], values.map((v) => [v]));
      const transforms = [`substring:${start}:${end}`];
      assertPlainEncoding((await prepareFields(store, [{ field: 'x', transforms }], pool)).get({ field: 'x', transforms }), values, transforms);
    }),
    { numRuns: 300, seed: 7 },
  );
});
