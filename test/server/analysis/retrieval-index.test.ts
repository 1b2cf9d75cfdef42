// The TF-IDF 3-gram index on its own, built on a real worker pool: padding and case, identical text scores 1, unrelated text 0.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { charGrams } from '../../../src/engine/analysis/char-ngrams.js';
import { RetrievalIndex } from '../../../src/server/analysis/retrieval-index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { buildRetrievalPostings } from '../../../src/engine/analysis/retrieval-postings.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';

const pool = new WorkerPool({ workers: 1 });
after(() => pool.close());

test('grams are lower-cased, whitespace-collapsed and padded with one space', () => {
  assert.deepEqual([...charGrams('Jo')], [[' jo', 1], ['jo ', 1]]);
  assert.deepEqual([...charGrams('  A   b ')].map(([g]) => g), [' a ', 'a b', ' b ']);
  assert.equal(charGrams('   ').size, 0);
});

test('identical text scores 1, similar text ranks above unrelated, and rows without shared grams are absent', async () => {
  const store = ColumnStore.fromRows(['name', 'city'], [
    ['Jon Smith', 'Boston'],
    ['John Smith', 'Boston'],
    ['Mary Jones', 'Austin'],
    [null, 'Denver'],
  ]);
  const index = await RetrievalIndex.build(store, [0], pool);
  const hits = index.query('jon smith');
  const byRow = new Map(hits.map((h) => [h.row, h.score]));
  assert.ok(Math.abs((byRow.get(0) ?? 0) - 1) < 1e-12);
  assert.ok((byRow.get(1) ?? 0) > (byRow.get(2) ?? 0));
  assert.equal(byRow.has(3), false);
  assert.deepEqual(index.query('qqqq'), []);
});

test('joined columns index both values', async () => {
  const store = ColumnStore.fromRows(['name', 'city'], [['Ann', 'Boston'], ['Bob', 'Austin']]);
  const index = await RetrievalIndex.build(store, [0, 1], pool);
  const hits = index.query('boston');
  assert.equal(hits.length >= 1, true);
  assert.equal(hits.sort((a, b) => b.score - a.score)[0].row, 0);
});

test('the index built on the pool answers exactly like postings built in this thread', async () => {
  const rows = Array.from({ length: 3_000 }, (_, i) => [`name ${i} ${String.fromCharCode(97 + (i % 26))}son`, i % 7 === 0 ? null : `city ${i % 40}`]);
  const store = ColumnStore.fromRows(['name', 'city'], rows);
  const viaPool = await RetrievalIndex.build(store, [0, 1], pool);
  const here = RetrievalIndex.fromPostings(buildRetrievalPostings({ table: store.handle, columns: [0, 1] }));
  for (const q of ['name 17 rson', 'city 3', 'zzz', 'name 2999']) assert.deepEqual(viaPool.query(q), here.query(q), q);
});
