/** The value table of a prepared field: ids of present values, −1 for absent ones (astral code points included), and the batched lookup answers as the single one does. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { ValueIndex, valueIndexOf } from '../../../src/engine/blocking/value-index.js';

const values = ['smith', 'jones', 'ng', '𝔘nicode', 'smyth', 'o’brien', 'smith', null, 'x'];
const dict = FieldDictionary.fromValues('surname', [], values);

test('idOf finds every distinct value and misses values no row holds', () => {
  const index = new ValueIndex(dict);
  for (let r = 0; r < values.length; r++) {
    const v = values[r];
    if (v !== null) assert.equal(index.idOf(v), dict.ids[r], v);
  }
  for (const absent of ['', 'smit', 'smithh', '𝔘nicod', 'Smith', 'y']) assert.equal(index.idOf(absent), -1, absent);
});

test('idsOf answers as idOf one by one, over several tables, with null values', () => {
  const zips = FieldDictionary.fromValues('zip', [], ['2000', '3000', '2000', '4000']);
  const tables = [valueIndexOf(dict), valueIndexOf(zips), valueIndexOf(dict), valueIndexOf(zips)];
  const asked = ['ng', '3000', null, '9999'];
  assert.deepEqual([...ValueIndex.idsOf(tables, asked)], [dict.ids[2], zips.ids[1], -1, -1]);
  assert.equal(valueIndexOf(zips), tables[1], 'one table per field and thread');
});
