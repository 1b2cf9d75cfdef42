/** Jaro and Jaro–Winkler similarity over code-point ranges (RapidFuzz semantics). */
import { CodeBuffer, ensureUint32 } from './code-buffer.js';

// Long strings (over 32 code points): which b positions are matched (a slot
// holds the current call's stamp when matched, so nothing needs clearing
// between calls), and the matched characters of a in order.
let matchedB = new Uint32Array(64);
let matchedAChars = new Uint32Array(64);
let stamp = 0;

// Short strings: bit j of occurrences[c] is set while the string loaded
// last has code point c at position j. Indexed by any code point (the whole
// Unicode range: 4 MiB of address space, of which only the pages of the
// characters actually seen become resident), so the inner loop needs no
// branch for rare characters. Every entry a call sets is reset before it returns.
const occurrences = new Int32Array(0x110000);

// QUOTIENTS[n * 33 + d] = n / d for n, d in 0..32: the ratios of the short path.
const QUOTIENTS = new Float64Array(33 * 33);
for (let n = 0; n <= 32; n++) for (let d = 1; d <= 32; d++) QUOTIENTS[n * 33 + d] = n / d;

const bufA = new CodeBuffer();
const bufB = new CodeBuffer();

function similarityFrom(la: number, lb: number, m: number, outOfOrder: number): number {
  const t = outOfOrder >> 1;
  return (m / la + m / lb + (m - t) / m) / 3;
}

// Both lengths in 1..32: matched positions fit in one int each, and each
// character of a finds its match with one mask operation instead of scanning
// its window (the lowest unmatched position in the window, as the scan would
// pick). Branch-free per character: on random name pairs whether a character
// matches is a coin toss, and a mispredicted branch costs more than the
// arithmetic that replaces it.
function jaroShort(a: Uint32Array, aStart: number, la: number, b: Uint32Array, bStart: number, lb: number): number {
  const occ = occurrences;
  for (let j = 0; j < lb; j++) occ[b[bStart + j]] |= 1 << j;
  const window = ((la > lb ? la : lb) >> 1) - 1;
  const span = 2 * window + 1;
  // Bits [i − window, i + window] ∩ [0, lb) = band shifted to start at i − window, cut to lb.
  const band = span >= 32 ? -1 : (1 << span) - 1;
  const inB = lb >= 32 ? -1 : (1 << lb) - 1;
  let matchedA = 0;
  let matchedB = 0;
  // Two loops so neither tests which way to shift: before position `window`
  // the band is cut at 0, from there on it slides.
  const head = window < la ? window : la;
  for (let i = 0; i < head; i++) {
    const candidates = occ[a[aStart + i]] & (band >>> (window - i)) & inB & ~matchedB;
    const first = candidates & -candidates;
    matchedB |= first;
    // 1 when there was a candidate: first | −first has the sign bit set iff first ≠ 0.
    matchedA |= ((first | -first) >>> 31) << i;
  }
  for (let i = head; i < la; i++) {
    const candidates = occ[a[aStart + i]] & (band << (i - window)) & inB & ~matchedB;
    const first = candidates & -candidates;
    matchedB |= first;
    matchedA |= ((first | -first) >>> 31) << i;
  }
  for (let j = 0; j < lb; j++) occ[b[bStart + j]] = 0;
  if (matchedA === 0) return 0;
  // Pair the k-th matched position of a with the k-th of b; count differing characters.
  let outOfOrder = 0;
  let ma = matchedA;
  let mb = matchedB;
  while (ma !== 0) {
    const i = 31 - Math.clz32(ma & -ma);
    const j = 31 - Math.clz32(mb & -mb);
    const differ = a[aStart + i] ^ b[bStart + j];
    outOfOrder += (differ | -differ) >>> 31;
    ma &= ma - 1;
    mb &= mb - 1;
  }
  const m = bitCount(matchedA);
  const t = outOfOrder >> 1;
  // similarityFrom with its three quotients looked up: the same doubles, as
  // division is exactly rounded, without three dependent divisions.
  return (QUOTIENTS[m * 33 + la] + QUOTIENTS[m * 33 + lb] + QUOTIENTS[(m - t) * 33 + m]) / 3;
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function jaroLong(a: Uint32Array, aStart: number, la: number, b: Uint32Array, bStart: number, lb: number): number {
  if (matchedB.length < lb) matchedB = new Uint32Array(Math.max(lb, matchedB.length * 2));
  matchedAChars = ensureUint32(matchedAChars, la);
  if (stamp === 0xffffffff) {
    matchedB.fill(0);
    stamp = 0;
  }
  const mark = ++stamp;
  const flags = matchedB;
  const chars = matchedAChars;
  const window = ((la > lb ? la : lb) >> 1) - 1;

  let m = 0;
  for (let i = 0; i < la; i++) {
    const c = a[aStart + i];
    const lo = i > window ? i - window : 0;
    const hi = i + window + 1 < lb ? i + window + 1 : lb;
    for (let j = lo; j < hi; j++) {
      if (flags[j] !== mark && b[bStart + j] === c) {
        flags[j] = mark;
        chars[m++] = c;
        break;
      }
    }
  }
  if (m === 0) return 0;

  let outOfOrder = 0;
  let k = 0;
  for (let i = 0; i < m; i++) {
    while (flags[k] !== mark) k++;
    if (chars[i] !== b[bStart + k]) outOfOrder++;
    k++;
  }
  return similarityFrom(la, lb, m, outOfOrder);
}

/**
 * Jaro similarity of `a[aStart..aEnd)` and `b[bStart..bEnd)`: with `m`
 * characters matching within the window `max(|a|,|b|)/2 − 1` (integer
 * division; each character of a takes the first unmatched equal character of
 * b in its window) and `t` = half the matched characters out of order
 * (rounded down), `(m/|a| + m/|b| + (m − t)/m) / 3`. Both empty → 1; one
 * empty → 0; two single characters → equality. Allocation-free; strings up
 * to 32 code points take a bit-parallel path with the same result.
 *
 * @example
 * const a = stringToCodes('martha'), b = stringToCodes('marhta');
 * jaroCodes(a, 0, a.length, b, 0, b.length); // 0.944444...
 */
export function jaroCodes(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
): number {
  const la = aEnd - aStart;
  const lb = bEnd - bStart;
  if (la === 0 || lb === 0) return la === lb ? 1 : 0;
  if (la === 1 && lb === 1) return a[aStart] === b[bStart] ? 1 : 0;
  return la <= 32 && lb <= 32 ? jaroShort(a, aStart, la, b, bStart, lb) : jaroLong(a, aStart, la, b, bStart, lb);
}

/**
 * Jaro–Winkler similarity over code-point ranges: the Jaro similarity, and
 * when it exceeds 0.7, `sim + p·0.1·(1 − sim)` with `p` the common prefix
 * length capped at 4. Case-sensitive. Allocation-free.
 *
 * @example
 * const a = stringToCodes('martha'), b = stringToCodes('marhta');
 * jaroWinklerCodes(a, 0, a.length, b, 0, b.length); // 0.961111...
 */
export function jaroWinklerCodes(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
): number {
  const sim = jaroCodes(a, aStart, aEnd, b, bStart, bEnd);
  if (sim <= 0.7) return sim;
  const shorter = aEnd - aStart < bEnd - bStart ? aEnd - aStart : bEnd - bStart;
  const limit = shorter < 4 ? shorter : 4;
  let prefix = 0;
  while (prefix < limit && a[aStart + prefix] === b[bStart + prefix]) prefix++;
  return sim + prefix * 0.1 * (1 - sim);
}

/**
 * Jaro similarity of two strings (compared by code point).
 *
 * @example
 * jaro('martha', 'marhta'); // 0.944444...
 */
export function jaro(a: string, b: string): number {
  const la = bufA.load(a);
  const lb = bufB.load(b);
  return jaroCodes(bufA.codes, 0, la, bufB.codes, 0, lb);
}

/**
 * Jaro–Winkler similarity of two strings (compared by code point).
 *
 * @example
 * jaroWinkler('john smith', 'jon smith'); // 0.973333...
 * jaroWinkler('', '');                    // 1
 */
export function jaroWinkler(a: string, b: string): number {
  const la = bufA.load(a);
  const lb = bufB.load(b);
  return jaroWinklerCodes(bufA.codes, 0, la, bufB.codes, 0, lb);
}
