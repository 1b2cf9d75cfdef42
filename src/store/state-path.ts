/** Where a dataset's state database lives: one SQLite file per dataset version, named by its path and content fingerprint. */
import { createHash } from 'node:crypto';
import { basename, extname, join, resolve } from 'node:path';
import { KindredError } from '../errors/registry.js';

export { fingerprintFile, fingerprintRecord } from './fingerprint.js';

/** Hex characters of the dataset fingerprint put in the file name (64 bits: collisions are not a practical concern). */
const NAME_FINGERPRINT_HEX = 16;

/** Hex characters of the dataset path's digest put in the file name (32 bits: only files of the same stem in one state folder compete). */
const NAME_PATH_HEX = 8;

/**
 * The file-name stem of a dataset: its name without the last extension, with
 * characters other than letters, digits, `.`, `_` and `-` turned into `_` so
 * any dataset name gives a portable file name.
 *
 * @example
 * datasetStem('/data/my people.csv'); // "my_people"
 */
export function datasetStem(datasetPath: string): string {
  const name = basename(datasetPath);
  return (name.slice(0, name.length - extname(name).length) || name).replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * The state database file for a dataset (API.md 2.6: named by the dataset's
 * path and content fingerprint):
 * `<stateDir>/<stem>-<8 hex of the absolute path's SHA-256>-<16 hex of the fingerprint>.sqlite`.
 *
 * The path digest keeps `a/people.csv` and `b/people.csv` apart; the content
 * fingerprint gives an edited CSV a fresh database, into which
 * `openDatasetState` carries the previous version's edit log, so decisions
 * on records that did not change stay in force and the others are listed as
 * stale instead of vanishing.
 *
 * @example
 * statePath('.kindred', '/data/people.csv', 'a3f1c2d4e5b6978812ab...');
 * // ".kindred/people-7c1e09f2-a3f1c2d4e5b69788.sqlite"
 */
export function statePath(stateDir: string, datasetPath: string, datasetFingerprint: string): string {
  const fingerprint = datasetFingerprint.toLowerCase();
  if (!/^[0-9a-f]+$/.test(fingerprint) || fingerprint.length < NAME_FINGERPRINT_HEX) {
    throw new KindredError('internal', 'dataset fingerprint must be at least 16 hex characters', [
      { path: 'datasetFingerprint', message: `expected hex digits, got ${JSON.stringify(datasetFingerprint)}` },
    ]);
  }
  const pathDigest = createHash('sha256').update(resolve(datasetPath), 'utf8').digest('hex').slice(0, NAME_PATH_HEX);
  return join(stateDir, `${datasetStem(datasetPath)}-${pathDigest}-${fingerprint.slice(0, NAME_FINGERPRINT_HEX)}.sqlite`);
}
