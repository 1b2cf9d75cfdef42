import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alignColumns, nameSimilarity } from '../../src/data/column-alignment.js';
import { ColumnStore } from '../../src/data/column-store.js';

const products = ['sony camera x100', 'canon lens k200', 'bosch drill m300', 'garmin watch q400', 'philips shaver x500'];
const first = ColumnStore.fromRows(
  ['id', 'title', 'price', 'city'],
  products.map((p, i) => [`L${i}`, p, `${10 + i}.99`, ['york', 'bath'][i % 2]]),
);
const second = ColumnStore.fromRows(
  ['name', 'cost', 'sku'],
  products.map((p, i) => [p.split(' ').reverse().join(' '), `${10 + i}.99`, `S-${900 + i}`]),
);

test('name similarity: shared words, case changes and punctuation folded', () => {
  assert.equal(nameSimilarity('actor name', 'actorName'), 1);
  assert.equal(nameSimilarity('unit_price', 'Unit Price'), 1);
  assert.ok(nameSimilarity('title', 'name') < 0.7);
});

test('columns named differently but holding the same values are paired, one to one; the rest stay alone', () => {
  const a = alignColumns(first, second, []);
  assert.deepEqual(a.pairs.map((p) => [p.second, p.first]).sort(), [
    ['cost', 'price'],
    ['name', 'title'],
  ]);
  assert.ok(a.pairs.every((p) => p.by === 'names_and_values' && p.score >= 0.5 && p.value_score > p.name_score));
  assert.deepEqual(a.first_only, ['id', 'city']);
  assert.deepEqual(a.second_only, ['sku']);
});

test('the configuration overrides, and excluded columns are nobody partner', () => {
  const a = alignColumns(first, second, [['sku', 'id']], ['price']);
  assert.deepEqual(a.pairs[0], { first: 'id', second: 'sku', score: 1, name_score: a.pairs[0].name_score, value_score: 1, by: 'configuration' });
  assert.ok(!a.pairs.some((p) => p.first === 'price'));
  assert.ok(a.first_only.includes('price'));
  const dropped = alignColumns(first, second, [], ['cost']);
  assert.ok(!dropped.second_only.includes('cost'), 'an excluded column of the second file is left out');
});

test('a second column fixed to null is paired with nothing and listed alone', () => {
  const a = alignColumns(first, second, [['name', null]]);
  assert.ok(!a.pairs.some((p) => p.second === 'name'));
  assert.ok(a.second_only.includes('name'));
  assert.ok(a.first_only.includes('title'), 'its would-be partner stays alone too');
  assert.ok(a.pairs.some((p) => p.second === 'cost' && p.first === 'price'), 'the rest are still aligned');
});

test('alignment is deterministic and symmetric in its choice', () => {
  assert.deepEqual(alignColumns(first, second, []), alignColumns(first, second, []));
  const back = alignColumns(second, first, []);
  assert.deepEqual(back.pairs.map((p) => [p.first, p.second]).sort(), [['cost', 'price'], ['name', 'title']]);
});
