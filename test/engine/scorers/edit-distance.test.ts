/** Levenshtein and unrestricted Damerau–Levenshtein: known distances, edge cases, and agreement with plain DP tables on every kernel path. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  damerauLevenshteinDistance,
  damerauLevenshteinSimilarity,
  levenshteinDistance,
  levenshteinSimilarity,
} from '../../../src/engine/scorers/registry.js';
import { longestCommonSubsequenceCodes } from '../../../src/engine/scorers/indel.js';
import { stringToCodes } from '../../../src/engine/fields/field-dictionary.js';
import { assertClose } from './assert-close.js';

function plainLevenshtein(x: string, y: string): number {
  const a = Array.from(x);
  const b = Array.from(y);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** Unrestricted Damerau–Levenshtein by the Lowrance–Wagner recurrence, with plain arrays and a Map. */
function plainDamerau(x: string, y: string): number {
  const a = Array.from(x);
  const b = Array.from(y);
  const inf = a.length + b.length;
  const d: number[][] = Array.from({ length: a.length + 2 }, () => new Array<number>(b.length + 2).fill(0));
  d[0][0] = inf;
  for (let i = 0; i <= a.length; i++) {
    d[i + 1][0] = inf;
    d[i + 1][1] = i;
  }
  for (let j = 0; j <= b.length; j++) {
    d[0][j + 1] = inf;
    d[1][j + 1] = j;
  }
  const lastRow = new Map<string, number>();
  for (let i = 1; i <= a.length; i++) {
    let lastCol = 0;
    for (let j = 1; j <= b.length; j++) {
      const k = lastRow.get(b[j - 1]) ?? 0;
      const l = lastCol;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      if (cost === 0) lastCol = j;
      d[i + 1][j + 1] = Math.min(d[i][j] + cost, d[i + 1][j] + 1, d[i][j + 1] + 1, d[k][l] + (i - k - 1) + 1 + (j - l - 1));
    }
    lastRow.set(a[i - 1], i);
  }
  return d[a.length + 1][b.length + 1];
}

function plainLcs(x: string, y: string): number {
  const a = Array.from(x);
  const b = Array.from(y);
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = [0];
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    prev = cur;
  }
  return prev[b.length];
}

test('known Levenshtein distances and similarities', () => {
  assert.equal(levenshteinDistance('kitten', 'sitting'), 3);
  assert.equal(levenshteinDistance('flaw', 'lawn'), 2);
  assert.equal(levenshteinDistance('', ''), 0);
  assert.equal(levenshteinSimilarity('', ''), 1);
  assert.equal(levenshteinSimilarity('a', ''), 0);
  assert.equal(levenshteinSimilarity('a', 'a'), 1);
  assertClose(levenshteinSimilarity('😀bc', 'abc'), 2 / 3, 'emoji is one substitution');
});

test('known unrestricted Damerau–Levenshtein distances (jellyfish test data)', () => {
  const cases: Array<[string, string, number]> = [
    ['', '', 0],
    ['abc', '', 3],
    ['bc', 'abc', 1],
    ['fuor', 'four', 1],
    ['abcd', 'acb', 2],
    ['cape sand recycling ', 'edith ann graham', 17],
    ['jellyifhs', 'jellyfish', 2],
    ['ifhs', 'fish', 2],
  ];
  for (const [a, b, d] of cases) assert.equal(damerauLevenshteinDistance(a, b), d, `${a}/${b}`);
});

test('Damerau–Levenshtein is unrestricted: a transposed pair can be edited again (ca → abc is 2, not 3)', () => {
  assert.equal(damerauLevenshteinDistance('ca', 'abc'), 2);
  assert.equal(levenshteinDistance('ca', 'abc'), 3);
  assertClose(damerauLevenshteinSimilarity('abcd', 'acbd'), 0.75, 'one transposition in 4');
  assert.equal(damerauLevenshteinSimilarity('', ''), 1);
});

test('the kernels agree with plain tables, short (bit-parallel) and long (table) alike, with astral characters', () => {
  let seed = 987;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const alphabet = ['a', 'b', 'c', 'd', '😀', '漢', 'é', ' '];
  const make = (max: number): string => {
    const len = Math.floor(random() * max);
    let s = '';
    for (let i = 0; i < len; i++) s += alphabet[Math.floor(random() * alphabet.length)];
    return s;
  };
  for (let n = 0; n < 1500; n++) {
    const max = n % 4 === 0 ? 80 : 36;
    const a = make(max);
    const b = make(max);
    assert.equal(levenshteinDistance(a, b), plainLevenshtein(a, b), `lev(${a}, ${b})`);
    assert.equal(damerauLevenshteinDistance(a, b), plainDamerau(a, b), `dl(${a}, ${b})`);
    const x = stringToCodes(a);
    const y = stringToCodes(b);
    assert.equal(longestCommonSubsequenceCodes(x, 0, x.length, y, 0, y.length), plainLcs(a, b), `lcs(${a}, ${b})`);
  }
});
