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
 * @example
 * const g = groupRows(4, [Int32Array.of(1, 0, 1, -1)], [2]);
 * // g.rows = [1, 0, 2], g.groups = 2, g.starts = [0, 1, 3, …]
 */
export function groupRows(rowCount: number, codes: readonly Int32Array[], counts: readonly number[]): RowGroups {
  let rows = new Int32Array(rowCount);
  let m = 0;
  outer: for (let r = 0; r < rowCount; r++) {
    for (let f = 0; f < codes.length; f++) if (codes[f][r] < 0) continue outer;
    rows[m++] = r;
  }
  rows = rows.subarray(0, m);
  let tmp = new Int32Array(m);
  for (let f = codes.length - 1; f >= 0; f--) {
    const ids = codes[f];
    const count = new Int32Array(counts[f] + 1);
    for (let i = 0; i < m; i++) count[ids[rows[i]] + 1]++;
    for (let v = 1; v < count.length; v++) count[v] += count[v - 1];
    for (let i = 0; i < m; i++) {
      const r = rows[i];
      tmp[count[ids[r]]++] = r;
    }
    const swap = rows;
    rows = tmp;
    tmp = swap;
  }
  // A new group starts where any code changes.
  const starts = new Int32Array(m + 1);
  let groups = 0;
  for (let i = 0; i < m; i++) {
    let boundary = i === 0;
    if (!boundary) {
      const r = rows[i];
      const p = rows[i - 1];
      for (let f = 0; f < codes.length; f++) {
        if (codes[f][r] !== codes[f][p]) {
          boundary = true;
          break;
        }
      }
    }
    if (boundary) starts[groups++] = i;
  }
  starts[groups] = m;
  return { rows, starts, groups };
}
