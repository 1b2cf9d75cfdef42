import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseBlocking, projectedPairs } from '../../src/autoconfig/blocking-choice.js';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import type { BlockingKey } from '../../src/config/types.js';
import { table } from './fixtures.js';

const titleKey: BlockingKey = { fields: [{ field: 'title', transforms: ['lowercase', 'alpha_only', 'substring:0:8'] }] };

test('identical multi-word texts in a block are not counted as cost when asked; different texts under one prefix are', () => {
  // Block "learning": 4 copies of one title (6 pairs, all free) + 2 other titles (the other 9 pairs cost).
  const titles = ['Learning to rank, fast', 'learning to rank fast.', 'LEARNING TO RANK FAST', 'Learning to rank: fast', 'Learning trees 2', 'Learning trees 3'];
  const store = table(['title'], titles.map((t) => [t]));
  assert.equal(projectedPairs(store, titleKey), 15);
  // Digits are kept: "trees 2" and "trees 3" are different texts.
  assert.equal(projectedPairs(store, titleKey, { sameTextIsFree: true }), 15 - 6);
});

test('text passes are offered round robin: every column gets its first pass before any gets a second', () => {
  // Every value its own first word, so each pass is cheap and only the order decides.
  const word = (n: number): string => Array.from({ length: 4 }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join('');
  const rows = Array.from({ length: 400 }, (_, i) => [`${word(i)} alpha beta ${word(i + 7)}`, `${word(i + 1000)} gamma delta ${word(i + 2000)}`]);
  const store = table(['a', 'b'], rows);
  const keys = chooseBlocking(store, profileColumns(store, []));
  const described = keys.map((k) => `${k.fields[0].field}:${k.fields[0].transforms.join('|')}`);
  assert.deepEqual(described.slice(0, 4).map((d) => d.slice(d.indexOf(':') + 1)), [
    'lowercase|alpha_only|substring:0:8',
    'lowercase|alpha_only|substring:0:8',
    'lowercase|first_token',
    'lowercase|first_token',
  ]);
  assert.notEqual(described[0].split(':')[0], described[1].split(':')[0], 'the two first passes are on different columns');
});

test('across tables, only the pairs across them count, and a text repeated in both tables costs only its own pairs across', () => {
  const rows = [
    ['left', 'alpha one two'],
    ['left', 'Alpha one two.'],
    ['right', 'alpha one two'],
    ['left', 'alpha three four'],
    ['right', 'alpha five six'],
    ['left', 'beta one two'],
    ['left', 'beta seven'],
  ];
  const store = table(['source', 'title'], rows);
  const key: BlockingKey = { fields: [{ field: 'title', transforms: ['lowercase', 'first_token'] }] };
  // Block alpha: 3 left × 2 right = 6 pairs across (10 in all); block beta: none across (1 in all).
  assert.equal(projectedPairs(store, key), 11);
  assert.equal(projectedPairs(store, key, { acrossColumn: 'source' }), 6);
  // "alpha one two" is free: 3 of its pairs in all, 2 of them across.
  assert.equal(projectedPairs(store, key, { sameTextIsFree: true }), 11 - 3);
  assert.equal(projectedPairs(store, key, { sameTextIsFree: true, acrossColumn: 'source' }), 6 - 2);
});

test('a uniform sample of a larger table prices each pass for the whole table: pairs grow with the square of the factor, single values cost nothing', () => {
  const word = (n: number): string => Array.from({ length: 3 }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join('');
  // 3,000 sampled rows; a name's first four letters repeat in blocks of 10 (300 blocks), each code is unique.
  const rows = Array.from({ length: 3000 }, (_, i) => [`id${i}`, `${word(i % 300)}x ${word(i + 5000)}`]);
  const store = table(['code', 'name'], rows);
  const prefix: BlockingKey = { fields: [{ field: 'name', transforms: ['lowercase', 'strip', 'substring:0:4'] }] };
  const code: BlockingKey = { fields: [{ field: 'code', transforms: ['lowercase', 'strip'] }] };
  assert.equal(projectedPairs(store, prefix), 300 * 45);
  // Standing for 30,000 rows (10×): every pair survives sampling with probability 1/100.
  assert.equal(projectedPairs(store, prefix, { tableRows: 30_000 }), 300 * 45 * 100);
  assert.equal(projectedPairs(store, code, { tableRows: 30_000 }), 0, 'a value seen once is not charged for copies it may not have');
  const profiles = profileColumns(store, []);
  const described = (keys: BlockingKey[]): string[] => keys.map((k) => k.fields.map((f) => `${f.field}:${f.transforms.join('|')}`).join('+'));
  const onSample = described(chooseBlocking(store, profiles));
  const forTable = described(chooseBlocking(store, profiles, { tableRows: 30_000 }));
  // 4.5 pairs per row fits the budget of 40; 450 per row on the whole table does not.
  assert.ok(onSample.includes('name:lowercase|strip|substring:0:4'), onSample.join(', '));
  assert.ok(!forTable.includes('name:lowercase|strip|substring:0:4'), forTable.join(', '));
  assert.ok(forTable.includes('code:lowercase|strip_all'), 'a code blocks whole, its spacing dropped');
});
