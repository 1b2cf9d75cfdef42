/** Levenshtein edit distance and its normalised similarity over code-point ranges. */
import { CodeBuffer, ensureInt32 } from './code-buffer.js';
import { PatternMasks } from './pattern-masks.js';

let row = new Int32Array(64);
const patternMasks = new PatternMasks();
const bufA = new CodeBuffer();
const bufB = new CodeBuffer();

/**
 * Levenshtein distance (insertions, deletions, substitutions, each cost 1)
 * between `a[aStart..aEnd)` and `b[bStart..bEnd)`. Allocation-free.
 *
 * @example
 * const a = stringToCodes('kitten'), b = stringToCodes('sitting');
 * levenshteinDistanceCodes(a, 0, 6, b, 0, 7); // 3
 */
export function levenshteinDistanceCodes(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
): number {
  // A shared prefix or suffix never changes the distance; dropping it keeps the table small.
  while (aStart < aEnd && bStart < bEnd && a[aStart] === b[bStart]) {
    aStart++;
    bStart++;
  }
  while (aStart < aEnd && bStart < bEnd && a[aEnd - 1] === b[bEnd - 1]) {
    aEnd--;
    bEnd--;
  }
  const la = aEnd - aStart;
  const lb = bEnd - bStart;
  if (la === 0) return lb;
  if (lb === 0) return la;
  // Levenshtein is symmetric: the shorter side is the bit-parallel pattern.
  if (la <= 32 || lb <= 32) {
    return la <= lb
      ? levenshteinBitParallel(a, aStart, la, b, bStart, lb)
      : levenshteinBitParallel(b, bStart, lb, a, aStart, la);
  }
  return levenshteinTable(a, aStart, la, b, bStart, lb);
}

// Myers/Hyyrö bit-vector algorithm: one column of the DP table is held as
// vertical +1/−1 delta bit masks, updated with a handful of word operations
// per text character. 32-bit wrap-around of `+` is what the method needs,
// and `^`/`|` apply it.
function levenshteinBitParallel(p: Uint32Array, pStart: number, m: number, t: Uint32Array, tStart: number, n: number): number {
  const masks = patternMasks;
  masks.load(p, pStart, m);
  let positive = m === 32 ? -1 : (1 << m) - 1;
  let negative = 0;
  let distance = m;
  const last = 1 << (m - 1);
  for (let j = 0; j < n; j++) {
    const eq = masks.mask(t[tStart + j]);
    const xv = eq | negative;
    const xh = (((eq & positive) + positive) ^ positive) | eq;
    let ph = negative | ~(xh | positive);
    let mh = positive & xh;
    if (ph & last) distance++;
    else if (mh & last) distance--;
    ph = (ph << 1) | 1;
    mh <<= 1;
    positive = mh | ~(xv | ph);
    negative = ph & xv;
  }
  masks.clear();
  return distance;
}

function levenshteinTable(a: Uint32Array, aStart: number, la: number, b: Uint32Array, bStart: number, lb: number): number {
  row = ensureInt32(row, lb + 1);
  const r = row;
  for (let j = 0; j <= lb; j++) r[j] = j;
  for (let i = 1; i <= la; i++) {
    const c = a[aStart + i - 1];
    let diagonal = r[0];
    r[0] = i;
    for (let j = 1; j <= lb; j++) {
      const above = r[j];
      let best = diagonal + (b[bStart + j - 1] === c ? 0 : 1);
      const del = above + 1;
      if (del < best) best = del;
      const ins = r[j - 1] + 1;
      if (ins < best) best = ins;
      r[j] = best;
      diagonal = above;
    }
  }
  return r[lb];
}

/**
 * `1 − distance / max(|a|, |b|)` over code-point ranges; both empty → 1.
 *
 * @example
 * const a = stringToCodes('flaw'), b = stringToCodes('lawn');
 * levenshteinSimilarityCodes(a, 0, 4, b, 0, 4); // 0.5
 */
export function levenshteinSimilarityCodes(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
): number {
  const longest = Math.max(aEnd - aStart, bEnd - bStart);
  if (longest === 0) return 1;
  return 1 - levenshteinDistanceCodes(a, aStart, aEnd, b, bStart, bEnd) / longest;
}

/**
 * Normalised Levenshtein similarity of two strings (by code point).
 *
 * @example
 * levenshteinSimilarity('kitten', 'sitting'); // 0.571428...
 * levenshteinSimilarity('', 'abc');           // 0
 */
export function levenshteinSimilarity(a: string, b: string): number {
  const la = bufA.load(a);
  const lb = bufB.load(b);
  return levenshteinSimilarityCodes(bufA.codes, 0, la, bufB.codes, 0, lb);
}

/**
 * Levenshtein distance of two strings (by code point).
 *
 * @example
 * levenshteinDistance('flaw', 'lawn'); // 2
 */
export function levenshteinDistance(a: string, b: string): number {
  const la = bufA.load(a);
  const lb = bufB.load(b);
  return levenshteinDistanceCodes(bufA.codes, 0, la, bufB.codes, 0, lb);
}
