/** Worker task: groups rows by the tuple of their prepared-field ids for one blocking pass (exact, by LSD radix sort). */

/** Input of {@link buildPass}: the `ids` buffers (Int32Array, −1 missing) and dictionary sizes of the pass's fields. */
export interface BuildPassTask {
  rowCount: number;
  fieldIds: SharedArrayBuffer[];
  fieldCounts: number[];
  /** Groups larger than this are oversized. */
  maxBlockSize: number;
  /** Drop oversized groups instead of keeping them. */
  skipOversized: boolean;
}

/**
 * One pass's blocks, as shared typed arrays.
 *
 * - `order`: the rows holding every field of the key, grouped by key tuple
 *   (groups in lexicographic id order, rows ascending inside a group).
 * - `starts`: `Int32Array(groups + 1)`, group `g` is `order[starts[g] .. starts[g+1])`.
 *   Singleton groups are kept: `/match` needs them as candidates.
 * - `blockOf`: `Int32Array(rowCount)`, the group of each row, −1 when the row
 *   has a missing key field (or sat in a skipped oversized group).
 */
export interface PassHandle {
  order: SharedArrayBuffer;
  starts: SharedArrayBuffer;
  blockOf: SharedArrayBuffer;
  groups: number;
  rows: number;
  /** Oversized groups: index (in the pre-skip numbering), size and a row holding the key, for the report. */
  oversized: Array<{ group: number; size: number; firstRow: number }>;
  /** Rows dropped with skipped oversized groups. */
  skippedRows: number;
}

/**
 * Groups rows by key tuple. Each field is a counting sort over its
 * dictionary ids, applied last field first (LSD), so grouping is exact and
 * costs O(rows + distinct values) per field with no hashing.
 *
 * @example
 * const pass = buildPass({ rowCount, fieldIds: [surname.ids.buffer], fieldCounts: [surname.count], maxBlockSize: 5000, skipOversized: false });
 */
export function buildPass(task: BuildPassTask): PassHandle {
  const n = task.rowCount;
  const fields = task.fieldIds.map((b) => new Int32Array(b));
  let rows = new Int32Array(n);
  let m = 0;
  outer: for (let r = 0; r < n; r++) {
    for (let f = 0; f < fields.length; f++) if (fields[f][r] < 0) continue outer;
    rows[m++] = r;
  }
  rows = rows.subarray(0, m);
  let tmp = new Int32Array(m);
  for (let f = fields.length - 1; f >= 0; f--) {
    const ids = fields[f];
    const count = new Int32Array(task.fieldCounts[f] + 1);
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
  // Group boundaries: a new group starts where any field id changes.
  const startsTmp = new Int32Array(m + 1);
  let groups = 0;
  for (let i = 0; i < m; i++) {
    let boundary = i === 0;
    if (!boundary) {
      const r = rows[i];
      const p = rows[i - 1];
      for (let f = 0; f < fields.length; f++) {
        if (fields[f][r] !== fields[f][p]) {
          boundary = true;
          break;
        }
      }
    }
    if (boundary) startsTmp[groups++] = i;
  }
  startsTmp[groups] = m;
  const oversized: PassHandle['oversized'] = [];
  const keep = new Uint8Array(groups).fill(1);
  let skippedRows = 0;
  for (let g = 0; g < groups; g++) {
    const size = startsTmp[g + 1] - startsTmp[g];
    if (size > task.maxBlockSize) {
      oversized.push({ group: g, size, firstRow: rows[startsTmp[g]] });
      if (task.skipOversized) {
        keep[g] = 0;
        skippedRows += size;
      }
    }
  }
  const orderBuf = new SharedArrayBuffer(4 * Math.max(1, m - skippedRows));
  const order = new Int32Array(orderBuf);
  const keptGroups = groups - (task.skipOversized ? oversized.length : 0);
  const startsBuf = new SharedArrayBuffer(4 * (keptGroups + 1));
  const starts = new Int32Array(startsBuf);
  const blockOfBuf = new SharedArrayBuffer(4 * Math.max(1, n));
  const blockOf = new Int32Array(blockOfBuf).fill(-1);
  let pos = 0;
  let g2 = 0;
  for (let g = 0; g < groups; g++) {
    if (keep[g] === 0) continue;
    starts[g2] = pos;
    for (let i = startsTmp[g]; i < startsTmp[g + 1]; i++) {
      const r = rows[i];
      order[pos++] = r;
      blockOf[r] = g2;
    }
    g2++;
  }
  starts[g2] = pos;
  return { order: orderBuf, starts: startsBuf, blockOf: blockOfBuf, groups: g2, rows: pos, oversized, skippedRows };
}
