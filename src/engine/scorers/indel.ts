/** Indel (insert/delete only) distance and normalised similarity over code-point ranges. */
import { ensureInt32 } from './code-buffer.js';
import { PatternMasks } from './pattern-masks.js';

let row = new Int32Array(64);
const patternMasks = new PatternMasks();

// Hyyrö's bit-vector LCS: bit i of `s` is 0 where row i of the LCS column
// gained a match; one add and a few logic operations per text character.
function lcsBitParallel(p: Uint32Array, pStart: number, m: number, t: Uint32Array, tStart: number, n: number): number {
  const masks = patternMasks;
  masks.load(p, pStart, m);
  let s = -1;
  for (let j = 0; j < n; j++) {
    const u = s & masks.mask(t[tStart + j]);
    s = (s + u) | (s - u);
  }
  masks.clear();
  let unmatched = ~s & (m === 32 ? -1 : (1 << m) - 1);
  let count = 0;
  while (unmatched !== 0) {
    unmatched &= unmatched - 1;
    count++;
  }
  return count;
}

/**
 * Length of the longest common subsequence of `a[aStart..aEnd)` and
 * `b[bStart..bEnd)`. Allocation-free.
 *
 * @example
 * const a = stringToCodes('Foo'), b = stringToCodes('foo');
 * longestCommonSubsequenceCodes(a, 0, 3, b, 0, 3); // 2
 */
export function longestCommonSubsequenceCodes(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
): number {
  let common = 0;
  while (aStart < aEnd && bStart < bEnd && a[aStart] === b[bStart]) {
    aStart++;
    bStart++;
    common++;
  }
  while (aStart < aEnd && bStart < bEnd && a[aEnd - 1] === b[bEnd - 1]) {
    aEnd--;
    bEnd--;
    common++;
  }
  const la = aEnd - aStart;
  const lb = bEnd - bStart;
  if (la === 0 || lb === 0) return common;
  if (la <= 32 || lb <= 32) {
    return (
      common +
      (la <= lb ? lcsBitParallel(a, aStart, la, b, bStart, lb) : lcsBitParallel(b, bStart, lb, a, aStart, la))
    );
  }
  row = ensureInt32(row, lb + 1);
  const r = row;
  r.fill(0, 0, lb + 1);
  for (let i = 0; i < la; i++) {
    const c = a[aStart + i];
    let diagonal = 0;
    for (let j = 1; j <= lb; j++) {
      const above = r[j];
      let v: number;
      if (b[bStart + j - 1] === c) v = diagonal + 1;
      else v = above > r[j - 1] ? above : r[j - 1];
      r[j] = v;
      diagonal = above;
    }
  }
  return common + r[lb];
}

/**
 * Normalised Indel similarity `1 − (|a| + |b| − 2·LCS) / (|a| + |b|)`, the
 * fraction behind RapidFuzz's `fuzz.ratio`; both empty → 1.
 *
 * @example
 * const a = stringToCodes('Foo'), b = stringToCodes('foo');
 * indelSimilarityCodes(a, 0, 3, b, 0, 3); // 0.666667
 */
export function indelSimilarityCodes(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
): number {
  const total = aEnd - aStart + (bEnd - bStart);
  if (total === 0) return 1;
  const lcs = longestCommonSubsequenceCodes(a, aStart, aEnd, b, bStart, bEnd);
  return 1 - (total - 2 * lcs) / total;
}
