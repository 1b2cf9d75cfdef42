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

// Short strings: the matched characters of a in order (one slot past 32, as
// the pairing loop reads slot m before knowing the position is unmatched).
const shortMatchedA = new Uint32Array(33);

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
// arithmetic that replaces it. Three loops in all (load b, match a, pair and
// unload b): fewer loops measured faster than the per-character work they add
// saves, likely as the exit of a loop whose length varies from call to call
// is mispredicted. The loops run a position rather than an index added to
// aStart / bStart, which spares V8 an overflow-checked add per character.
// window ≥ 0: jaroCodes answers two single characters itself.
function jaroShort(a: Uint32Array, aStart: number, la: number, b: Uint32Array, bStart: number, lb: number): number {
  const occ = occurrences;
  const chars = shortMatchedA;
  const bEnd = bStart + lb;
  for (let p = bStart, bit = 1; p < bEnd; p++, bit <<= 1) occ[b[p]] |= bit;
  const window = ((la > lb ? la : lb) >> 1) - 1;
  // Unmatched positions of b; a match clears its bit (avail ^= first).
  let avail = lb >= 32 ? -1 : (1 << lb) - 1;
  // Window of the current position, [i − window, i + window] cut at 0 (and
  // at 31, beyond lb anyway): it grows by one at the top while i < window,
  // then slides. One loop with a mask update rather than one loop per phase.
  let band = (2 << window) - 1;
  let m = 0;
  const aEnd = aStart + la;
  const slideFrom = aStart + window;
  for (let p = aStart; p < aEnd; p++) {
    const c = a[p];
    const candidates = occ[c] & band & avail;
    const first = candidates & -candidates;
    avail ^= first;
    // Written every time, kept only on a match: m advances by 1 when there was
    // a candidate (first | −first has the sign bit set iff first ≠ 0).
    chars[m] = c;
    m += (first | -first) >>> 31;
    band = (band << 1) | ((p - slideFrom) >>> 31);
  }
  // Pair the k-th matched character of a with the k-th matched position of b
  // and count the differing pairs, while resetting b's occurrence entries.
  let matchedInB = ~avail;
  let outOfOrder = 0;
  let k = 0;
  for (let p = bStart; p < bEnd; p++) {
    const c = b[p];
    occ[c] = 0;
    const matched = matchedInB & 1;
    matchedInB >>>= 1;
    const differ = chars[k] ^ c;
    outOfOrder += ((differ | -differ) >>> 31) & matched;
    k += matched;
  }
  if (m === 0) return 0;
  const t = outOfOrder >> 1;
  // similarityFrom with its three quotients looked up: the same doubles, as
  // division is exactly rounded, without three dependent divisions.
  return (QUOTIENTS[m * 33 + la] + QUOTIENTS[m * 33 + lb] + QUOTIENTS[(m - t) * 33 + m]) / 3;
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
