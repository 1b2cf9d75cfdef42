/** TupleRowIndex against a Map of key → Set of rows: random add/remove sequences, many through growth and run shifts, leave the same rows per tuple. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TupleRowIndex } from '../../../src/engine/blocking/tuple-row-index.js';

const tuple = fc.tuple(fc.nat(6), fc.nat(3));
const op = fc.record({ add: fc.boolean(), tuple, row: fc.nat(400) });

test('random add/remove sequences: the same rows per tuple as a Map of Sets', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 800 }), (ops) => {
      const index = new TupleRowIndex(2);
      const model = new Map<string, Set<number>>();
      for (const o of ops) {
        const key = o.tuple.join(',');
        const rows = model.get(key) ?? new Set<number>();
        if (o.add) {
          if (rows.has(o.row)) continue;
          index.add(o.tuple, o.row);
          rows.add(o.row);
          model.set(key, rows);
        } else {
          index.remove(o.tuple, o.row);
          rows.delete(o.row);
        }
      }
      let entries = 0;
      for (let a = 0; a <= 6; a++) {
        for (let b = 0; b <= 3; b++) {
          const got: number[] = [];
          index.forEachRow([a, b], (r) => got.push(r));
          const want = [...(model.get(`${a},${b}`) ?? [])];
          assert.deepEqual(got.sort((x, y) => x - y), want.sort((x, y) => x - y));
          entries += want.length;
        }
      }
      assert.equal(index.size, entries);
    }),
    { seed: 16, numRuns: 200 },
  );
});

test('one-value tuples with large ids, removed in insertion order, leave an empty index', () => {
  const index = new TupleRowIndex(1);
  for (let r = 0; r < 5000; r++) index.add([r % 97 * 1_000_003], r);
  for (let r = 0; r < 5000; r++) index.remove([r % 97 * 1_000_003], r);
  assert.equal(index.size, 0);
  let found = 0;
  index.forEachRow([0], () => found++);
  assert.equal(found, 0);
});
