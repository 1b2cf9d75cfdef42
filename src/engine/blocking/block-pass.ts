/** Worker task: groups rows by the tuple of their prepared-field ids for one blocking pass (exact, by LSD radix sort), splitting oversized groups by a secondary key when asked. */
import type { FieldHandle } from '../fields/field-dictionary.js';
import { groupRows } from './group-rows.js';
import { CHECKPOINT_RUNS } from './pair-layout.js';

/**
 * Input of {@link buildPass}: the `ids` buffers (Int32Array, −1 missing) and dictionary sizes of the pass's fields.
 *
 * @example
 * const task: BuildPassTask = { rowCount, fieldIds: [zip.handle.ids], fieldCounts: [zip.count], maxBlockSize: 5000, skipOversized: false, splitIds: [surname.handle.ids] };
 */
export interface BuildPassTask {
  rowCount: number;
  fieldIds: SharedArrayBuffer[];
  fieldCounts: number[];
  /** Groups larger than this are oversized. */
  maxBlockSize: number;
  /** Drop oversized groups (or sub-blocks) instead of keeping them. */
  skipOversized: boolean;
  /**
   * The secondary key's `ids` buffers: an oversized group is re-blocked by
   * the pass key extended with these fields. Empty or absent: no splitting.
   */
  splitIds?: SharedArrayBuffer[];
}

/**
 * One oversized group of a pass, for the report.
 *
 * @example
 * const o: OversizedGroup = { size: 6120, firstRow: 17, action: 'split', subBlock: false, split: { subBlocks: 3870, largest: 41, rowsWithoutKey: 12 } };
 */
export interface OversizedGroup {
  size: number;
  /** A row holding the group's key (and, for a sub-block, its secondary key). */
  firstRow: number;
  /** `split`: re-blocked by the secondary key; otherwise kept whole (`scored`) or dropped (`skipped`). */
  action: 'scored' | 'skipped' | 'split';
  /** True for a sub-block of a split group that is still oversized. */
  subBlock: boolean;
  /** For `split`: the sub-blocks made, the largest, and the rows left out because they lack a secondary-key value. */
  split?: { subBlocks: number; largest: number; rowsWithoutKey: number };
}

/**
 * One pass's blocks, as shared typed arrays.
 *
 * - `order`: the rows holding every field of the key, grouped by key tuple
 *   (groups in lexicographic id order, rows ascending inside a group; the
 *   sub-blocks of a split group follow each other, in secondary-key id order).
 * - `starts`: `Int32Array(groups + 1)`, group `g` is `order[starts[g] .. starts[g+1])`.
 *   Singleton groups are kept: `/match` needs them as candidates.
 * - `blockOf`: `Int32Array(rowCount)`, the group of each row, −1 when the row
 *   has a missing key field (or sat in a skipped oversized group, or lacks
 *   the secondary key of its split group).
 * - `subBlocks`: `Uint8Array(groups)`, 1 for a group that is a sub-block of a
 *   split group; null when nothing was split.
 *
 * @example
 * const pass = buildPass(task);
 * new Int32Array(pass.blockOf)[17]; // the block of row 17, or −1
 */
export interface PassHandle {
  order: SharedArrayBuffer;
  starts: SharedArrayBuffer;
  blockOf: SharedArrayBuffer;
  subBlocks: SharedArrayBuffer | null;
  /**
   * Block passes of a served run: `Int32Array`, the open-addressing table
   * from key tuple to a row of its (first) group (see key-table.ts), for
   * `/match`. Null until the run is served (a plain run never needs it), and
   * always for a sorted-neighbourhood pass, which finds positions by binary search.
   */
  keyTable: SharedArrayBuffer | null;
  groups: number;
  rows: number;
  /** Oversized groups and still-oversized sub-blocks, in group order. */
  oversized: OversizedGroup[];
  /** Rows dropped with skipped oversized groups or sub-blocks. */
  skippedRows: number;
  /**
   * An unordered pass: its derived key fields `[least, greatest]` (see
   * unordered-key.ts), whose ids the pass was built on, so a worker reopening
   * the pass reads the same ids. Absent for other passes (their key fields
   * are prepared fields).
   */
  keyFields?: FieldHandle[];
  /** A block pass's pairs before every 1024th group (see `pairCheckpoints`); null for a sorted-neighbourhood pass, whose pairs are one run. */
  pairsBefore: Float64Array | null;
}

/**
 * Groups rows by key tuple. Each field is a counting sort over its
 * dictionary ids, applied last field first (LSD), so grouping is exact and
 * costs O(rows + distinct values) per field with no hashing. With
 * `splitIds`, a group over `maxBlockSize` is replaced by the groups of its
 * rows under the key extended with the secondary fields (one level: a
 * sub-block still over the limit is scored or skipped like any oversized group).
 *
 * @example
 * const pass = buildPass({ rowCount, fieldIds: [surname.ids.buffer], fieldCounts: [surname.count], maxBlockSize: 5000, skipOversized: false });
 */
export function buildPass(task: BuildPassTask): PassHandle {
  const n = task.rowCount;
  const fields = task.fieldIds.map((b) => new Int32Array(b));
  const splitFields = (task.splitIds ?? []).map((b) => new Int32Array(b));
  const { rows, starts: groupStarts, groups } = groupRows(n, fields, task.fieldCounts);
  const out = new PassAssembly(n, rows.length);
  const oversized: OversizedGroup[] = [];
  let skippedRows = 0;
  const oversizedAction = task.skipOversized ? ('skipped' as const) : ('scored' as const);
  for (let g = 0; g < groups; g++) {
    const from = groupStarts[g];
    const to = groupStarts[g + 1];
    const size = to - from;
    if (size <= task.maxBlockSize) {
      out.addGroup(rows, from, to, false);
      continue;
    }
    if (splitFields.length === 0) {
      oversized.push({ size, firstRow: rows[from], action: oversizedAction, subBlock: false });
      if (task.skipOversized) skippedRows += size;
      else out.addGroup(rows, from, to, false);
      continue;
    }
    const sub = splitGroup(rows.subarray(from, to), splitFields);
    let largest = 0;
    for (let s = 0; s < sub.groups; s++) largest = Math.max(largest, sub.starts[s + 1] - sub.starts[s]);
    oversized.push({
      size,
      firstRow: rows[from],
      action: 'split',
      subBlock: false,
      split: { subBlocks: sub.groups, largest, rowsWithoutKey: size - sub.rows.length },
    });
    for (let s = 0; s < sub.groups; s++) {
      const sFrom = sub.starts[s];
      const sTo = sub.starts[s + 1];
      if (sTo - sFrom > task.maxBlockSize) {
        oversized.push({ size: sTo - sFrom, firstRow: sub.rows[sFrom], action: oversizedAction, subBlock: true });
        if (task.skipOversized) {
          skippedRows += sTo - sFrom;
          continue;
        }
      }
      out.addGroup(sub.rows, sFrom, sTo, true);
    }
  }
  return { ...out.finish(), keyTable: null, oversized, skippedRows };
}

/**
 * The rows of one group (ascending) that hold every secondary field,
 * grouped by the secondary id tuple (tuples ascending, rows ascending
 * inside). A comparison sort: an oversized group is small next to the
 * secondary dictionaries, which a counting sort would have to sweep.
 */
function splitGroup(members: Int32Array, splitFields: readonly Int32Array[]): { rows: Int32Array; starts: Int32Array; groups: number } {
  const kept: number[] = [];
  outer: for (let i = 0; i < members.length; i++) {
    const r = members[i];
    for (const ids of splitFields) if (ids[r] < 0) continue outer;
    kept.push(r);
  }
  const rows = Int32Array.from(kept).sort((x, y) => {
    for (const ids of splitFields) {
      const d = ids[x] - ids[y];
      if (d !== 0) return d;
    }
    return x - y;
  });
  const starts = new Int32Array(rows.length + 1);
  let groups = 0;
  for (let i = 0; i < rows.length; i++) {
    let boundary = i === 0;
    for (let f = 0; !boundary && f < splitFields.length; f++) boundary = splitFields[f][rows[i]] !== splitFields[f][rows[i - 1]];
    if (boundary) starts[groups++] = i;
  }
  starts[groups] = rows.length;
  return { rows, starts, groups };
}

/** Collects the kept groups of a pass, then copies them into exactly-sized shared buffers. */
class PassAssembly {
  private readonly order: Int32Array;
  private readonly starts: Int32Array;
  private readonly sub: Uint8Array;
  private readonly blockOfBuf: SharedArrayBuffer;
  private readonly blockOf: Int32Array;
  private groups = 0;
  private pos = 0;
  private anySub = false;
  /** Pairs of the groups added so far, and the running total at every CHECKPOINT_RUNS-th group (see `pairCheckpoints`). */
  private pairs = 0;
  private readonly before: Float64Array;

  constructor(rowCount: number, capacity: number) {
    this.order = new Int32Array(capacity);
    this.starts = new Int32Array(capacity + 1);
    this.before = new Float64Array(Math.floor(capacity / CHECKPOINT_RUNS) + 1);
    this.sub = new Uint8Array(capacity);
    this.blockOfBuf = new SharedArrayBuffer(4 * Math.max(1, rowCount));
    this.blockOf = new Int32Array(this.blockOfBuf).fill(-1);
  }

  addGroup(rows: Int32Array, from: number, to: number, subBlock: boolean): void {
    const g = this.groups++;
    this.starts[g] = this.pos;
    // Counted here, as the groups are laid out: planning then skips blocks by the thousand.
    const size = to - from;
    this.pairs += (size * (size - 1)) / 2;
    if ((g + 1) % CHECKPOINT_RUNS === 0) this.before[(g + 1) / CHECKPOINT_RUNS] = this.pairs;
    this.sub[g] = subBlock ? 1 : 0;
    if (subBlock) this.anySub = true;
    for (let i = from; i < to; i++) {
      const r = rows[i];
      this.order[this.pos++] = r;
      this.blockOf[r] = g;
    }
  }

  /** The shared buffers, and the pairs before every 1024th group (`pairCheckpoints` of the starts, counted as the groups were added). */
  finish(): Omit<PassHandle, 'oversized' | 'skippedRows' | 'keyTable'> {
    const { groups, pos } = this;
    const order = new SharedArrayBuffer(4 * Math.max(1, pos));
    new Int32Array(order).set(this.order.subarray(0, pos));
    const starts = new SharedArrayBuffer(4 * (groups + 1));
    const s = new Int32Array(starts);
    s.set(this.starts.subarray(0, groups));
    s[groups] = pos;

    let subBlocks: SharedArrayBuffer | null = null;
    if (this.anySub) {
      subBlocks = new SharedArrayBuffer(Math.max(1, groups));
      new Uint8Array(subBlocks).set(this.sub.subarray(0, groups));
    }
    return { order, starts, blockOf: this.blockOfBuf, subBlocks, groups, rows: pos, pairsBefore: this.checkpoints() };
  }

  private checkpoints(): Float64Array {
    // One entry per whole stretch of groups, and the total last (after a part-stretch, one more entry than whole stretches).
    const n = Math.ceil(this.groups / CHECKPOINT_RUNS) + 1;
    const before = new Float64Array(n);
    before.set(this.before.subarray(0, n - 1));
    before[n - 1] = this.pairs;
    return before;
  }
}
