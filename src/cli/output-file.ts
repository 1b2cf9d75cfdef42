/** Output files named on the command line: checked before any work, opened with a clear error, never a raw stream crash. */
import fs from 'node:fs';
import path from 'node:path';
import { KindredError } from '../errors/registry.js';

function cannotWrite(command: string, option: string, file: string, e: unknown): KindredError {
  const code = (e as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT' ? 'its directory does not exist' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : code === 'ENOTDIR' ? 'a file stands where its directory should be' : (code ?? String(e));
  return new KindredError('usage', `kindred ${command}: ${option} ${file}: cannot be written (${reason})`);
}

/**
 * Throws a `usage` error (exit 2) unless `file` could be written: its
 * directory exists and is writable, and the file, if it exists, is a
 * writable file. Nothing is created or truncated, so a run that fails later
 * leaves an earlier output intact; the point is that minutes of matching are
 * never spent before a mistyped directory is noticed.
 *
 * @example
 * checkOutputFile('dedupe', '--out', 'out/clusters.csv'); // throws when out/ is missing
 */
export function checkOutputFile(command: string, option: string, file: string): void {
  try {
    if (fs.existsSync(file)) {
      if (fs.statSync(file).isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
      fs.accessSync(file, fs.constants.W_OK);
    } else {
      const dir = path.dirname(path.resolve(file));
      // access() alone passes a regular file standing where the directory should be.
      if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      fs.accessSync(dir, fs.constants.W_OK);
    }
  } catch (e) {
    throw cannotWrite(command, option, file, e);
  }
}

/**
 * Opens (creates or truncates) `file` for writing and returns its descriptor,
 * or throws the same `usage` error as {@link checkOutputFile}, so a write
 * stream made from it cannot fail to open later with an unhandled error.
 *
 * @example
 * const stream = fs.createWriteStream('', { fd: openOutputFile('dedupe', '--out', 'clusters.csv') });
 */
export function openOutputFile(command: string, option: string, file: string): number {
  try {
    return fs.openSync(file, 'w');
  } catch (e) {
    throw cannotWrite(command, option, file, e);
  }
}
