/** Worker task: the sorted order of one sorted-neighbourhood pass, by ranking each field's distinct values once and counting-sorting rows by rank. */
import type { FieldHandle } from '../fields/field-dictionary.js';
import type { PassHandle } from './block-pass.js';
import { groupRows } from './group-rows.js';
import { compareCodeRuns } from '../transforms/code-point-order.js';

/**
 * Input of {@link buildWindowPass}: the prepared fields of the pass's key, in key order.
 *
 * @example
 * const task: BuildWindowPassTask = { rowCount: store.rowCount, fields: [surname.handle, givenName.handle] };
 */
export interface BuildWindowPassTask {
  rowCount: number;
  fields: FieldHandle[];
}

/**
 * Orders the rows holding every key field by their key tuple: field by
 * field, each value in code-point order (so a one-field key is sorted by its
 * transformed string), ties by row id. Each field's distinct values are
 * sorted once (O(d log d) comparisons of shared code points, d ≪ rows when
 * values repeat); rows are then placed by an LSD counting sort over value
 * ranks, O(rows) per field. Never compares rows pairwise.
 *
 * The handle reads as a pass handle with a different `blockOf`:
 *
 * - `order`: the rows in sorted order (their positions are 0 .. rows − 1);
 * - `starts`/`groups`: runs of equal key tuples, ascending (for `/match`'s
 *   binary search);
 * - `blockOf`: each row's position in `order`, −1 when a key field is missing.
 *
 * @example
 * const pass = buildWindowPass({ rowCount: store.rowCount, fields: [surname.handle] });
 * new Int32Array(pass.order); // rows by surname, then row id
 */
export function buildWindowPass(task: BuildWindowPassTask): PassHandle {
  const n = task.rowCount;
  const ranked = task.fields.map((h) => rankedIds(h));
  const { rows, starts, groups } = groupRows(n, ranked, task.fields.map((h) => h.count));
  const m = rows.length;
  const order = new SharedArrayBuffer(4 * Math.max(1, m));
  new Int32Array(order).set(rows);
  const startsBuf = new SharedArrayBuffer(4 * (groups + 1));
  new Int32Array(startsBuf).set(starts.subarray(0, groups + 1));
  const blockOf = new SharedArrayBuffer(4 * Math.max(1, n));
  const position = new Int32Array(blockOf).fill(-1);
  for (let i = 0; i < m; i++) position[rows[i]] = i;
  return { order, starts: startsBuf, blockOf, subBlocks: null, keyTable: null, groups, rows: m, oversized: [], skippedRows: 0, pairsBefore: null };
}

/** Each row's rank of its value among the field's distinct values in code-point order (−1 when missing). */
function rankedIds(h: FieldHandle): Int32Array {
  const codes = new Uint32Array(h.codes);
  const offsets = new Int32Array(h.offsets);
  const byValue = new Int32Array(h.count);
  for (let v = 0; v < h.count; v++) byValue[v] = v;
  byValue.sort((x, y) => compareCodeRuns(codes, offsets[x], offsets[x + 1], codes, offsets[y], offsets[y + 1]));
  const rank = new Int32Array(h.count);
  for (let k = 0; k < h.count; k++) rank[byValue[k]] = k;
  const ids = new Int32Array(h.ids);
  const out = new Int32Array(h.rowCount);
  for (let r = 0; r < h.rowCount; r++) out[r] = ids[r] < 0 ? -1 : rank[ids[r]];
  return out;
}
