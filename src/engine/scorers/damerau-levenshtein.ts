/** Unrestricted Damerau–Levenshtein distance and similarity over code-point ranges. */
import { CodeBuffer, ensureInt32 } from './code-buffer.js';

// Scratch: the (|a|+2)×(|b|+2) table; both strings rewritten over a compact
// alphabet (0..k−1), so "last row where this character appeared in a" is a
// plain array; and an open-addressing map from code point to its compact
// symbol. Map slots carry a stamp, so the map is emptied by bumping the stamp.
let table = new Int32Array(256);
let symbolsA = new Int32Array(64);
let symbolsB = new Int32Array(64);
let lastRow = new Int32Array(64);
let slotKey = new Uint32Array(128);
let slotSymbol = new Int32Array(128);
let slotStamp = new Uint32Array(128);
let stamp = 0;

const bufA = new CodeBuffer();
const bufB = new CodeBuffer();

function symbolOf(code: number, mask: number, mark: number, next: number): number {
  let s = (Math.imul(code, 0x9e3779b1) >>> 0) & mask;
  for (;;) {
    if (slotStamp[s] !== mark) {
      slotStamp[s] = mark;
      slotKey[s] = code;
      slotSymbol[s] = next;
      return next;
    }
    if (slotKey[s] === code) return slotSymbol[s];
    s = (s + 1) & mask;
  }
}

// Rewrites a and b over a compact alphabet; returns its size.
function compactAlphabet(a: Uint32Array, aStart: number, la: number, b: Uint32Array, bStart: number, lb: number): number {
  let capacity = slotKey.length;
  while (capacity < 2 * (la + lb)) capacity *= 2;
  if (capacity !== slotKey.length) {
    slotKey = new Uint32Array(capacity);
    slotSymbol = new Int32Array(capacity);
    slotStamp = new Uint32Array(capacity);
    stamp = 0;
  }
  if (stamp === 0xffffffff) {
    slotStamp.fill(0);
    stamp = 0;
  }
  const mark = ++stamp;
  const mask = capacity - 1;
  symbolsA = ensureInt32(symbolsA, la);
  symbolsB = ensureInt32(symbolsB, lb);
  let size = 0;
  for (let i = 0; i < la; i++) {
    const s = symbolOf(a[aStart + i], mask, mark, size);
    if (s === size) size++;
    symbolsA[i] = s;
  }
  for (let j = 0; j < lb; j++) {
    const s = symbolOf(b[bStart + j], mask, mark, size);
    if (s === size) size++;
    symbolsB[j] = s;
  }
  return size;
}

/**
 * Unrestricted Damerau–Levenshtein distance: the fewest insertions,
 * deletions, substitutions and transpositions of adjacent characters, where
 * (unlike optimal string alignment) a transposed pair may be edited further.
 * Allocation-free.
 *
 * @example
 * const a = stringToCodes('ca'), b = stringToCodes('abc');
 * damerauLevenshteinDistanceCodes(a, 0, 2, b, 0, 3); // 2 (OSA would say 3)
 */
export function damerauLevenshteinDistanceCodes(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
): number {
  const la = aEnd - aStart;
  const lb = bEnd - bStart;
  if (la === 0) return lb;
  if (lb === 0) return la;
  const width = lb + 2;
  table = ensureInt32(table, (la + 2) * width);
  const alphabet = compactAlphabet(a, aStart, la, b, bStart, lb);
  lastRow = ensureInt32(lastRow, alphabet);
  lastRow.fill(0, 0, alphabet);
  const d = table;
  const sa = symbolsA;
  const sb = symbolsB;
  const da = lastRow;
  const infinity = la + lb;

  // Row/column 0 of the table are the "infinity" border; row i+1 is prefix a[0..i).
  d[0] = infinity;
  for (let i = 0; i <= la; i++) {
    d[(i + 1) * width] = infinity;
    d[(i + 1) * width + 1] = i;
  }
  for (let j = 0; j <= lb; j++) {
    d[j + 1] = infinity;
    d[width + j + 1] = j;
  }
  for (let i = 1; i <= la; i++) {
    const ca = sa[i - 1];
    let lastMatchColumn = 0;
    const rowBase = (i + 1) * width;
    const upBase = i * width;
    for (let j = 1; j <= lb; j++) {
      const cb = sb[j - 1];
      const k = da[cb];
      const l = lastMatchColumn;
      let cost = 1;
      if (ca === cb) {
        cost = 0;
        lastMatchColumn = j;
      }
      let best = d[upBase + j] + cost;
      const ins = d[rowBase + j] + 1;
      if (ins < best) best = ins;
      const del = d[upBase + j + 1] + 1;
      if (del < best) best = del;
      const trans = d[k * width + l] + (i - k - 1) + 1 + (j - l - 1);
      if (trans < best) best = trans;
      d[rowBase + j + 1] = best;
    }
    da[ca] = i;
  }
  return d[(la + 1) * width + lb + 1];
}

/**
 * `1 − distance / max(|a|, |b|)` with the unrestricted Damerau–Levenshtein
 * distance; both empty → 1.
 *
 * @example
 * const a = stringToCodes('abcd'), b = stringToCodes('acbd');
 * damerauLevenshteinSimilarityCodes(a, 0, 4, b, 0, 4); // 0.75
 */
export function damerauLevenshteinSimilarityCodes(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
): number {
  const longest = Math.max(aEnd - aStart, bEnd - bStart);
  if (longest === 0) return 1;
  return 1 - damerauLevenshteinDistanceCodes(a, aStart, aEnd, b, bStart, bEnd) / longest;
}

/**
 * Unrestricted Damerau–Levenshtein distance of two strings (by code point).
 *
 * @example
 * damerauLevenshteinDistance('ca', 'abc'); // 2
 */
export function damerauLevenshteinDistance(a: string, b: string): number {
  const la = bufA.load(a);
  const lb = bufB.load(b);
  return damerauLevenshteinDistanceCodes(bufA.codes, 0, la, bufB.codes, 0, lb);
}

/**
 * Normalised unrestricted Damerau–Levenshtein similarity of two strings.
 *
 * @example
 * damerauLevenshteinSimilarity('abcd', 'acbd'); // 0.75
 */
export function damerauLevenshteinSimilarity(a: string, b: string): number {
  const la = bufA.load(a);
  const lb = bufB.load(b);
  return damerauLevenshteinSimilarityCodes(bufA.codes, 0, la, bufB.codes, 0, lb);
}
