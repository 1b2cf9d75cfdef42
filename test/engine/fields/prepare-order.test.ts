/** Columns are prepared costliest first (more distinct values, more transform chains), so the last task to finish is a short one; the guess orders the work and changes nothing else. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnStore } from '../../../src/data/column-store.js';
import { heaviestFirst } from '../../../src/engine/fields/prepared-fields.js';

const chains = (n: number): Map<string, string[]> => new Map(Array.from({ length: n }, (_, i) => [`k${i}`, i === 0 ? [] : ['lowercase']]));

function table(rows: number): ColumnStore {
  return ColumnStore.fromRows(['constant', 'ten', 'unique', 'blank'], Array.from({ length: rows }, (_, r) => ['x', `v${r % 10}`, `id${r}`, null]));
}

test('more distinct values first; ties keep the order given', () => {
  const store = table(5_000);
  const jobs: Array<[number, Map<string, string[]>]> = [[0, chains(1)], [3, chains(1)], [1, chains(1)], [2, chains(1)]];
  assert.deepEqual(heaviestFirst(store, jobs).map(([c]) => c), [2, 1, 0, 3]);
});

test('a second transform chain weighs as much as the values again', () => {
  const store = table(5_000);
  // Ten values with three chains (10 × 4) outweigh ten values with one (10 × 2), not the all-distinct column.
  assert.deepEqual(heaviestFirst(store, [[1, chains(1)], [0, chains(1)], [1, chains(3)], [2, chains(1)]]).map(([c, ch]) => `${c}:${ch.size}`), ['2:1', '1:3', '1:1', '0:1']);
});

test('a table smaller than the sample reads every row once; an empty one keeps the order', () => {
  assert.deepEqual(heaviestFirst(table(3), [[0, chains(1)], [2, chains(1)]]).map(([c]) => c), [2, 0]);
  assert.deepEqual(heaviestFirst(table(0), [[0, chains(1)], [2, chains(1)]]).map(([c]) => c), [0, 2]);
});
