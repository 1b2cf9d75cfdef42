/** The blocking index: per pass, rows grouped by key, used both to plan the initial run's pairs and to find /match candidates. */
import type { FieldRef } from '../../config/types.js';
import type { FieldDictionary } from '../fields/field-dictionary.js';
import type { PreparedFields } from '../fields/prepared-fields.js';
import type { WorkerPool } from '../worker-pool.js';
import type { PassHandle } from './block-pass.js';
import { ValueIndex } from './value-index.js';

/** One blocking pass: the fields of its key and where it came from. */
export interface PassSpec {
  label: string;
  fields: FieldRef[];
  origin: 'blocking' | 'exact_matchkey';
}

/** An oversized block, reported with its key and size. */
export interface OversizedBlock {
  pass: string;
  key: Record<string, string>;
  size: number;
  action: 'scored' | 'skipped';
}

/** One built pass. */
export interface BuiltPass {
  spec: PassSpec;
  handle: PassHandle;
  order: Int32Array;
  starts: Int32Array;
  blockOf: Int32Array;
  dicts: FieldDictionary[];
}

/**
 * All passes of a run. Built once, on the worker pool (one task per pass).
 *
 * @example
 * const index = await BlockIndex.build(specs, fields, pool, { maxBlockSize: 5000, skipOversized: false });
 * index.candidates((ref) => query.get(key(ref)) ?? null); // rows sharing a block with a query record
 */
export class BlockIndex {
  readonly passes: BuiltPass[];
  readonly oversized: OversizedBlock[];
  private readonly lookups = new Map<string, ValueIndex>();

  private constructor(passes: BuiltPass[], oversized: OversizedBlock[]) {
    this.passes = passes;
    this.oversized = oversized;
  }

  /**
   * Reopens an index from its shared pass handles (in a worker, for
   * `/match/batch`), with the same candidate lookup as the main thread.
   */
  static fromHandles(specs: PassSpec[], handles: PassHandle[], lookup: (ref: FieldRef) => FieldDictionary): BlockIndex {
    const passes = handles.map((handle, p) => ({
      spec: specs[p],
      handle,
      order: new Int32Array(handle.order),
      starts: new Int32Array(handle.starts),
      blockOf: new Int32Array(handle.blockOf),
      dicts: specs[p].fields.map((f) => lookup(f)),
    }));
    return new BlockIndex(passes, []);
  }

  static async build(
    specs: PassSpec[],
    fields: PreparedFields,
    pool: WorkerPool,
    options: { maxBlockSize: number; skipOversized: boolean },
  ): Promise<BlockIndex> {
    const dictsPerPass = specs.map((s) => s.fields.map((f) => fields.get(f)));
    const handles = await Promise.all(
      dictsPerPass.map((dicts) =>
        pool.run('buildPass', {
          rowCount: dicts[0]?.rowCount ?? 0,
          fieldIds: dicts.map((d) => d.handle.ids),
          fieldCounts: dicts.map((d) => d.count),
          maxBlockSize: options.maxBlockSize,
          skipOversized: options.skipOversized,
        }),
      ),
    );
    const oversized: OversizedBlock[] = [];
    const passes = handles.map((handle, p) => {
      const dicts = dictsPerPass[p];
      for (const o of handle.oversized) {
        const key: Record<string, string> = {};
        specs[p].fields.forEach((f, i) => {
          key[f.field] = dicts[i].rowValue(o.firstRow) ?? '';
        });
        oversized.push({ pass: specs[p].label, key, size: o.size, action: options.skipOversized ? 'skipped' : 'scored' });
      }
      return {
        spec: specs[p],
        handle,
        order: new Int32Array(handle.order),
        starts: new Int32Array(handle.starts),
        blockOf: new Int32Array(handle.blockOf),
        dicts,
      };
    });
    return new BlockIndex(passes, oversized);
  }

  /**
   * Rows that share a block with a record in at least one pass, ascending.
   * `valueOf` gives the record's transformed value of a field reference.
   */
  candidates(valueOf: (ref: FieldRef, dict: FieldDictionary) => string | null): Int32Array {
    const found = new Set<number>();
    for (const pass of this.passes) {
      const tuple: number[] = [];
      let ok = true;
      for (let f = 0; f < pass.dicts.length; f++) {
        const dict = pass.dicts[f];
        const v = valueOf(pass.spec.fields[f], dict);
        const id = v === null ? -1 : this.lookup(dict).idOf(v);
        if (id < 0) {
          ok = false;
          break;
        }
        tuple.push(id);
      }
      if (!ok) continue;
      const g = findGroup(pass, tuple);
      if (g < 0) continue;
      for (let i = pass.starts[g]; i < pass.starts[g + 1]; i++) found.add(pass.order[i]);
    }
    return Int32Array.from([...found].sort((a, b) => a - b));
  }

  private lookup(dict: FieldDictionary): ValueIndex {
    let l = this.lookups.get(dict.key);
    if (!l) this.lookups.set(dict.key, (l = new ValueIndex(dict)));
    return l;
  }
}

/** Binary search for the group whose key tuple equals `tuple` (groups are in lexicographic id order). */
function findGroup(pass: BuiltPass, tuple: number[]): number {
  let lo = 0;
  let hi = pass.handle.groups - 1;
  const ids = pass.dicts.map((d) => d.ids);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const row = pass.order[pass.starts[mid]];
    let cmp = 0;
    for (let f = 0; f < tuple.length; f++) {
      const d = ids[f][row] - tuple[f];
      if (d !== 0) {
        cmp = d;
        break;
      }
    }
    if (cmp === 0) return mid;
    if (cmp < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
