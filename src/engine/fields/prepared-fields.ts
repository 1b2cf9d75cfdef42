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
  constructor(handles: FieldHandle[]) {
    this.byKey = new Map(handles.map((h) => [h.key, new FieldDictionary(h)]));
  }
  /** The prepared field of a reference; throws if it was not prepared. */
  get(ref: FieldRef): FieldDictionary {
    const key = fieldKey(ref.field, ref.transforms);
    const f = this.byKey.get(key);
    if (f === undefined) throw new KindredError('internal', `field ${key} was not prepared`);
    return f;
  }
  /** Shareable handles for workers. */
  handles(): FieldHandle[] {
    return [...this.byKey.values()].map((f) => f.handle);
  }
}

/**
 * Dictionary-encodes each distinct (column, transforms) reference, in
 * parallel over columns. References to unknown columns are an error.
 */
export async function prepareFields(
  store: ColumnStore,
  refs: readonly FieldRef[],
  pool: WorkerPool,
  onProgress?: (done: number, total: number) => void,
): Promise<PreparedFields> {
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
  const results = await countedAll(
    jobs.map(([column, chains]) => pool.run('prepareColumn', { table: store.handle, column, chains: [...chains.values()] })),
    onProgress,
  );
  return new PreparedFields(results.flat());
}
