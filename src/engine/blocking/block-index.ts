/** The blocking index: per pass, rows grouped by key (or sorted, for sorted neighbourhood), used both to plan the initial run's pairs and to find /match candidates. */
import type { FieldRef } from '../../config/types.js';
import { FieldDictionary, fieldKey, stringToCodes, type FieldHandle } from '../fields/field-dictionary.js';
import { KindredError } from '../../errors/registry.js';
import { countedAll } from '../counted-tasks.js';
import type { PendingFields } from '../fields/prepared-fields.js';
import type { WorkerPool } from '../worker-pool.js';
import type { PassHandle } from './block-pass.js';
import { buildPassKeyTable, findKeyRows } from './key-table.js';
import { pairLayout, type PairLayout } from './pair-layout.js';
import { unorderedPair } from './unordered-key.js';
import { ValueIndex, valueIndexOf } from './value-index.js';

/**
 * One blocking pass: the fields of its key, how it pairs rows, and where it came from.
 *
 * @example
 * const spec: PassSpec = { label: 'blocking.keys[0]', fields: [{ field: 'zip', transforms: [] }], origin: 'blocking', unordered: false, window: null, splitBy: [] };
 */
export interface PassSpec {
  label: string;
  fields: FieldRef[];
  origin: 'blocking' | 'exact_matchkey';
  /**
   * Two fields read as a set: the pass is keyed on (the smaller, the larger)
   * of a row's two values, through the derived fields of unordered-key.ts.
   */
  unordered: boolean;
  /**
   * null: a block pass (rows with equal key tuples are paired). A number: a
   * sorted-neighbourhood pass with this window (rows sorted by key tuple are
   * paired when fewer than `window` positions apart).
   */
  window: number | null;
  /** Secondary key re-blocking an oversized block of a block pass; `[]` = never split. */
  splitBy: FieldRef[];
}

/**
 * An oversized block, reported with its key and size (and, when split, what it became).
 *
 * @example
 * const o: OversizedBlock = { pass: 'blocking.keys[0]', key: { zip: '10001' }, size: 6120, action: 'split', sub_block: false,
 *   split: { by: ['surname'], sub_blocks: 3870, largest_sub_block: 41, rows_without_split_key: 12 } };
 */
export interface OversizedBlock {
  pass: string;
  /** The block's key values by field (a sub-block's also hold its secondary-key values). */
  key: Record<string, string>;
  size: number;
  /** `split`: re-blocked by the secondary key; `scored`: kept whole; `skipped`: its pairs not compared. */
  action: 'scored' | 'skipped' | 'split';
  /** True for a sub-block of a split block that is itself still over `max_block_size`. */
  sub_block: boolean;
  /** For `split`: the secondary key, sub-blocks made, the largest, and rows left in no sub-block (no secondary value). */
  split?: { by: string[]; sub_blocks: number; largest_sub_block: number; rows_without_split_key: number };
}

/**
 * One built pass: its spec, shared arrays opened as typed arrays, and dictionaries.
 *
 * @example
 * const { order, starts } = index.passes[0];
 * order.subarray(starts[0], starts[1]); // the rows of the first block (or equal-key run)
 */
export interface BuiltPass {
  spec: PassSpec;
  handle: PassHandle;
  order: Int32Array;
  starts: Int32Array;
  /** Block passes: each row's block. Sorted-neighbourhood passes: each row's position in `order`. −1: not in the pass. */
  blockOf: Int32Array;
  /** 1 for a group that is a sub-block of a split block; null when nothing was split. */
  subBlocks: Uint8Array | null;
  /** Block passes: key tuple → a row of its (first) group, once built (see {@link BlockIndex.buildKeyTables}); null for a sorted-neighbourhood pass. */
  keyTable: Int32Array | null;
  /** The key fields' row ids, in key order (what the key table hashes). */
  keyIds: Int32Array[];
  /** Where the pass's candidate pairs lie, for planning, scoring and sampling. */
  layout: PairLayout;
  /** The key fields: the prepared fields of `spec.fields`, or for an unordered pass its derived `[least, greatest]`. */
  dicts: FieldDictionary[];
  /** The prepared fields of `spec.fields` (what a query record's values are read through). */
  sourceDicts: FieldDictionary[];
  splitDicts: FieldDictionary[];
}

/**
 * Where a build reads its key fields: prepared (`PreparedFields`) or still
 * being prepared ({@link PendingFields}), each field awaited on its own.
 *
 * @example
 * await BlockIndex.build(specs, startPreparingFields(store, refs, pool), pool, limits);
 */
export type FieldSource = Pick<PendingFields, 'field'>;

/**
 * All passes of a run. Built once, on the worker pool (one task per pass).
 *
 * @example
 * const index = await BlockIndex.build(specs, fields, pool, { maxBlockSize: 5000, skipOversized: false });
 * index.candidates((ref) => query.get(key(ref)) ?? null); // rows sharing a block (or a window) with a query record
 */
export class BlockIndex {
  readonly passes: BuiltPass[];
  readonly oversized: OversizedBlock[];
  private keyFieldCache: { fields: Array<{ ref: FieldRef; dict: FieldDictionary }>; tables: ValueIndex[] } | null = null;

  private constructor(passes: BuiltPass[], oversized: OversizedBlock[]) {
    this.passes = passes;
    this.oversized = oversized;
  }

  /**
   * Reopens an index from its shared pass handles (in a worker, for
   * `/match/batch`), with the same candidate lookup as the main thread.
   */
  static fromHandles(specs: PassSpec[], handles: PassHandle[], lookup: (ref: FieldRef) => FieldDictionary): BlockIndex {
    const passes = handles.map((handle, p) => {
      const spec = specs[p];
      const sources = spec.fields.map(lookup);
      return openPass(spec, handle, spec.unordered ? derivedDicts(spec, handle) : sources, sources, spec.splitBy.map(lookup));
    });
    return new BlockIndex(passes, []);
  }

  /**
   * Builds every pass on the pool, one task each, queued as soon as the
   * pass's key fields are ready. After `signal` fires no further task is
   * queued; a build that fails (or is stopped) rejects once every task it
   * queued has ended.
   *
   * @example
   * const index = await BlockIndex.build(passSpecs(config), fields, pool, { maxBlockSize: 5000, skipOversized: false, signal });
   */
  static async build(
    specs: PassSpec[],
    fields: FieldSource,
    pool: WorkerPool,
    options: { maxBlockSize: number; skipOversized: boolean; onProgress?: (done: number, total: number) => void; signal?: AbortSignal },
  ): Promise<BlockIndex> {
    const sourcesPerPass = specs.map((s) => Promise.all(s.fields.map((f) => fields.field(f))));
    const splitPerPass = specs.map((s) => Promise.all(s.splitBy.map((f) => fields.field(f))));
    // Each pass waits for its own key fields only: for the columns still being prepared, and for an unordered
    // pass's derived fields, which take a task of their own (seconds at 10M rows). The pool need not idle meanwhile.
    const pendingDicts = keyDicts(specs, sourcesPerPass, pool, options.signal);
    const built = pendingDicts.map(async (pending, p) => {
      const [dicts, split] = await Promise.all([pending, splitPerPass[p]]);
      // A run stopped while its fields were prepared queues no more passes.
      options.signal?.throwIfAborted();
      const rowCount = dicts[0]?.rowCount ?? 0;
      if (specs[p].window !== null) return pool.run('buildWindowPass', { rowCount, fields: dicts.map((d) => d.handle) });
      return pool.run('buildPass', {
        rowCount,
        fieldIds: dicts.map((d) => d.handle.ids),
        fieldCounts: dicts.map((d) => d.count),
        maxBlockSize: options.maxBlockSize,
        skipOversized: options.skipOversized,
        splitIds: split.map((d) => d.handle.ids),
      });
    });
    // A failed build returns once every pass and derived key has settled: the pool is idle for whatever the caller does next.
    const handles = await countedAll(built, options.onProgress).catch(async (e: unknown) => {
      await Promise.allSettled([...built, ...pendingDicts]);
      throw e;
    });
    const dictsPerPass = await Promise.all(pendingDicts);
    const sourceDictsPerPass = await Promise.all(sourcesPerPass);
    const splitDictsPerPass = await Promise.all(splitPerPass);
    const oversized: OversizedBlock[] = [];
    const passes = handles.map((handle, p) => {
      const spec = specs[p];
      if (spec.unordered) handle.keyFields = dictsPerPass[p].map((d) => d.handle);
      const keyFields = spec.unordered ? dictsPerPass[p].map((dict) => ({ label: dict.column, dict })) : labelled(spec.fields, dictsPerPass[p]);
      const splitFields = spec.unordered
        ? [...keyFields, ...labelled(spec.splitBy, splitDictsPerPass[p])]
        : labelled([...spec.fields, ...spec.splitBy], [...dictsPerPass[p], ...splitDictsPerPass[p]]);
      for (const o of handle.oversized) {
        const key: Record<string, string> = {};
        for (const f of o.subBlock ? splitFields : keyFields) key[f.label] = f.dict.rowValue(o.firstRow) ?? '';
        const entry: OversizedBlock = { pass: spec.label, key, size: o.size, action: o.action, sub_block: o.subBlock };
        if (o.split) {
          entry.split = {
            by: splitFields.slice(keyFields.length).map((f) => f.label),
            sub_blocks: o.split.subBlocks,
            largest_sub_block: o.split.largest,
            rows_without_split_key: o.split.rowsWithoutKey,
          };
        }
        oversized.push(entry);
      }
      return openPass(spec, handle, dictsPerPass[p], sourceDictsPerPass[p], splitDictsPerPass[p]);
    });
    return new BlockIndex(passes, oversized);
  }

  /**
   * Rows that are a candidate of a record in at least one pass, ascending:
   * in a block pass, the rows of the record's block (its sub-block when the
   * block was split); in a sorted-neighbourhood pass, the rows fewer than
   * `window` positions from where the record would be inserted in the
   * sorted order (after the rows with an equal key, as a new last row would
   * be). `valueOf` gives the record's transformed value of a field reference.
   */
  candidates(valueOf: (ref: FieldRef, dict: FieldDictionary) => string | null): Int32Array {
    // Each read below misses the cache at a million rows, so the lookups of
    // all passes advance together, one dependent step at a time: the misses
    // of one step then overlap instead of queueing pass after pass.
    // 1. The ids of the record's key values; passes share fields (surname in two keys, say): each is looked up once.
    const keyFields = this.keyFields();
    const ids = ValueIndex.idsOf(keyFields.tables, keyFields.fields.map((k) => valueOf(k.ref, k.dict)));
    const known = new Map<string, number>();
    keyFields.fields.forEach((k, i) => known.set(k.dict.key, ids[i]));
    const idOf: IdOf = (ref, dict) => {
      let id = known.get(dict.key);
      if (id === undefined) {
        // A split block's secondary key, asked for only when the record's block was split.
        const v = valueOf(ref, dict);
        id = v === null ? -1 : valueIndexOf(dict).idOf(v);
        known.set(dict.key, id);
      }
      return id;
    };
    // 2. A row holding each pass's key tuple.
    const passes = this.passes;
    // A run that is not served (tests, one-off use) gets its tables here, on first use.
    for (const pass of passes) if (pass.spec.window === null && pass.keyTable === null) setKeyTable(pass, buildPassKeyTable(keyTableTask(pass)));
    const tuples = passes.map((pass) => {
      if (pass.keyTable === null) return null;
      return pass.spec.unordered ? unorderedTuple(pass, valueOf) : idTuple(pass.spec.fields, pass.dicts, idOf);
    });
    const rows = findKeyRows(
      passes.map((pass) => pass.keyTable),
      passes.map((pass) => pass.keyIds),
      tuples,
    );
    // 3. That row's block, then the block's first row.
    let touched = 0;
    for (let p = 0; p < passes.length; p++) if (rows[p] >= 0) touched ^= passes[p].starts[passes[p].blockOf[rows[p]]];
    for (let p = 0; p < passes.length; p++) if (rows[p] >= 0) touched ^= passes[p].order[passes[p].starts[passes[p].blockOf[rows[p]]]];
    warmed.sum = touched;
    const found: number[] = [];
    for (let p = 0; p < passes.length; p++) {
      const pass = passes[p];
      if (pass.spec.window === null) blockCandidates(pass, rows[p], tuples[p], idOf, found);
      else windowCandidates(pass, pass.spec.window, valueOf, found);
    }
    return ascendingUnique(found);
  }

  /**
   * Builds the key tables of the block passes on the pool (one task per
   * pass), for a run about to be served: `/match` then never builds one on
   * the event loop. The tables go into the pass handles too, so workers
   * matching for `/match/batch` get them with the run.
   *
   * @example
   * await run.index.buildKeyTables(pool); // before the run is served
   */
  async buildKeyTables(pool: WorkerPool): Promise<void> {
    const missing = this.passes.filter((pass) => pass.spec.window === null && pass.keyTable === null);
    const tables = await Promise.all(missing.map((pass) => pool.run('buildPassKeyTable', keyTableTask(pass))));
    missing.forEach((pass, i) => setKeyTable(pass, tables[i]));
  }

  /**
   * Takes the key tables a served run's handles carry for passes this index
   * opened before they were built (a worker keeps the index it opened to
   * score the run).
   *
   * @example
   * openRun(task.run).index.adoptKeyTables(task.run.passes);
   */
  adoptKeyTables(handles: readonly PassHandle[]): void {
    this.passes.forEach((pass, p) => {
      const table = handles[p]?.keyTable ?? null;
      if (pass.keyTable === null && table !== null) setKeyTable(pass, table);
    });
  }

  /** The distinct key fields of the block passes and their value tables (made on first use, in this thread). */
  private keyFields(): { fields: Array<{ ref: FieldRef; dict: FieldDictionary }>; tables: ValueIndex[] } {
    if (this.keyFieldCache === null) {
      const fields = new Map<string, { ref: FieldRef; dict: FieldDictionary }>();
      for (const pass of this.passes) {
        // An unordered pass looks its sorted pair up itself (see unorderedTuple).
        if (pass.spec.window !== null || pass.spec.unordered) continue;
        pass.dicts.forEach((dict, f) => fields.set(dict.key, { ref: pass.spec.fields[f], dict }));
      }
      const list = [...fields.values()];
      this.keyFieldCache = { fields: list, tables: list.map((k) => valueIndexOf(k.dict)) };
    }
    return this.keyFieldCache;
  }
}

/** What a key-table build of `pass` reads (shared buffers). */
function keyTableTask(pass: BuiltPass): Parameters<typeof buildPassKeyTable>[0] {
  return { fieldIds: pass.dicts.map((d) => d.handle.ids), order: pass.handle.order, starts: pass.handle.starts, groups: pass.handle.groups };
}

function setKeyTable(pass: BuiltPass, table: SharedArrayBuffer): void {
  pass.handle.keyTable = table;
  pass.keyTable = new Int32Array(table);
}

/** A checksum of the warming reads of `candidates`, kept so the optimiser cannot drop them as unused. */
const warmed = { sum: 0 };

/** A record's dictionary id of a field reference: −1 when its value is missing or held by no row. */
type IdOf = (ref: FieldRef, dict: FieldDictionary) => number;

/**
 * Candidates of a block pass: the rows of the record's block (its sub-block
 * when the block was split). `row` holds the record's key `tuple` (−1: no row does).
 */
function blockCandidates(pass: BuiltPass, row: number, tuple: readonly number[] | null, idOf: IdOf, found: number[]): void {
  if (row < 0 || tuple === null) return;
  // The table holds a row of the key's first group: the group itself, or the first sub-block of a split block.
  const lo = pass.blockOf[row];
  let g = lo;
  if (pass.subBlocks !== null && pass.subBlocks[lo] === 1) {
    // A split block: only the record's sub-block, by its secondary key (the sub-blocks sharing the key are few; binary search is fine).
    const byKey = (k: number): number => compareIds(pass.keyIds, pass.order[pass.starts[k]], tuple);
    const hi = upperBound(lo, pass.handle.groups, byKey);
    const sub = idTuple(pass.spec.splitBy, pass.splitDicts, idOf);
    if (sub === null) return;
    const subIds = pass.splitDicts.map((d) => d.ids);
    const bySub = (k: number): number => compareIds(subIds, pass.order[pass.starts[k]], sub);
    g = lowerBound(lo, hi, bySub);
    if (g === hi || bySub(g) !== 0) return;
  }
  for (let i = pass.starts[g]; i < pass.starts[g + 1]; i++) found.push(pass.order[i]);
}

/** The dictionary ids of a record's values of `refs`, or null when one is missing or held by no row. */
function idTuple(refs: readonly FieldRef[], dicts: readonly FieldDictionary[], idOf: IdOf): number[] | null {
  const tuple: number[] = [];
  for (let f = 0; f < dicts.length; f++) {
    const id = idOf(refs[f], dicts[f]);
    if (id < 0) return null;
    tuple.push(id);
  }
  return tuple;
}

/** The distinct rows of `rows`, ascending (a row found by several passes counts once). */
function ascendingUnique(rows: number[]): Int32Array {
  // A record's candidates are a few dozen rows at most, as a rule: an insertion sort beats a typed-array sort's set-up.
  if (rows.length <= 64) {
    for (let i = 1; i < rows.length; i++) {
      const r = rows[i];
      let j = i - 1;
      while (j >= 0 && rows[j] > r) rows[j + 1] = rows[j--];
      rows[j + 1] = r;
    }
  } else rows.sort((a, b) => a - b);
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (n === 0 || rows[i] !== rows[n - 1]) rows[n++] = rows[i];
  rows.length = n;
  return Int32Array.from(rows);
}

function openPass(spec: PassSpec, handle: PassHandle, dicts: FieldDictionary[], sourceDicts: FieldDictionary[], splitDicts: FieldDictionary[]): BuiltPass {
  const starts = new Int32Array(handle.starts);
  return {
    spec,
    handle,
    order: new Int32Array(handle.order),
    starts,
    blockOf: new Int32Array(handle.blockOf),
    subBlocks: handle.subBlocks === null ? null : new Uint8Array(handle.subBlocks),
    keyTable: handle.keyTable === null ? null : new Int32Array(handle.keyTable),
    keyIds: dicts.map((d) => d.ids),
    layout: pairLayout(spec.window, starts, handle.groups, handle.rows, handle.pairsBefore),
    dicts,
    sourceDicts,
    splitDicts,
  };
}

/**
 * The key fields of each pass: its prepared fields, or for an unordered
 * pass the derived `[least, greatest]` fields, made on the pool (one task
 * per distinct pair of fields).
 */
function keyDicts(
  specs: readonly PassSpec[],
  sources: ReadonlyArray<Promise<FieldDictionary[]>>,
  pool: WorkerPool,
  signal: AbortSignal | undefined,
): Array<Promise<FieldDictionary[]>> {
  const derived = new Map<string, Promise<FieldDictionary[]>>();
  return specs.map(async (spec, p) => {
    const fields = await sources[p];
    if (!spec.unordered) return fields;
    const [a, b] = fields;
    if (a === undefined || b === undefined || fields.length !== 2) {
      throw new KindredError('internal', `${spec.label} is unordered but has ${fields.length} fields (it needs two)`);
    }
    const key = `${a.key}\u0000${b.key}`;
    let made = derived.get(key);
    if (made === undefined) {
      signal?.throwIfAborted();
      made = pool.run('unorderedKey', { fields: [a.handle, b.handle] }).then((handles) => handles.map((h) => new FieldDictionary(h)));
      derived.set(key, made);
    }
    return made;
  });
}

/** The derived key fields an unordered pass's handle carries. */
function derivedDicts(spec: PassSpec, handle: PassHandle): FieldDictionary[] {
  const fields: FieldHandle[] | undefined = handle.keyFields;
  if (fields === undefined || fields.length !== 2) throw new KindredError('internal', `${spec.label} is unordered but its handle carries no derived key fields`);
  return fields.map((h) => new FieldDictionary(h));
}

/**
 * A record's key values of a pass, in key order: its transformed values of
 * the pass's fields, or for an unordered pass the smaller then the larger of
 * its two; null when one is missing (the record is in no block or window of the pass).
 */
function passValues(pass: BuiltPass, valueOf: (ref: FieldRef, dict: FieldDictionary) => string | null): string[] | null {
  const refs = pass.spec.fields;
  if (pass.spec.unordered) return unorderedPair(valueOf(refs[0], pass.sourceDicts[0]), valueOf(refs[1], pass.sourceDicts[1]));
  const values: string[] = [];
  for (let f = 0; f < refs.length; f++) {
    const v = valueOf(refs[f], pass.sourceDicts[f]);
    if (v === null || v === '') return null;
    values.push(v);
  }
  return values;
}

/**
 * A record's key tuple in an unordered pass: the ids of its smaller and
 * larger value among the pass's derived fields (one value space, so one
 * table serves both), or null when a value is missing or held by no row.
 */
function unorderedTuple(pass: BuiltPass, valueOf: (ref: FieldRef, dict: FieldDictionary) => string | null): number[] | null {
  const values = passValues(pass, valueOf);
  if (values === null) return null;
  const table = valueIndexOf(pass.dicts[0]);
  const tuple = values.map((v) => table.idOf(v));
  return tuple.some((id) => id < 0) ? null : tuple;
}

/** Report labels of key fields: the column name, or the full field key when a column appears twice. */
function labelled(refs: readonly FieldRef[], dicts: readonly FieldDictionary[]): Array<{ label: string; dict: FieldDictionary }> {
  const columns = refs.map((r) => r.field);
  return refs.map((r, i) => ({
    label: columns.indexOf(r.field) === columns.lastIndexOf(r.field) ? r.field : fieldKey(r.field, r.transforms),
    dict: dicts[i],
  }));
}

/** Candidates of a sorted-neighbourhood pass: the rows within the window around the record's insertion position. */
function windowCandidates(
  pass: BuiltPass,
  window: number,
  valueOf: (ref: FieldRef, dict: FieldDictionary) => string | null,
  found: number[],
): void {
  const values = passValues(pass, valueOf);
  if (values === null) return;
  const query = values.map(stringToCodes);
  const groups = pass.handle.groups;
  const g = upperBound(0, groups, (k) => compareValues(pass.dicts, pass.order[pass.starts[k]], query));
  const at = g < groups ? pass.starts[g] : pass.handle.rows;
  const from = Math.max(0, at - (window - 1));
  const to = Math.min(pass.handle.rows, at + window - 1);
  for (let i = from; i < to; i++) found.push(pass.order[i]);
}

/** Sign of (the id tuple of `row`) − `tuple`, field by field. */
function compareIds(ids: readonly Int32Array[], row: number, tuple: readonly number[]): number {
  for (let f = 0; f < tuple.length; f++) {
    const d = ids[f][row] - tuple[f];
    if (d !== 0) return d;
  }
  return 0;
}

/** Sign of (the values of `row`) − `query` in code-point order, field by field (the order of a window pass). */
function compareValues(dicts: readonly FieldDictionary[], row: number, query: readonly Uint32Array[]): number {
  for (let f = 0; f < query.length; f++) {
    const dict = dicts[f];
    const id = dict.ids[row];
    const s = dict.offsets[id];
    const len = dict.offsets[id + 1] - s;
    const q = query[f];
    const l = len < q.length ? len : q.length;
    for (let i = 0; i < l; i++) {
      const d = dict.codes[s + i] - q[i];
      if (d !== 0) return d;
    }
    if (len !== q.length) return len - q.length;
  }
  return 0;
}

/** First index in [lo, hi) whose comparison with the target is ≥ 0 (comparisons ascend with the index). */
function lowerBound(lo: number, hi: number, cmp: (i: number) => number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmp(mid) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose comparison with the target is > 0. */
function upperBound(lo: number, hi: number, cmp: (i: number) => number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmp(mid) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
