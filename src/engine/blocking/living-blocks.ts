/** The block keys of changed records: which changed rows share a block with a record, beside the loaded index (which keeps the loaded keys). */
import type { FieldRef } from '../../config/types.js';
import { RowColumns } from '../../data/row-columns.js';
import type { StringPool } from '../../data/string-pool.js';
import { KindredError } from '../../errors/registry.js';
import type { BlockIndex } from './block-index.js';
import { TupleRowIndex } from './tuple-row-index.js';
import { unorderedPair } from './unordered-key.js';

/** A record's transformed value of a field reference. */
export type ValueOf = (ref: FieldRef) => string | null;

/**
 * One pass's key of a record: its transformed values of the pass's fields,
 * in order (null: a field is missing, so the record is in no block of that
 * pass, as in the initial run).
 *
 * @example
 * const key: BlockKey = ['lee', 'j', '198'];
 */
export type BlockKey = readonly string[] | null;

/**
 * Per block pass, key → the changed rows holding it. A changed row's
 * loaded keys are still in the {@link BlockIndex} (it is never rebuilt), so
 * candidates from there are filtered by the caller; its current keys are
 * here: each changed live row's key values as pooled string ids (one
 * {@link RowColumns} slot, every pass's fields side by side), and per pass
 * a {@link TupleRowIndex} from those ids to the rows. A key string and a
 * map entry per pass and row cost some 500 bytes of JS heap per changed row
 * with the tight workload's six passes; this is typed arrays.
 *
 * @example
 * const blocks = new LivingBlocks(run.index, table.pool);
 * blocks.assertChangeable();
 * blocks.set(1000, (ref) => scorer.transformValue(ref, record[ref.field] ?? null));
 * blocks.rowsSharing(valueOf); // changed rows sharing a block with a record
 */
export class LivingBlocks {
  private readonly byPass: TupleRowIndex[];
  /** Per pass, its first column in `parts`. */
  private readonly firstPart: number[] = [];
  private readonly parts: RowColumns;
  /** Scratch: one pass's key as ids. */
  private readonly ids: Int32Array;

  constructor(
    private readonly index: BlockIndex,
    private readonly pool: StringPool,
  ) {
    let width = 0;
    for (const pass of index.passes) {
      this.firstPart.push(width);
      width += pass.spec.fields.length;
    }
    this.parts = new RowColumns(width, pool);
    this.byPass = index.passes.map((pass) => new TupleRowIndex(pass.spec.fields.length));
    this.ids = new Int32Array(Math.max(1, ...index.passes.map((pass) => pass.spec.fields.length)));
  }

  /**
   * Throws `conflict` (409) when the run has a sorted-neighbourhood pass:
   * every insert shifts its windows, so a change could alter pairs of rows
   * it never touched, and the incremental path would differ from a run.
   *
   * @example
   * live.blocks.assertChangeable(); // before a change is written anywhere
   */
  assertChangeable(): void {
    const windowed = this.index.passes.find((p) => p.spec.window !== null);
    if (windowed !== undefined) {
      throw new KindredError(
        'conflict',
        `record changes need block passes; ${windowed.spec.label} is a sorted-neighbourhood pass (every insert shifts its windows); use blocking.strategy: multi_pass`,
      );
    }
  }

  /** Each pass's key of a record (an unordered pass's: its two values, smaller first). */
  keysOf(valueOf: ValueOf): BlockKey[] {
    return this.index.passes.map((pass) => {
      if (pass.spec.unordered) return unorderedPair(valueOf(pass.spec.fields[0]), valueOf(pass.spec.fields[1]));
      const parts: string[] = [];
      for (const ref of pass.spec.fields) {
        const v = valueOf(ref);
        if (v === null) return null;
        parts.push(v);
      }
      return parts;
    });
  }

  /** Sets a changed row's keys (`valueOf` null: the row was deleted and is in no block). */
  set(row: number, valueOf: ValueOf | null): void {
    if (this.parts.has(row)) {
      // Out of the indexes before the ids go back to the pool (which may hand them to other values).
      this.byPass.forEach((index, p) => {
        if (this.heldKey(row, p)) index.remove(this.ids.subarray(0, index.width), row);
      });
      this.parts.delete(row);
    }
    if (valueOf === null) return;
    const cells: Array<string | null> = new Array(this.parts.width).fill(null);
    this.keysOf(valueOf).forEach((key, p) => key?.forEach((v, k) => (cells[this.firstPart[p] + k] = v)));
    this.parts.set(row, cells);
    this.byPass.forEach((index, p) => {
      if (this.heldKey(row, p)) index.add(this.ids.subarray(0, index.width), row);
    });
  }

  /** Changed rows sharing a block with a record in any pass, ascending. */
  rowsSharing(valueOf: ValueOf): number[] {
    return this.rowsWithKeys(this.keysOf(valueOf));
  }

  /**
   * Changed rows holding any of `keys` (one per pass, as {@link keysOf} gives them), ascending.
   *
   * @example
   * blocks.rowsWithKeys(blocks.keysOf(valueOf)); // the same as blocks.rowsSharing(valueOf)
   */
  rowsWithKeys(keys: readonly BlockKey[]): number[] {
    const found = new Set<number>();
    keys.forEach((key, p) => {
      if (key === null) return;
      // A value the pool does not hold is held by no changed row: no block of this pass.
      for (let k = 0; k < key.length; k++) if ((this.ids[k] = this.pool.idOf(key[k])) < 0) return;
      this.byPass[p].forEachRow(this.ids.subarray(0, key.length), (r) => found.add(r));
    });
    return [...found].sort((a, b) => a - b);
  }

  /** Loaded rows sharing a block with a record in any pass (changed rows among them hold stale keys: the caller drops them). */
  loadedRowsSharing(valueOf: ValueOf): Int32Array {
    return this.index.candidates((ref) => valueOf(ref));
  }

  /** Loads a held row's key of pass `p` into `ids`; false when it has none (a field missing). */
  private heldKey(row: number, p: number): boolean {
    const from = this.firstPart[p];
    for (let k = 0; k < this.byPass[p].width; k++) if ((this.ids[k] = this.parts.code(row, from + k)) < 0) return false;
    return true;
  }
}
