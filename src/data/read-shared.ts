/** Reads a whole file into shared memory off the event loop, several pieces at a time, telling as it goes how much of the file's start is in. */
import fs from 'node:fs';
import { KindredError } from '../errors/registry.js';

/** Bytes per read, and how many reads are in flight at once (libuv's thread pool has four threads). */
const READ_PIECE_BYTES = 8 << 20;
const READS_IN_FLIGHT = 4;

/**
 * The whole file in shared memory, read asynchronously: a synchronous read
 * of a large file held the event loop (and `/health`) for as long as the
 * disk took. Pieces of 8 MiB are read four at a time (libuv's thread pool
 * has four threads): one read after another spent most of its time
 * faulting in fresh pages, with the pool threads taking both cores, and
 * took 270–340 ms for 88 MB where four at a time take 60–90 ms. `onRead`
 * hears how many bytes from the start are in, after each piece that
 * extends them, so parsing can start on them. A file that ends before the
 * size it had when opened is an error, not a table padded with zeros.
 *
 * @example
 * const shared = await readIntoSharedMemory('people.csv', (file, available) => early.advance(available));
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
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new KindredError('file_not_found', `${file}: no such file`);
    throw new KindredError('csv_invalid', `${file}: cannot be read (${code ?? String(e)})`);
  }
  try {
    const size = (await fh.stat()).size;
    if (size === 0) return new SharedArrayBuffer(0);
    const shared = new SharedArrayBuffer(size);
    const view = new Uint8Array(shared);
    const pieces = Math.ceil(size / pieceBytes);
    const done = new Uint8Array(pieces);
    let next = 0;
    let prefix = 0;
    const readPiece = async (k: number): Promise<void> => {
      const end = Math.min(size, (k + 1) * pieceBytes);
      for (let at = k * pieceBytes; at < end; ) {
        const { bytesRead } = await fh.read(view, at, end - at, at);
        if (bytesRead === 0) throw new KindredError('csv_invalid', `${file}: the file became shorter while it was read (${size} bytes when opened)`);
        at += bytesRead;
      }
      done[k] = 1;
      const before = prefix;
      while (prefix < pieces && done[prefix] === 1) prefix++;
      if (prefix > before) onRead?.(shared, Math.min(size, prefix * pieceBytes));
    };
    const lane = async (): Promise<void> => {
      try {
        while (next < pieces) await readPiece(next++);
      } catch (e) {
        next = pieces; // the other lanes stop after the piece they hold
        throw e;
      }
    };
    // Every lane settles before the file is closed, even when one fails.
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(inFlight, pieces) }, lane));
    const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    return shared;
  } finally {
    await fh.close();
  }
}
