/** Starts the count pass of each chunk of a CSV file as soon as the bytes up to the chunk's end are read, so parsing runs beside the rest of the read. */
import type { WorkerPool } from '../engine/worker-pool.js';
import { LineSplitter } from './csv-bytes.js';
import type { CountResult } from './ingest-tasks.js';

const LF = 0x0a;
const QUOTE = 0x22;

/** What the chunked count needs to know of a file before its bytes arrive. */
export interface EarlyChunkOptions {
  pool: WorkerPool;
  /** Files whose body is smaller than this are one chunk (nothing to start early). */
  parallelThreshold: number;
  /** Chunks of a body at or over the threshold (ingest's own count, so the split points are its own). */
  parts: number;
  lenient: boolean;
  /** The file's choice between counting by lines and by bytes (see `countsByLines` in ingest-tasks.ts). */
  byLines?: SharedArrayBuffer;
}

/**
 * Follows a file being read into shared memory front to back and starts
 * `countChunk` for each chunk whose bytes are all in. The chunks are exactly
 * those of ingest's `lineSplitPoints` over the whole file (same targets,
 * each split after the first line feed at or after its target), found in
 * the bytes read so far only: a piece still being read may hold anything.
 * It gives up, leaving ingest to do as before once the file is read, when
 * the header line holds a quote (a quoted name may span lines) or has no
 * line feed in the first bytes, or the body is one chunk.
 *
 * @example
 * const early = new EarlyChunks(shared, { pool, parallelThreshold: 1 << 20, parts: pool.size * 4, lenient: false });
 * // after each piece is read: early.advance(bytesReadSoFar)
 * if (early.complete(header.names.length)) counts = await Promise.all(early.tasks);
 */
export class EarlyChunks {
  /** Ingest's split of the body, settled as the bytes arrive; null until the header line is read. */
  private splitter: LineSplitter | null = null;
  /** The count tasks started, one per chunk, in file order. */
  readonly tasks: Promise<CountResult>[] = [];
  private readonly file: SharedArrayBuffer;
  private readonly buf: Buffer;
  private readonly size: number;
  private readonly options: EarlyChunkOptions;
  private columns = 0;
  private gaveUp = false;

  constructor(file: SharedArrayBuffer, options: EarlyChunkOptions) {
    this.file = file;
    this.buf = Buffer.from(file);
    this.size = file.byteLength;
    this.options = options;
  }

  /** Split points found so far (the first is the body start); complete ones end with the file size. */
  get points(): number[] {
    return this.splitter?.points ?? [];
  }

  /** True once every chunk's count has started for a header of `columns` columns: `points` and `tasks` are then ingest's own. */
  complete(columns: number): boolean {
    return !this.gaveUp && this.splitter?.done === true && this.tasks.length === this.points.length - 1 && this.columns === columns;
  }

  /**
   * The first `available` bytes of the file are read: finds the split
   * points they settle and starts the counts of the chunks they hold.
   */
  advance(available: number): void {
    if (this.gaveUp || (this.splitter?.done === true && this.tasks.length === this.points.length - 1)) return;
    if (this.splitter === null && !this.readHeader(available)) return;
    if (this.gaveUp) return;
    this.splitter?.advance(available);
    this.startChunks(available);
  }

  /** Reads the header's column count from its line; false while that line is not yet in. */
  private readHeader(available: number): boolean {
    if (available < Math.min(3, this.size)) return false;
    const start = this.size >= 3 && this.buf[0] === 0xef && this.buf[1] === 0xbb && this.buf[2] === 0xbf ? 3 : 0;
    const lf = this.buf.subarray(0, available).indexOf(LF, start);
    if (lf === -1) {
      // Still reading a very long first line, or a file of one line: ingest reads it as before.
      if (available >= this.size || available > 1 << 20) this.gaveUp = true;
      return false;
    }
    const line = this.buf.subarray(start, lf);
    if (line.indexOf(QUOTE) !== -1) {
      this.gaveUp = true;
      return false;
    }
    const body = lf + 1;
    if (this.size - body < this.options.parallelThreshold) {
      this.gaveUp = true;
      return false;
    }
    let commas = 0;
    for (let at = line.indexOf(0x2c); at !== -1; at = line.indexOf(0x2c, at + 1)) commas++;
    this.columns = commas + 1;
    this.splitter = new LineSplitter(this.buf, body, this.size, this.options.parts);
    return true;
  }

  /** Starts the count of every chunk not yet started whose bytes are all read. */
  private startChunks(available: number): void {
    const { pool, lenient, byLines } = this.options;
    // Every point but the file's end lies in bytes already read; a chunk may start once its end point is read too.
    for (let k = this.tasks.length; k + 1 < this.points.length && this.points[k + 1] <= available; k++) {
      const task = pool.run('countChunk', { file: this.file, start: this.points[k], end: this.points[k + 1], columns: this.columns, lenient, byLines });
      // Awaited by ingest once the file is read; a failure before then must not be an unhandled rejection.
      task.catch(() => undefined);
      this.tasks.push(task);
    }
  }
}
