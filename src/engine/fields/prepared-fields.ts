/** Builds every prepared field a run needs, one worker task per source column. */
import type { ColumnStore } from '../../data/column-store.js';
import { KindredError } from '../../errors/registry.js';
import { countedAll } from '../counted-tasks.js';
import type { WorkerPool } from '../worker-pool.js';
import { FieldDictionary, fieldKey, type FieldHandle } from './field-dictionary.js';
import type { FieldRef } from '../../config/types.js';

/**
 * The prepared fields of one run, by key (`column|transform|...`).
 *
 * @example
 * const fields = await prepareFields(store, [{ field: 'name', transforms: ['lowercase'] }], pool);
 * fields.get({ field: 'name', transforms: ['lowercase'] }).ids;
 */
export class PreparedFields {
  readonly byKey: Map<string, FieldDictionary>;
  constructor(dicts: readonly FieldDictionary[]) {
    this.byKey = new Map(dicts.map((d) => [d.key, d]));
  }
  /** The prepared field of a reference; throws if it was not prepared. */
  get(ref: FieldRef): FieldDictionary {
    const key = fieldKey(ref.field, ref.transforms);
    const f = this.byKey.get(key);
    if (f === undefined) throw new KindredError('internal', `field ${key} was not prepared`);
    return f;
  }
  /** The prepared field of a reference, as {@link PendingFields.field} gives it. */
  async field(ref: FieldRef): Promise<FieldDictionary> {
    return this.get(ref);
  }
  /** Shareable handles for workers. */
  handles(): FieldHandle[] {
    return [...this.byKey.values()].map((f) => f.handle);
  }
}

/**
 * Fields as they are being prepared: each one's promise, settled when its
 * column's task is, and all of them together. Blocking reads a pass's key
 * fields through {@link PendingFields.field}, so a pass can be built while
 * other columns are still being encoded.
 *
 * @example
 * const pending = startPreparingFields(store, refs, pool);
 * const zip = await pending.field({ field: 'zip', transforms: [] }); // as soon as zip's column is done
 * const fields = await pending.all;
 */
export interface PendingFields {
  /** The prepared field of a reference; rejects if it is not among the references being prepared. */
  field(ref: FieldRef): Promise<FieldDictionary>;
  /** Every field, once every column is done; rejects at the first column that fails. */
  all: Promise<PreparedFields>;
  /** Resolves once every column's task has ended, however: what a failed run waits for before it reports. */
  ended: Promise<void>;
}

/**
 * Queues one task per source column that dictionary-encodes each distinct
 * (column, transforms) reference. References to unknown columns throw
 * before any task is queued.
 *
 * @example
 * const { all } = startPreparingFields(store, [{ field: 'name', transforms: ['lowercase'] }], pool);
 */
export function startPreparingFields(
  store: ColumnStore,
  refs: readonly FieldRef[],
  pool: WorkerPool,
  onProgress?: (done: number, total: number) => void,
): PendingFields {
  const byColumn = new Map<number, Map<string, string[]>>();
  for (const ref of refs) {
    const c = store.columnIndex(ref.field);
    if (c < 0) throw new KindredError('config_invalid', `field "${ref.field}" is not a column of the loaded file`);
    let chains = byColumn.get(c);
    if (!chains) byColumn.set(c, (chains = new Map()));
    chains.set(fieldKey(ref.field, ref.transforms), ref.transforms);
  }
  // Columns with many chains or many rows go first so the pool stays balanced.
  const jobs = [...byColumn.entries()].sort((x, y) => y[1].size - x[1].size);
  const tasks = jobs.map(([column, chains]) => pool.run('prepareColumn', { table: store.handle, column, chains: [...chains.values()] }));
  const byKey = new Map<string, Promise<FieldDictionary>>();
  jobs.forEach(([, chains], j) => {
    [...chains.keys()].forEach((key, k) => {
      const dict = tasks[j].then((handles) => new FieldDictionary(handles[k]));
      // Whoever asks for a field sees its failure; `all` reports it in any case.
      dict.catch(() => undefined);
      byKey.set(key, dict);
    });
  });
  return {
    field(ref: FieldRef): Promise<FieldDictionary> {
      const key = fieldKey(ref.field, ref.transforms);
      return byKey.get(key) ?? Promise.reject(new KindredError('internal', `field ${key} is not being prepared`));
    },
    all: countedAll(tasks, onProgress).then(async () => new PreparedFields(await Promise.all(byKey.values()))),
    ended: Promise.allSettled(tasks).then(() => undefined),
  };
}

/**
 * Dictionary-encodes each distinct (column, transforms) reference, in
 * parallel over columns. References to unknown columns are an error; a
 * column that fails rejects the call once every column's task has ended.
 *
 * @example
 * const fields = await prepareFields(store, refs, pool);
 */
export async function prepareFields(
  store: ColumnStore,
  refs: readonly FieldRef[],
  pool: WorkerPool,
  onProgress?: (done: number, total: number) => void,
): Promise<PreparedFields> {
  const pending = startPreparingFields(store, refs, pool, onProgress);
  try {
    return await pending.all;
  } catch (e) {
    await pending.ended;
    throw e;
  }
}
