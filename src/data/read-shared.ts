/** Reads a whole file into shared memory off the event loop, several pieces at a time, telling as it goes how much of the file's start is in. */
import fs from 'node:fs';
import { KindredError } from '../errors/registry.js';

/** Bytes per read. */
const READ_PIECE_BYTES = 8 << 20;
/** Reads in flight at once: libuv's thread pool has four threads unless `UV_THREADPOOL_SIZE` says otherwise. */
const READS_IN_FLIGHT = 4;

/**
 * The whole file in shared memory, read asynchronously: a synchronous read
 * of a large file held the event loop (and `/health`) for as long as the
 * disk took. Pieces of 8 MiB are read four at a time (libuv's thread pool
 * has four threads): one read after another spent most of its time
 * faulting in fresh pages, with the pool threads taking both cores, and
 * took 270–340 ms for 88 MB where four at a time take 60–90 ms. `onRead`
 * hears how many bytes from the start are in, after each piece that
 * extends them, so parsing can start on them; after a failed read it hears
 * nothing more. A file that ends before the size it had when opened, or
 * whose size or modification time differ once it is read, is an error,
 * not a table padded with zeros or cut in a row.
 *
 * @example
 * const shared = await readIntoSharedMemory('people.csv', (_shared, available) => bar(available));
 * shared.byteLength; // the file's size
 */
export async function readIntoSharedMemory(
  file: string,
  onRead?: (shared: SharedArrayBuffer, available: number) => void,
  pieceBytes: number = READ_PIECE_BYTES,
  inFlight: number = READS_IN_FLIGHT,
): Promise<SharedArrayBuffer> {
  let fh: fs.promises.FileHandle;
  try {
    fh = await fs.promises.open(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new KindredError('file_not_found', `${file}: no such file`);
    throw unreadable(file, e);
  }
  try {
    if (!(Number.isInteger(pieceBytes) && pieceBytes >= 1 && Number.isInteger(inFlight) && inFlight >= 1)) {
      throw new KindredError('internal', `readIntoSharedMemory: piece bytes and reads in flight must be whole numbers ≥ 1, got ${pieceBytes} and ${inFlight}`);
    }
    const opened = await fh.stat();
    if (opened.isDirectory()) throw new KindredError('csv_invalid', `${file}: is a directory, not a file`);
    const size = opened.size;
    if (size === 0) return new SharedArrayBuffer(0);
    const shared = new SharedArrayBuffer(size);
    const view = new Uint8Array(shared);
    const pieces = Math.ceil(size / pieceBytes);
    const done = new Uint8Array(pieces);
    let next = 0;
    let prefix = 0;
    // The first failure in time; once set, no lane starts a read or reports.
    let failure: { error: unknown } | null = null;
    const readPiece = async (k: number): Promise<void> => {
      const end = Math.min(size, (k + 1) * pieceBytes);
      for (let at = k * pieceBytes; at < end; ) {
        const { bytesRead } = await fh.read(view, at, end - at, at);
        if (bytesRead === 0) throw changed(file, `it became shorter while it was read (${size} bytes when opened)`);
        at += bytesRead;
      }
      done[k] = 1;
      const before = prefix;
      while (prefix < pieces && done[prefix] === 1) prefix++;
      if (prefix > before && failure === null) onRead?.(shared, Math.min(size, prefix * pieceBytes));
    };
    const lane = async (): Promise<void> => {
      try {
        while (next < pieces && failure === null) await readPiece(next++);
      } catch (e) {
        failure ??= { error: e instanceof KindredError ? e : unreadable(file, e) };
      }
    };
    // Every lane settles before the file is closed, even when one fails.
    await Promise.all(Array.from({ length: Math.min(inFlight, pieces) }, lane));
    if (failure !== null) throw (failure as { error: unknown }).error;
    const read = await fh.stat();
    if (read.size !== size || read.mtimeMs !== opened.mtimeMs) throw changed(file, `its size or modification time changed while it was read (${size} bytes when opened, ${read.size} now)`);
    return shared;
  } finally {
    await fh.close();
  }
}

function changed(file: string, what: string): KindredError {
  return new KindredError('csv_invalid', `${file}: ${what}; load it again once it stops changing`);
}

function unreadable(file: string, e: unknown): KindredError {
  return new KindredError('csv_invalid', `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
}
