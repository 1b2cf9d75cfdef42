import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnStore } from '../../src/data/column-store.js';
import { stackTables } from '../../src/data/stack-tables.js';

test('stacking keeps every cell (missing ones too), first table first, and names each row’s table', () => {
  const a = ColumnStore.fromRows(['x', 'y'], [['ä1', null], ['', 'b2'], ['a3', 'c3']]);
  const b = ColumnStore.fromRows(['p', 'q'], [['é9', 'z'], [null, 'w']]);
  const s = stackTables(a, b, [
    { name: 'x', first: 0, second: 1 },
    { name: 'y', first: 1, second: -1 },
    { name: 'p', first: -1, second: 0 },
  ], { name: 'source', values: ['a.csv', 'b.csv'] });
  assert.equal(s.rowCount, 5);
  assert.deepEqual(s.names, ['x', 'y', 'p', 'source']);
  assert.deepEqual(
    Array.from({ length: 5 }, (_, r) => s.record(r)),
    [
      { x: 'ä1', y: null, p: null, source: 'a.csv' },
      { x: null, y: 'b2', p: null, source: 'a.csv' },
      { x: 'a3', y: 'c3', p: null, source: 'a.csv' },
      { x: 'z', y: null, p: 'é9', source: 'b.csv' },
      { x: 'w', y: null, p: null, source: 'b.csv' },
    ],
  );
});
