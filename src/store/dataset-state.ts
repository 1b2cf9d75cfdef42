/** Opens the state database of one version of a dataset, carrying the edit log over from the same path's previous version. */
import { readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { StateDb, type StateDbOptions } from './state-db.js';
import { datasetStem, statePath } from './state-path.js';

/** Meta keys every opener writes, so a later version of the dataset can find this database. */
const META_PATH = 'dataset_path';
const META_FINGERPRINT = 'dataset_fingerprint';
/** Hex characters of the fingerprint in the names used before the path digest was added (`<stem>-<16 hex>.sqlite`). */
const LEGACY_FINGERPRINT_HEX = 16;

/** What {@link openDatasetState} found and did. */
export interface DatasetState {
  db: StateDb;
  file: string;
  /** The previous version's database whose history was copied in, or null. */
  carriedFrom: string | null;
  carried: { edits: number; telemetry: number };
  /** Another version's database with edits newer than any here (not applied here), or null. */
  newerElsewhere: string | null;
}

/** One other state database of the same dataset path, and when it last changed. */
interface Sibling {
  file: string;
  /** ISO time of its newest edit or telemetry; '' when it has none. */
  lastChange: string;
}

function lastChange(db: Database.Database): string {
  const max = (sql: string): string => (db.prepare<[], string | null>(sql).pluck().get() as string | null) ?? '';
  const edit = max('SELECT max(created_at) FROM edits');
  const telemetry = max('SELECT max(recorded_at) FROM telemetry');
  return edit > telemetry ? edit : telemetry;
}

/**
 * The other state databases in `stateDir` that belong to the dataset at
 * `datasetPath`: by their `dataset_path` meta entry, or (files named before
 * the path digest, by any command) by the old name `<stem>-<16 hex>.sqlite`
 * with the same content fingerprint. Files that cannot be read as state
 * databases are skipped, and so are other datasets sharing the file name.
 *
 * @example
 * siblingStates('.kindred', '/data/people.csv', 'ab12…', '.kindred/people-7c1e09f2-ab12….sqlite');
 */
function siblingStates(stateDir: string, datasetPath: string, fingerprint: string, except: string): Sibling[] {
  let names: string[];
  try {
    names = readdirSync(stateDir);
  } catch {
    return [];
  }
  const stem = datasetStem(datasetPath);
  const legacyName = `${stem}-${fingerprint.toLowerCase().slice(0, LEGACY_FINGERPRINT_HEX)}.sqlite`;
  const out: Sibling[] = [];
  for (const name of names) {
    const file = join(stateDir, name);
    if (!name.startsWith(`${stem}-`) || !name.endsWith('.sqlite') || resolve(file) === resolve(except)) continue;
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const path = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck().get(META_PATH) ?? null;
        if (path === datasetPath || (path === null && name === legacyName)) out.push({ file, lastChange: lastChange(db) });
      } finally {
        db.close();
      }
    } catch {
      continue;
    }
  }
  return out;
}

/**
 * The sibling whose history changed last (newest edit or telemetry; the file
 * name breaks ties); null when none has any. The last change, not the last
 * opening: after v1 → v2 (decisions made) → back to v1 → v3, v2 holds the
 * newest decisions although v1 was opened more recently.
 */
function latestSibling(stateDir: string, datasetPath: string, fingerprint: string, except: string): Sibling | null {
  let best: Sibling | null = null;
  for (const s of siblingStates(stateDir, datasetPath, fingerprint, except)) {
    if (s.lastChange === '') continue;
    if (best === null || s.lastChange > best.lastChange || (s.lastChange === best.lastChange && s.file > best.file)) best = s;
  }
  return best;
}

/**
 * Opens (creating it if needed) the state database of the dataset at
 * `datasetPath` with content `fingerprint`. When that database is new and an
 * earlier version of the same file has one, the earlier edit log and
 * telemetry are copied in first (the earlier file is left as it was), so
 * editing the CSV never silently drops the stewards' decisions: replay keeps
 * those whose records are unchanged and lists the others as stale. When an
 * existing database is reopened (the file went back to earlier contents)
 * while another version holds newer edits, `newerElsewhere` names it.
 * Records the path and the fingerprint in the meta table.
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
  let newerElsewhere: string | null = null;
  try {
    const previous = latestSibling(stateDir, absolute, fingerprint, file);
    if (db.isEmpty() && db.getMeta(META_PATH) === null) {
      const copied = previous === null ? null : db.importHistory(previous.file);
      if (copied !== null && previous !== null) {
        carried = copied;
        carriedFrom = previous.file;
      }
    } else if (previous !== null && previous.lastChange > lastChange(db.connection)) {
      newerElsewhere = previous.file;
    }
    db.setMeta(META_PATH, absolute);
    db.setMeta(META_FINGERPRINT, fingerprint);
  } catch (e) {
    db.close();
    throw e;
  }
  return { db, file, carriedFrom, carried, newerElsewhere };
}

/**
 * The log line for what opening found: a carried-over history, or newer
 * edits left in another version's file; null when there is nothing to say.
 *
 * @example
 * datasetStateLine(state, '/data/people.csv'); // "state: people.csv is a new version of the dataset in …; carried 12 edit(s) …"
 */
export function datasetStateLine(state: DatasetState, datasetPath: string): string | null {
  if (state.carriedFrom !== null) {
    return `state: ${basename(datasetPath)} is a new version of the dataset in ${basename(state.carriedFrom)}; carried ${state.carried.edits} edit(s) and ${state.carried.telemetry} telemetry record(s) over into ${basename(state.file)} (decisions on records that changed will be listed as stale)`;
  }
  if (state.newerElsewhere !== null) {
    return `state: ${basename(datasetPath)} has its earlier contents again, so ${basename(state.file)} is reopened; ${basename(state.newerElsewhere)} (another version) holds newer edits, which are not applied here (docs/state.md)`;
  }
  return null;
}

