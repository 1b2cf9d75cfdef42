// The worker-built retrieval postings against a by-hand TF-IDF over charGrams: same grams, same rows, the same weights to the last bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ColumnStore } from '../../../src/data/column-store.js';
import { charGrams } from '../../../src/engine/analysis/char-ngrams.js';
import { buildRetrievalPostings, smoothIdf } from '../../../src/engine/analysis/retrieval-postings.js';

/** gram → [row, weight][] computed the plain way: string grams, Maps, rows in order. */
function byHand(store: ColumnStore, columns: number[]): Map<string, Array<[number, number]>> {
  const rowGrams: Array<Map<string, number>> = [];
  const df = new Map<string, number>();
  for (let r = 0; r < store.rowCount; r++) {
    const text = columns.map((c) => store.get(c, r)).filter((v): v is string => v !== null).join(' ');
    const grams = charGrams(text);
    rowGrams.push(grams);
    for (const g of grams.keys()) df.set(g, (df.get(g) ?? 0) + 1);
  }
  const out = new Map<string, Array<[number, number]>>();
  rowGrams.forEach((grams, r) => {
    let norm = 0;
    for (const [g, tf] of grams) norm += (tf * smoothIdf(store.rowCount, df.get(g) ?? 0)) ** 2;
    norm = Math.sqrt(norm);
    for (const [g, tf] of grams) {
      const list = out.get(g) ?? [];
      list.push([r, (tf * smoothIdf(store.rowCount, df.get(g) ?? 0)) / norm]);
      out.set(g, list);
    }
  });
  return out;
}

function opened(store: ColumnStore, columns: number[]): Map<string, Array<[number, number]>> {
  const p = buildRetrievalPostings({ table: store.handle, columns });
  const starts = new Int32Array(p.starts);
  const rows = new Int32Array(p.rows);
  const tfs = p.wideTfs ? new Int32Array(p.tfs) : new Uint16Array(p.tfs);
  const idf = new Float64Array(p.idf);
  const norms = new Float64Array(p.norms);
  const out = new Map<string, Array<[number, number]>>();
  p.grams.forEach((g, id) => {
    const list: Array<[number, number]> = [];
    for (let e = starts[id]; e < starts[id + 1]; e++) list.push([rows[e], (tfs[e] * idf[id]) / norms[rows[e]]]);
    out.set(g, list);
  });
  return out;
}

test('postings equal the by-hand TF-IDF, including repeated grams, case, spacing, missing cells and characters outside the BMP', () => {
  const store = ColumnStore.fromRows(['name', 'city'], [
    ['Anna Annan', 'Boston'],
    ['  JON   smith ', null],
    [null, null],
    ['Zoë 𝒜lpha', 'Köln 😀😀'],
    ['aaaaaa', 'aaa'],
  ]);
  for (const columns of [[0], [1], [0, 1]]) assert.deepEqual(opened(store, columns), byHand(store, columns), `columns ${columns.join(',')}`);
});

test('a table whose rows hold no text gives empty postings', () => {
  const store = ColumnStore.fromRows(['name'], [[null], ['   ']]);
  const p = buildRetrievalPostings({ table: store.handle, columns: [0] });
  assert.deepEqual(p.grams, []);
  assert.deepEqual([...new Int32Array(p.starts)], [0]);
});

test('a term frequency above 65,535 widens the stored counts instead of wrapping', () => {
  const store = ColumnStore.fromRows(['t'], [['a'.repeat(70_000)], ['ab']]);
  const p = buildRetrievalPostings({ table: store.handle, columns: [0] });
  assert.equal(p.wideTfs, true);
  const id = p.grams.indexOf('aaa');
  const start = new Int32Array(p.starts)[id];
  assert.equal(new Int32Array(p.tfs)[start], 70_000 - 2);
});
