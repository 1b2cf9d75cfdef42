/** The block keys of changed records: which changed rows share a block with a record, beside the loaded index (which keeps the loaded keys). */
import type { FieldRef } from '../../config/types.js';
import { KindredError } from '../../errors/registry.js';
import type { BlockIndex } from './block-index.js';

/** A record's transformed value of a field reference. */
export type ValueOf = (ref: FieldRef) => string | null;

/**
 * Per block pass, key tuple → the changed rows holding it. A changed row's
 * loaded keys are still in the {@link BlockIndex} (it is never rebuilt), so
 * candidates from there are filtered by the caller; its current keys are
 * here. A row with a missing key field is in no block of that pass, as in
 * the initial run.
 *
 * @example
 * const blocks = new LivingBlocks(run.index);
 * blocks.assertChangeable();
 * blocks.set(1000, (ref) => scorer.transformValue(ref, record[ref.field] ?? null));
 * blocks.rowsSharing(valueOf); // changed rows sharing a block with a record
 */
export class LivingBlocks {
  /**
   * Per pass, key → its changed rows: one row as the number itself, more as
   * a Set. Most keys of the changed rows are held by that row alone, and a
   * Set of one cost about 150 bytes each, per pass: about 0.9 KB of heap per
   * changed row with the tight workload's six passes.
   */
  private readonly keys: Array<Map<string, number | Set<number>>>;
  private readonly rowKeys = new Map<number, Array<string | null>>();

  constructor(private readonly index: BlockIndex) {
    this.keys = index.passes.map(() => new Map());
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

  /** Each pass's key of a record (null: no block in that pass). */
  keysOf(valueOf: ValueOf): Array<string | null> {
    return this.index.passes.map((pass) => {
      const parts: string[] = [];
      for (const ref of pass.spec.fields) {
        const v = valueOf(ref);
        if (v === null) return null;
        parts.push(v);
      }
      return JSON.stringify(parts);
    });
  }

  /** Sets a changed row's keys (`valueOf` null: the row was deleted and is in no block). */
  set(row: number, valueOf: ValueOf | null): void {
    const old = this.rowKeys.get(row);
    if (old !== undefined) {
      old.forEach((k, p) => {
        if (k === null) return;
        const rows = this.keys[p].get(k);
        if (rows === row) this.keys[p].delete(k);
        else if (typeof rows === 'object') {
          rows.delete(row);
          // Back to a bare number when one row is left, so the map holds what a fresh insert would.
          if (rows.size === 1) this.keys[p].set(k, rows.values().next().value as number);
        }
      });
      this.rowKeys.delete(row);
    }
    if (valueOf === null) return;
    const keys = this.keysOf(valueOf);
    keys.forEach((k, p) => {
      if (k === null) return;
      const rows = this.keys[p].get(k);
      if (rows === undefined || rows === row) this.keys[p].set(k, row);
      else if (typeof rows === 'number') this.keys[p].set(k, new Set([rows, row]));
      else rows.add(row);
    });
    this.rowKeys.set(row, keys);
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
  rowsWithKeys(keys: ReadonlyArray<string | null>): number[] {
    const found = new Set<number>();
    keys.forEach((k, p) => {
      if (k === null) return;
      const rows = this.keys[p].get(k);
      if (typeof rows === 'number') found.add(rows);
      else if (rows !== undefined) for (const r of rows) found.add(r);
    });
    return [...found].sort((a, b) => a - b);
  }

  /** Loaded rows sharing a block with a record in any pass (changed rows among them hold stale keys: the caller drops them). */
  loadedRowsSharing(valueOf: ValueOf): Int32Array {
    return this.index.candidates((ref) => valueOf(ref));
  }
}
