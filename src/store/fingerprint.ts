/** Content fingerprints: of a dataset file (names its state database) and of one record (detects edits whose records changed). */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * SHA-256 of a file's bytes as 64 lowercase hex characters, read as a stream
 * so a large dataset never has to fit in memory at once.
 *
 * @example
 * const fp = await fingerprintFile('people.csv'); // "9f86d08188...", 64 hex chars
 */
export function fingerprintFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const stream = createReadStream(path);
    stream.on('data', (chunk) => hash.update(chunk));
    stream.on('error', reject);
    stream.on('end', () => resolve(hash.digest('hex')));
  });
}

/** Input of {@link fingerprintBytes}: a whole file already in shared memory. */
export interface FingerprintTask {
  file: SharedArrayBuffer;
}

/**
 * The same digest as {@link fingerprintFile}, of bytes already read into
 * shared memory. A worker task: ingest runs it beside parsing, so the state
 * database is named after exactly the bytes that were loaded (a second read
 * could see a file rewritten in between) and the event loop never hashes.
 *
 * @example
 * fingerprintBytes({ file: shared }) === (await fingerprintFile('people.csv')); // true for the same bytes
 */
export function fingerprintBytes(task: FingerprintTask): string {
  return createHash('sha256').update(new Uint8Array(task.file)).digest('hex');
}

/** How many hex characters of the record digest are kept: 64 bits is plenty to notice an edited row. */
const RECORD_FINGERPRINT_HEX = 16;

/**
 * A short fingerprint of one record's cells, in column order: 16 lowercase hex
 * characters of a SHA-256 over an unambiguous encoding in which every cell is
 * tagged as missing (`null`) or as a string with its byte length. So
 * `["ab", "c"]` and `["a", "bc"]` differ, column order matters, and a missing
 * cell differs from an empty string.
 *
 * @example
 * fingerprintRecord(['Jon Smith', '10001']); // "3b1f0c9a5d2e7f40" (16 hex chars)
 * fingerprintRecord(['Jon Smith', null]) !== fingerprintRecord(['Jon Smith', '']); // true
 */
export function fingerprintRecord(values: ReadonlyArray<string | null>): string {
  const hash = createHash('sha256');
  // The cell count first, so a trailing missing cell still changes the digest.
  hash.update(`${values.length};`);
  for (const value of values) {
    if (value === null) {
      hash.update('N;');
    } else {
      hash.update(`S${Buffer.byteLength(value, 'utf8')}:`);
      hash.update(value, 'utf8');
    }
  }
  return hash.digest('hex').slice(0, RECORD_FINGERPRINT_HEX);
}
