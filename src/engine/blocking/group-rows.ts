/** Groups rows by a tuple of small integer codes (dictionary ids or value ranks) with an LSD counting sort: exact, no hashing. */

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

/**
 * Sorts the rows that have every code by the code tuple, last code first
 * (LSD), each step a stable counting sort over `0 .. counts[f] − 1`, so the
 * cost is O(rows + Σ counts) and rows stay ascending within a group. Rows
 * with any code −1 (a missing value) are left out.
 *
 * At a million rows each read of a code in sorted order misses the cache,
 * so the sort reads as few of them as it can: the histograms of every field
 * are counted in the one pass that filters the rows (in row order, reading
 * each code array front to back; a histogram does not depend on the order),
 * the first scatter reads in row order too, and the groups are found from
 * the buckets of the last scatter (the first field), so only the other
 * fields are read again to split a bucket. A single-field key reads no code
 * in sorted order at all.
 *
 * @example
 * const g = groupRows(4, [Int32Array.of(1, 0, 1, -1)], [2]);
 * // g.rows = [1, 0, 2], g.groups = 2, g.starts = [0, 1, 3, …]
 */
export function groupRows(rowCount: number, codes: readonly Int32Array[], counts: readonly number[]): RowGroups {
  const fields = codes.length;
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
