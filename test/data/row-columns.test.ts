/** RowColumns against a Map of cell arrays: random set/delete sequences give the same rows and cells, and the shared pool holds exactly the values still held. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { RowColumns } from '../../src/data/row-columns.js';
import { StringPool } from '../../src/data/string-pool.js';

const cell = fc.option(fc.constantFrom('ann', 'lee', '10001', 'x', 'smith'), { nil: null });
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ row: fc.nat(3000), cells: fc.array(cell, { minLength: 3, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ row: fc.nat(3000), drop: fc.constant(true) }) },
);

test('random set/delete sequences: the same cells as a Map of arrays', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 200 }), fc.nat(3000), (ops, probe) => {
      const pool = new StringPool();
      const cols = new RowColumns(3, pool);
      const model = new Map<number, Array<string | null>>();
      for (const o of ops) {
        if ('drop' in o) {
          cols.delete(o.row);
          model.delete(o.row);
        } else {
          cols.set(o.row, o.cells);
          model.set(o.row, [...o.cells]);
        }
      }
      assert.equal(cols.size, model.size);
      assert.equal(cols.has(probe), model.has(probe));
      for (const [row, cells] of model) {
        assert.equal(cols.has(row), true);
        assert.deepEqual(cols.row(row), cells);
        cells.forEach((v, c) => assert.equal(cols.get(row, c), v));
      }
      const values = new Set([...model.values()].flat().filter((v) => v !== null));
      assert.equal(pool.size, values.size);
    }),
    { seed: 16, numRuns: 300 },
  );
});

test('two column sets on one pool share a value and keep it while either holds it', () => {
  const pool = new StringPool();
  const cells = new RowColumns(2, pool);
  const prepared = new RowColumns(1, pool);
  cells.set(5, ['lee', null]);
  prepared.set(5, ['lee']);
  assert.equal(pool.size, 1);
  cells.delete(5);
  assert.equal(prepared.get(5, 0), 'lee');
  prepared.set(5, [null]);
  assert.equal(pool.size, 0);
});
