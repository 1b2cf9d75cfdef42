// missingRate counts missing cells from the bitmap, including the partial last byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ColumnStore } from '../../../src/data/column-store.js';
import { missingRate } from '../../../src/server/analysis/column-missing.js';

test('missing share over 11 rows', () => {
  const rows = Array.from({ length: 11 }, (_, i) => [i % 3 === 0 ? null : 'x', 'y']);
  const store = ColumnStore.fromRows(['a', 'b'], rows);
  assert.equal(missingRate(store, 0), 4 / 11);
  assert.equal(missingRate(store, 1), 0);
  assert.equal(missingRate(ColumnStore.fromRows(['a'], []), 0), 0);
});
