/** Zero-config on product listings: a name column full of model codes is blocked on its code first and compared on it exactly. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseBlocking } from '../../src/autoconfig/blocking-choice.js';
import { carriesCodes, profileColumns } from '../../src/autoconfig/column-profile.js';
import { columnPriors } from '../../src/autoconfig/column-priors.js';
import { initialConfig } from '../../src/autoconfig/initial-config.js';
import { rng, table, word } from './fixtures.js';

function listings(withCodes: boolean): ReturnType<typeof table> {
  const r = rng(31);
  const rows: string[][] = [];
  for (let i = 0; i < 300; i++) {
    const brand = ['Sony', 'Nikon', 'Bose', 'Onkyo'][i % 4];
    const code = `${word(r, 3).toUpperCase()}-${100 + i}${word(r, 1).toUpperCase()}`;
    const name = `${brand} ${word(r, 7)} ${word(r, 6)} player`;
    rows.push([withCodes ? `${name} - ${code}` : name, String(10 + (i % 90))]);
  }
  return table(['name', 'price'], rows);
}

test('the profile measures the share of values carrying a code; a text column mostly carrying one is a listing', () => {
  const coded = profileColumns(listings(true), []).find((p) => p.column === 'name');
  const plain = profileColumns(listings(false), []).find((p) => p.column === 'name');
  assert.equal(coded?.codeShare, 1);
  assert.equal(plain?.codeShare, 0);
  assert.equal(coded && carriesCodes(coded), true);
  assert.equal(plain && carriesCodes(plain), false);
});

test('a listing column is blocked on its code before its words', () => {
  const store = listings(true);
  const keys = chooseBlocking(store, profileColumns(store, []));
  assert.deepEqual(keys[0], { fields: [{ field: 'name', transforms: ['lowercase', 'code_token'] }] });
  const plain = listings(false);
  const plainKeys = chooseBlocking(plain, profileColumns(plain, []));
  assert.equal(plainKeys.some((k) => k.fields.some((f) => f.transforms.includes('code_token'))), false);
});

test('v0 compares a listing column twice: by its words and, exactly, by its code', () => {
  const store = listings(true);
  const profiles = profileColumns(store, []);
  const config = initialConfig(store, profiles, columnPriors(store, profiles), [], null);
  const onName = config.matchkeys[0].fields.filter((f) => f.field === 'name');
  assert.equal(onName.length, 2);
  assert.deepEqual(onName[1], { field: 'name', scorer: 'exact', weight: 1, transforms: ['lowercase', 'code_token'] });
  const plain = listings(false);
  const plainProfiles = profileColumns(plain, []);
  const plainConfig = initialConfig(plain, plainProfiles, columnPriors(plain, plainProfiles), [], null);
  assert.equal(plainConfig.matchkeys[0].fields.filter((f) => f.field === 'name').length, 1);
});

test('a listing column where only most values carry a code is still blocked on its code: values without one are in no block', () => {
  const r = rng(32);
  // 6,000 listings, a code on 77% of them: were the 1,380 without one a single block, the pass would cost 950,000 pairs.
  const rows = Array.from({ length: 6000 }, (_, i) => [`${word(r, 7)} ${word(r, 6)} player${i % 100 < 77 ? ` - ${word(r, 3).toUpperCase()}${1000 + i}` : ''}`]);
  const store = table(['name'], rows);
  const profile = profileColumns(store, []).find((p) => p.column === 'name');
  assert.ok(profile && carriesCodes(profile));
  const keys = chooseBlocking(store, profileColumns(store, []));
  assert.deepEqual(keys[0], { fields: [{ field: 'name', transforms: ['lowercase', 'code_token'] }] });
});
