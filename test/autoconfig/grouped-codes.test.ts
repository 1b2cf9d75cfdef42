/** Zero-config on codes printed in groups (postcodes): recognised as codes, compared and blocked with their spacing dropped. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseBlocking } from '../../src/autoconfig/blocking-choice.js';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { fieldFor } from '../../src/autoconfig/initial-config.js';
import { compileTransforms } from '../../src/engine/transforms/registry.js';
import { rng, table, word } from './fixtures.js';

/** 400 people with a UK-style postcode, a street address and a date written in words. */
function people(): ReturnType<typeof table> {
  const r = rng(5);
  const letters = 'ABDEFGHJLNPRSTUWXYZ';
  const letter = (): string => letters[Math.floor(r() * letters.length)];
  const rows: string[][] = [];
  for (let i = 0; i < 400; i++) {
    const postcode = `${letter()}${letter()}${1 + Math.floor(r() * 30)} ${Math.floor(r() * 10)}${letter()}${letter()}`;
    const address = `${1 + Math.floor(r() * 200)} ${word(r, 6)} street`;
    const born = `${1 + Math.floor(r() * 28)} ${['may', 'june', 'july'][i % 3]} ${1900 + (i % 90)}`;
    rows.push([word(r, 5), postcode, address, born]);
  }
  return table(['name', 'postcode', 'address', 'born'], rows);
}

test('codes printed in groups, each group holding a digit, are codes; addresses and dates in words are not', () => {
  const kinds = Object.fromEntries(profileColumns(people(), []).map((p) => [p.column, p.kind]));
  assert.equal(kinds.postcode, 'code');
  assert.notEqual(kinds.address, 'code', 'a street name holds no digit');
  assert.notEqual(kinds.born, 'code', 'a month holds no digit');
});

test('a code is compared and blocked with its spacing dropped: SW1A 1AA and SW1A1AA agree', () => {
  const store = people();
  const profile = profileColumns(store, []).find((p) => p.column === 'postcode');
  assert.ok(profile);
  const field = fieldFor(profile);
  assert.deepEqual(field?.transforms, ['lowercase', 'strip_all']);
  const normal = compileTransforms(field?.transforms ?? []);
  assert.equal(normal('SW1A 1AA'), normal('SW1A1AA'));
  assert.equal(normal('SW1 A1AA'), normal('sw1a1aa'));
  const keys = chooseBlocking(store, profileColumns(store, []));
  const codeKeys = keys.filter((k) => k.fields.some((f) => f.field === 'postcode'));
  assert.ok(codeKeys.length > 0, 'the code is blocked on');
  for (const k of codeKeys) for (const f of k.fields) if (f.field === 'postcode') assert.ok(f.transforms.includes('strip_all'), JSON.stringify(k));
});
