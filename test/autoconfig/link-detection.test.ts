import assert from 'node:assert/strict';
import { test } from 'node:test';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { detectSourceColumn } from '../../src/autoconfig/link-detection.js';
import { table } from './fixtures.js';

const rows = (n: number, source: (i: number) => string | null): (string | null)[][] =>
  Array.from({ length: n }, (_, i) => [source(i), `name ${i}`]);

test('a complete table-of-origin column with 2 values is the source column', () => {
  const store = table(['source', 'name'], rows(100, (i) => (i < 40 ? 'left' : 'right')));
  assert.deepStrictEqual(detectSourceColumn(store, profileColumns(store, [])), { column: 'source', values: ['left', 'right'] });
});

test('a source column is recognised by its header only; a 2-valued column named otherwise is not one', () => {
  const store = table(['gender', 'name'], rows(100, (i) => (i % 2 ? 'f' : 'm')));
  assert.equal(detectSourceColumn(store, profileColumns(store, [])), null);
});

test('a source column with a missing value, one value, or a table under 2% of the rows is not one', () => {
  const missing = table(['source', 'name'], rows(100, (i) => (i === 7 ? null : i < 50 ? 'a' : 'b')));
  assert.equal(detectSourceColumn(missing, profileColumns(missing, [])), null);
  const single = table(['source', 'name'], rows(100, () => 'a'));
  assert.equal(detectSourceColumn(single, profileColumns(single, [])), null);
  const tiny = table(['source', 'name'], rows(100, (i) => (i === 0 ? 'b' : 'a')));
  assert.equal(detectSourceColumn(tiny, profileColumns(tiny, [])), null);
});
