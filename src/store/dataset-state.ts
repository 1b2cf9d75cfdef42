/** Opens the state database of one version of a dataset, carrying the edit log over from the same path's previous version. */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { StateDb, type StateDbOptions } from './state-db.js';
import { datasetStem, statePath } from './state-path.js';

/** Meta keys every opener writes, so a later version of the dataset can find this database. */
const META_PATH = 'dataset_path';
const META_FINGERPRINT = 'dataset_fingerprint';
const META_OPENED = 'last_opened_at';

/** What {@link openDatasetState} found and did. */
export interface DatasetState {
  db: StateDb;
  file: string;
  /** The previous version's database whose history was copied in, or null. */
  carriedFrom: string | null;
  carried: { edits: number; telemetry: number };
}

/**
 * The most recently used other state database in `stateDir` that belongs to
 * the same dataset path (by its `dataset_path` meta entry), or null. Files
 * that cannot be read as state databases are skipped; so are other datasets
 * that share the file name.
 *
 * @example
 * previousState('.kindred', '/data/people.csv', '.kindred/people-7c1e09f2-bb….sqlite'); // ".kindred/people-7c1e09f2-aa….sqlite"
 */
export function previousState(stateDir: string, datasetPath: string, except: string): string | null {
  let names: string[];
  try {
    names = readdirSync(stateDir);
  } catch {
    return null;
  }
  const prefix = `${datasetStem(datasetPath)}-`;
  let best: { file: string; used: string } | null = null;
  for (const name of names) {
    const file = join(stateDir, name);
    if (!name.startsWith(prefix) || !name.endsWith('.sqlite') || resolve(file) === resolve(except)) continue;
    let meta: { path: string | null; opened: string | null };
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const get = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
        meta = { path: get.get(META_PATH) ?? null, opened: get.get(META_OPENED) ?? null };
      } finally {
        db.close();
      }
    } catch {
      continue;
    }
    if (meta.path !== datasetPath) continue;
    // Databases from before `last_opened_at` was kept fall back to their file's modification time.
    const used = meta.opened ?? statSync(file).mtime.toISOString();
    if (best === null || used > best.used || (used === best.used && file > best.file)) best = { file, used };
  }
  return best?.file ?? null;
}

/**
 * Opens (creating it if needed) the state database of the dataset at
 * `datasetPath` with content `fingerprint`. When that database is new and an
 * earlier version of the same file has one, the earlier edit log and
 * telemetry are copied in first (the earlier file is left as it was), so
 * editing the CSV never silently drops the stewards' decisions: replay keeps
 * those whose records are unchanged and lists the others as stale. Records
 * the path, the fingerprint and the time in the database's meta table.
 *
 * @example
 * const { db, carriedFrom } = openDatasetState('.kindred', '/data/people.csv', fingerprint);
 */
export function openDatasetState(stateDir: string, datasetPath: string, fingerprint: string, options: StateDbOptions = {}): DatasetState {
  const absolute = resolve(datasetPath);
  const file = statePath(stateDir, absolute, fingerprint);
  const db = StateDb.open(file, options);
  let carriedFrom: string | null = null;
  let carried = { edits: 0, telemetry: 0 };
  try {
    if (db.isEmpty() && db.getMeta(META_PATH) === null) {
      const previous = previousState(stateDir, absolute, file);
      if (previous !== null) {
        carried = db.importHistory(previous);
        carriedFrom = previous;
      }
    }
    db.setMeta(META_PATH, absolute);
    db.setMeta(META_FINGERPRINT, fingerprint);
    db.setMeta(META_OPENED, (options.clock ?? (() => new Date()))().toISOString());
  } catch (e) {
    db.close();
    throw e;
  }
  return { db, file, carriedFrom, carried };
}

/**
 * The log line for a carried-over history, or null when nothing was carried.
 *
 * @example
 * carriedLine(state); // "state: people.csv changed since people-7c1e09f2-aa….sqlite; carried 12 edits and 1 telemetry over …"
 */
export function carriedLine(state: DatasetState, datasetPath: string): string | null {
  if (state.carriedFrom === null) return null;
  return `state: ${basename(datasetPath)} is a new version of the dataset in ${basename(state.carriedFrom)}; carried ${state.carried.edits} edit(s) and ${state.carried.telemetry} telemetry record(s) over into ${basename(state.file)} (decisions on records that changed will be listed as stale)`;
}
