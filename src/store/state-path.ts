/** Where a dataset's state database lives: one SQLite file per dataset, named by file name and content fingerprint. */
import { basename, extname, join } from 'node:path';
import { KindredError } from '../errors/registry.js';

export { fingerprintFile, fingerprintRecord } from './fingerprint.js';

/** Hex characters of the dataset fingerprint put in the file name (64 bits: collisions are not a practical concern). */
const NAME_FINGERPRINT_HEX = 16;

/**
 * The state database file for a dataset:
 * `<stateDir>/<file-stem>-<first 16 hex of fingerprint>.sqlite`.
 *
 * The stem is the dataset's file name without its last extension; characters
 * other than letters, digits, `.`, `_` and `-` become `_` so that any dataset
 * name gives a portable file name. Because the content fingerprint is part of
 * the name, editing the CSV starts a fresh database instead of re-applying
 * decisions to records that may have moved.
 *
 * @example
 * statePath('.kindred', '/data/people.csv', 'a3f1c2d4e5b6978812ab...');
 * // ".kindred/people-a3f1c2d4e5b69788.sqlite"
 */
export function statePath(stateDir: string, datasetPath: string, datasetFingerprint: string): string {
  const fingerprint = datasetFingerprint.toLowerCase();
  if (!/^[0-9a-f]+$/.test(fingerprint) || fingerprint.length < NAME_FINGERPRINT_HEX) {
    throw new KindredError('internal', 'dataset fingerprint must be at least 16 hex characters', [
      { path: 'datasetFingerprint', message: `expected hex digits, got ${JSON.stringify(datasetFingerprint)}` },
    ]);
  }
  const name = basename(datasetPath);
  const stem = (name.slice(0, name.length - extname(name).length) || name).replace(/[^A-Za-z0-9._-]/g, '_');
  return join(stateDir, `${stem}-${fingerprint.slice(0, NAME_FINGERPRINT_HEX)}.sqlite`);
}
