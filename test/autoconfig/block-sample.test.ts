import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blockSampleRows } from '../../src/autoconfig/block-sample.js';
import type { BlockingKey } from '../../src/config/types.js';
import { table } from './fixtures.js';

const key: BlockingKey = { fields: [{ field: 'k', transforms: ['lowercase'] }] };

test('a block sample takes blocks whole: rows sharing a key are both in or both out, and its size is near the target', () => {
  // 5,000 keys, each on two rows (spelled in two cases), far apart in the file.
  const rows = Array.from({ length: 10_000 }, (_, i) => [i < 5000 ? `Key${i}` : `key${i - 5000}`]);
  const store = table(['k'], rows);
  const sample = new Set(blockSampleRows(store, key, 1000));
  for (let i = 0; i < 5000; i++) assert.equal(sample.has(i), sample.has(i + 5000), `key ${i}`);
  assert.ok(sample.size > 700 && sample.size < 1300, `size ${sample.size}`);
  assert.deepStrictEqual(blockSampleRows(store, key, 1000), [...sample], 'deterministic');
});

test('a small table is taken whole; rows without a key are taken every k-th; one giant block falls back to every k-th row', () => {
  const small = table(['k'], [['a'], ['b']]);
  assert.deepStrictEqual(blockSampleRows(small, key, 10), [0, 1]);
  const keyless = table(['k'], Array.from({ length: 1000 }, () => [null]));
  assert.equal(blockSampleRows(keyless, key, 100).length, 100);
  const giant = table(['k'], Array.from({ length: 1000 }, () => ['same']));
  const rows = blockSampleRows(giant, key, 100);
  assert.equal(rows.length, 100, 'not the whole 1,000-row block');
});
