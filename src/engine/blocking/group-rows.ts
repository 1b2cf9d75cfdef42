/** Groups rows by a tuple of small integer codes (dictionary ids or value ranks) with LSD sorts: exact, no hashing. */

/**
 * Rows grouped by code tuple: group `g` is `rows[starts[g] .. starts[g+1])`.
 *
 * @example
 * const { rows, starts, groups } = groupRows(n, [zip.ids], [zip.count]);
 * rows.subarray(starts[0], starts[1]); // the rows of the smallest zip id
 */
export interface RowGroups {
  /** The rows holding every code (≥ 0), groups in lexicographic code order, rows ascending inside a group. */
  rows: Int32Array;
  /** `groups + 1` entries are meaningful; the array may be longer. */
  starts: Int32Array;
  groups: number;
}

/** Options of {@link groupRows}; tests lower the limit to exercise the field-by-field sort on small keys. */
export interface GroupOptions {
  /** Largest product of the fields' counts that is grouped through one composite key (default 2^32, which is also the most). */
  compositeLimit?: number;
}

// A composite key (the code tuple read as one mixed-radix number) fits a Uint32 while the product is at most this.
const COMPOSITE_LIMIT = 2 ** 32;
// Radix digits of at most 11 bits: 2,048 buckets, whose write positions for rows and keys stay in a core's L2.
const DIGIT_BITS = 11;

/**
 * Sorts the rows that have every code by the code tuple and groups equal
 * tuples; rows stay ascending within a group, groups come in lexicographic
 * tuple order. Rows with any code −1 (a missing value) are left out.
 *
 * Two ways, the same result:
 * - a key of two or more fields whose counts multiply to at most
 *   `compositeLimit` is read once, in row order, as one number (the tuple
 *   in mixed radix), and the rows are sorted by it with an LSD radix sort
 *   that carries the keys along: no code is read in sorted order, where at
 *   a million rows each read missed the cache. Tight 1M's three-field pass
 *   took 44–75 ms this way against 87–102 ms field by field;
 * - otherwise field by field, last field first (LSD), each step a stable
 *   counting sort over `0 .. counts[f] − 1`, O(rows + Σ counts). The
 *   histograms of every field are counted in the one pass that filters the
 *   rows (in row order), the first scatter reads in row order too, and the
 *   groups are found from the buckets of the last scatter (the first
 *   field), so only the other fields are read again to split a bucket. A
 *   single-field key reads no code in sorted order at all.
 *
 * @example
 * const g = groupRows(4, [Int32Array.of(1, 0, 1, -1)], [2]);
 * // g.rows = [1, 0, 2], g.groups = 2, g.starts = [0, 1, 3, …]
 */
export function groupRows(rowCount: number, codes: readonly Int32Array[], counts: readonly number[], options: GroupOptions = {}): RowGroups {
  const fields = codes.length;
  let product = 1;
  for (const c of counts) product *= c;
  if (fields >= 2 && product <= Math.min(options.compositeLimit ?? COMPOSITE_LIMIT, COMPOSITE_LIMIT)) return groupByCompositeKey(rowCount, codes, counts, product);
  let rows = new Int32Array(rowCount);
  // bucket[f][v + 1] counts the kept rows whose code f is v; turned into bucket starts below.
  const bucket = counts.map((c) => new Int32Array(c + 1));
  let m = 0;
  outer: for (let r = 0; r < rowCount; r++) {
    for (let f = 0; f < fields; f++) if (codes[f][r] < 0) continue outer;
    for (let f = 0; f < fields; f++) bucket[f][codes[f][r] + 1]++;
    rows[m++] = r;
  }
  rows = rows.subarray(0, m);
  const starts = new Int32Array(m + 1);
  if (fields === 0) {
    // No key: every row in one group.
    const groups = m > 0 ? 1 : 0;
    starts[groups] = m;
    return { rows, starts, groups };
  }
  let tmp = new Int32Array(m);
  for (let f = fields - 1; f >= 0; f--) {
    const ids = codes[f];
    const at = bucket[f];
    for (let v = 1; v < at.length; v++) at[v] += at[v - 1];
    for (let i = 0; i < m; i++) {
      const r = rows[i];
      tmp[at[ids[r]]++] = r;
    }
    const swap = rows;
    rows = tmp;
    tmp = swap;
  }
  // After its scatter, bucket[0][v] is where the rows of first-field value v end.
  const ends = bucket[0];
  let groups = 0;
  let from = 0;
  for (let v = 0; v < counts[0]; v++) {
    const to = ends[v];
    if (to === from) continue;
    starts[groups++] = from;
    // Inside a bucket the first field is equal: a new group starts where another field changes.
    for (let i = from + 1; i < to; i++) {
      const r = rows[i];
      const p = rows[i - 1];
      for (let f = 1; f < fields; f++) {
        if (codes[f][r] !== codes[f][p]) {
          starts[groups++] = i;
          break;
        }
      }
    }
    from = to;
  }
  starts[groups] = m;
  return { rows, starts, groups };
}

/**
 * {@link groupRows} through one key per row: `key = (…(c0 · n1 + c1) · n2 + …)`,
 * exact in a double and below 2^32 by the caller's check, so keys order as
 * the tuples do. Digit histograms are all counted in the pass that builds
 * the keys; each radix pass is stable, so rows with equal keys keep row order.
 *
 * Each loop is a function of its own: a worker runs this a few times (once
 * per pass), so V8 optimises the loops by on-stack replacement, and one
 * function holding them all was compiled whole again for each loop that got
 * hot (six or seven compiles per worker at tight 1M).
 */
function groupByCompositeKey(rowCount: number, codes: readonly Int32Array[], counts: readonly number[], product: number): RowGroups {
  // Bits of the largest key, product − 1 (below 2^32 by the caller's check), in integers: no rounding to reason about.
  const bits = product <= 2 ? 1 : 32 - Math.clz32(product - 1);
  const passes = Math.ceil(bits / DIGIT_BITS);
  const digit = Math.ceil(bits / passes);
  // hist[p · 2^digit + d] counts the keys whose digit p is d; turned into bucket starts below.
  const hist = new Int32Array(passes << digit);
  // Each key beside its row (key at 2i, row at 2i + 1): a scatter writes one stream per bucket, not two
  // (tight 1M's five composite passes, one thread: 187–195 → 160–169 ms).
  let pairs = new Uint32Array(2 * rowCount);
  const m = compositeKeys(rowCount, codes, counts, pairs, hist, passes, digit);
  let tmp = new Uint32Array(2 * m);
  for (let p = 0; p < passes; p++) {
    radixScatter(pairs, tmp, m, hist, p << digit, p * digit, (1 << digit) - 1);
    [pairs, tmp] = [tmp, pairs];
  }
  return groupsOfSorted(pairs, m);
}

/** Writes each kept row's (key, row) at 2i, 2i + 1 of `pairs` and counts every digit of its key in `hist`; returns the kept rows (a row with a code −1 is left out). */
function compositeKeys(rowCount: number, codes: readonly Int32Array[], counts: readonly number[], pairs: Uint32Array, hist: Int32Array, passes: number, digit: number): number {
  const fields = codes.length;
  const mask = (1 << digit) - 1;
  let m = 0;
  outer: for (let r = 0; r < rowCount; r++) {
    let key = 0;
    for (let f = 0; f < fields; f++) {
      const c = codes[f][r];
      if (c < 0) continue outer;
      key = key * counts[f] + c;
    }
    pairs[2 * m] = key;
    pairs[2 * m + 1] = r;
    m++;
    for (let p = 0, k = key; p < passes; p++, k >>>= digit) hist[(p << digit) + (k & mask)]++;
  }
  return m;
}

/** One stable radix pass: the `m` (key, row) pairs of `from` into `to` by the digit at `shift`, its counts at `hist[base…]` turned into bucket starts first. */
function radixScatter(from: Uint32Array, to: Uint32Array, m: number, hist: Int32Array, base: number, shift: number, mask: number): void {
  let sum = 0;
  for (let d = 0; d <= mask; d++) {
    const c = hist[base + d];
    hist[base + d] = sum;
    sum += c;
  }
  for (let i = 0; i < m; i++) {
    const key = from[2 * i];
    const at = 2 * hist[base + ((key >>> shift) & mask)]++;
    to[at] = key;
    to[at + 1] = from[2 * i + 1];
  }
}

/** The rows of `m` sorted (key, row) pairs and where each run of equal keys starts. */
function groupsOfSorted(pairs: Uint32Array, m: number): RowGroups {
  const rows = new Int32Array(m);
  const starts = new Int32Array(m + 1);
  let groups = 0;
  for (let i = 0; i < m; i++) {
    rows[i] = pairs[2 * i + 1];
    if (i === 0 || pairs[2 * i] !== pairs[2 * i - 2]) starts[groups++] = i;
  }
  starts[groups] = m;
  return { rows, starts, groups };
}
