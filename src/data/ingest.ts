/** CSV file → ColumnStore: reads the file into shared memory, parses byte ranges in parallel on the worker pool, fills shared columns. */
import fs from 'node:fs';
import path from 'node:path';
import { KindredError } from '../errors/registry.js';
import { countedAll } from '../engine/counted-tasks.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import { ColumnStore, type ColumnHandle } from './column-store.js';
import { cellLength, copyCell, isBlankLine, lineSplitPoints, parseRecord, type CellSink } from './csv-bytes.js';
import type { CompactTask, CountResult, FillResult, RaggedRecord } from './ingest-tasks.js';
import { EarlyChunks } from './early-chunks.js';
import { readIntoSharedMemory } from './read-shared.js';

/** Options of {@link ingestCsv}. */
export interface IngestOptions {
  /** Skip ragged rows (counted) instead of failing. */
  lenient?: boolean;
  /** Files smaller than this are parsed as one chunk. */
  parallelThreshold?: number;
  /** Also compute the SHA-256 of the file's bytes (on a pool thread, beside parsing). */
  fingerprint?: boolean;
  /** Chunks parsed so far, counting and filling each chunk as one unit each (for a progress bar). */
  onProgress?: (done: number, total: number) => void;
  /**
   * The only columns to keep, by name (default: every column). The others
   * are parsed past (every row's cells are still counted) but not stored;
   * names the header lacks are ignored, for the caller to report.
   */
  only?: ReadonlySet<string>;
}

/** The loaded table plus what the log should say about it. */
export interface IngestResult {
  store: ColumnStore;
  /** Every column of the header, in order, whether stored or not (see `only`). */
  header: string[];
  file: string;
  bytes: number;
  skippedRows: number;
  ms: number;
  /** SHA-256 hex of the bytes loaded, when asked for with `fingerprint: true`; else null. */
  fingerprint: string | null;
  /** How the chunks were counted: by their lines, the columns compacted after the fill, or by every column's bytes. */
  countedBy: 'lines' | 'bytes';
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Loads a CSV file (UTF-8, optional BOM, RFC 4180, header row required).
 * Values stay strings exactly as written; empty cells are missing. A row
 * with more or fewer cells than the header is an error naming its line,
 * unless `lenient`.
 *
 * @example
 * const { store } = await ingestCsv('people.csv', pool);
 * store.rowCount; // 100000
 * (await ingestCsv('people.csv', pool, { fingerprint: true })).fingerprint; // "9f86d0…", 64 hex chars
 */
export async function ingestCsv(file: string, pool: WorkerPool, options: IngestOptions & { fingerprint: true }): Promise<IngestResult & { fingerprint: string }>;
export async function ingestCsv(file: string, pool: WorkerPool, options?: IngestOptions): Promise<IngestResult>;
export async function ingestCsv(file: string, pool: WorkerPool, options: IngestOptions = {}): Promise<IngestResult> {
  const t0 = performance.now();
  const label = file;
  const parallelThreshold = options.parallelThreshold ?? 1 << 20;
  // Chunks of a body over the threshold: a few per worker, so a slow chunk does not hold the others back.
  const parallelParts = pool.size * 4;
  const reading: { early: EarlyChunks | null } = { early: null };
  // [KiB read so far, how the chunks are counted, KiB in the file]: see countsByLines.
  const byLines = new SharedArrayBuffer(12);
  const readKiB = new Int32Array(byLines);
  // Both rounded up: a file read to its end reads as whole.
  const markRead = (available: number, size: number): void => {
    Atomics.store(readKiB, 2, Math.ceil(size / 1024));
    Atomics.store(readKiB, 0, Math.ceil(available / 1024));
  };
  const shared = await readIntoSharedMemory(file, (file, available) => {
    markRead(available, file.byteLength);
    reading.early ??= new EarlyChunks(file, { pool, parallelThreshold, parts: parallelParts, lenient: options.lenient === true, byLines });
    reading.early.advance(available);
  });
  markRead(shared.byteLength, shared.byteLength);
  const hashing = options.fingerprint === true ? pool.run('fingerprintBytes', { file: shared }) : Promise.resolve(null);
  // Awaited at the end; a parse error thrown first must not leave it an unhandled rejection.
  hashing.catch(() => undefined);
  const buf = Buffer.from(shared);
  const bytes = new Uint8Array(shared);
  const header = readHeader(bytes, label);
  const columns = header.names.length;
  const bodyStart = header.next;
  const parts = bytes.length - bodyStart < parallelThreshold ? 1 : parallelParts;
  const onProgress = options.onProgress;
  // Two units per chunk: its count, then its fill.
  const counted = (done: number, total: number): void => onProgress?.(done, 2 * total);
  // The chunks counted while the file was read are this split's own (see early-chunks.ts).
  const started = reading.early?.complete(columns) === true ? reading.early : null;
  let points = started !== null ? started.points : splitBody(buf, bodyStart, bytes.length, parts);
  let counts = started !== null ? await countedAll(started.tasks, onProgress && counted) : await countAll(pool, shared, points, columns, options.lenient === true, onProgress && counted, byLines);
  if (!outsideQuotes(counts)) {
    // A quoted cell holds a line break at a split: split again by quote parity.
    points = await pool.run('quoteSplitPoints', { file: shared, start: bodyStart, end: bytes.length, parts });
    counts = await countAll(pool, shared, points, columns, options.lenient === true, onProgress && counted, byLines);
  }
  if (counts.some((c, i) => c.unterminatedAt !== null && i < counts.length - 1)) {
    // A stray quote fooled the parity split; one sequential chunk is always right.
    points = [bodyStart, bytes.length];
    counts = await countAll(pool, shared, points, columns, options.lenient === true, onProgress && counted, byLines);
  }
  // Chunks without quotes were counted by their lines; if others have quotes, every chunk's bytes are counted after all (see docs/architecture.md).
  if (counts.some((c) => c.bytesPerColumn === null) && counts.some((c) => c.bytesPerColumn !== null)) counts = await countExactly(pool, shared, points, columns, counts);
  let gapped = counts.every((c) => c.bytesPerColumn === null);
  // Absolute line numbers: header lines, then the lines of earlier chunks.
  // The header's own line feed is counted in its newlines, so this is the first data line.
  let lineBase = 1 + header.newlines;
  let skippedRows = 0;
  for (const c of counts) {
    if (c.unterminatedAt !== null) {
      throw new KindredError('csv_invalid', `${label}: line ${lineBase + c.unterminatedAt}: a quoted value is never closed`);
    }
    if (c.ragged !== null && options.lenient !== true) throw raggedRow(label, lineBase, c.ragged, columns);
    skippedRows += c.skipped;
    lineBase += c.newlines;
  }
  const rowCount = counts.reduce((s, c) => s + c.rows, 0);
  // File column → its place among the stored columns, or −1.
  const only = options.only;
  const kept = only === undefined ? header.names.map((_, c) => c) : header.names.flatMap((name, c) => (only.has(name) ? [c] : []));
  const columnOf = header.names.map(() => -1);
  kept.forEach((c, k) => (columnOf[c] = k));
  const keptCounts = (all: CountResult[] | null): number[][] | null => (all === null ? null : all.map((k) => kept.map((c) => (k.bytesPerColumn as number[])[c])));
  let handles: ColumnHandle[];
  try {
    handles = allocateColumns(kept.map((c) => header.names[c]), rowCount, keptCounts(gapped ? null : counts), bytes.length - bodyStart);
  } catch (e) {
    // A buffer the size of the body for every column is address space, not memory, unless the
    // system refuses to reserve it (a `ulimit -v`, strict overcommit): then every chunk's bytes are counted.
    if (!gapped || !(e instanceof RangeError)) throw e;
    counts = await countExactly(pool, shared, points, columns, counts);
    gapped = false;
    handles = allocateColumns(kept.map((c) => header.names[c]), rowCount, keptCounts(counts), bytes.length - bodyStart);
  }
  const firstRows: number[] = [];
  let firstRow = 0;
  const columnStarts = new Array<number>(kept.length).fill(0);
  const fills: Promise<FillResult>[] = [];
  for (let k = 0; k < counts.length; k++) {
    // Without byte counts, each chunk writes every column at its own place in the body: it holds no more bytes of a column than in all.
    if (gapped) columnStarts.fill(points[k] - bodyStart);
    firstRows.push(firstRow);
    fills.push(
      pool.run('fillChunk', {
        file: shared,
        start: points[k],
        end: points[k + 1],
        firstRow,
        columnStarts: columnStarts.slice(),
        columnBytes: handles.map((h) => h.bytes),
        columnOffsets: handles.map((h) => h.offsets),
        columnMissing: handles.map((h) => h.missing),
        columnOf: kept.length === columns ? undefined : columnOf,
        plain: counts[k].quotes === 0 && options.lenient !== true,
      }),
    );
    firstRow += counts[k].rows;
    const counted = counts[k].bytesPerColumn;
    if (counted !== null) kept.forEach((c, i) => (columnStarts[i] += counted[c]));
  }
  const filled = await countedAll(fills, onProgress && ((done, total) => onProgress(total + done, 2 * total)));
  if (gapped) {
    checkFilled(filled, counts, 1 + header.newlines, columns, label);
    const chunks: CompactTask['chunks'][] = handles.map((_, c) => filled.map((f, k) => ({ from: points[k] - bodyStart, end: f.columnEnds[c], firstRow: firstRows[k], rows: f.rows })));
    const bytesOf = chunks.map((runs) => runs.reduce((s, x) => s + x.end - x.from, 0));
    const total = bytesOf.reduce((s, b) => s + b, 0);
    // The columns go one after another into the file's own buffer (they hold fewer bytes than its body): its
    // pages are in, and once the hash, if any, has read it nothing reads the file again. But the store keeps the
    // buffer the columns are in: when they are less than half the file (most columns not read), a buffer of
    // their own size is kept instead.
    const into = 2 * total >= bytes.length - bodyStart ? shared : new SharedArrayBuffer(Math.max(1, total));
    if (into === shared) await hashing;
    const at: number[] = [];
    bytesOf.reduce((sum, b, c) => ((at[c] = sum), sum + b), 0);
    // Largest columns first, so that the last task on the pool is a small one.
    const order = handles.map((_, c) => c).sort((x, y) => bytesOf[y] - bytesOf[x]);
    // Every column's task ends before the load does, whichever fails.
    const compacted = await Promise.allSettled(
      order.map((c) => pool.run('compactColumn', { bytes: handles[c].bytes, offsets: handles[c].offsets, rowCount, chunks: chunks[c], into, at: at[c] })),
    );
    for (const r of compacted) if (r.status === 'rejected') throw r.reason;
    handles = handles.map((h) => ({ ...h, bytes: into }));
  } else handles.forEach((h, i) => (new Uint32Array(h.offsets)[rowCount] = columnStarts[i]));
  const store = ColumnStore.fromHandle({ rowCount, columns: handles });
  const fingerprint = await hashing;
  return { store, header: header.names, file: path.resolve(file), bytes: bytes.length, skippedRows, ms: performance.now() - t0, fingerprint, countedBy: gapped ? 'lines' : 'bytes' };
}

/** How much of a file {@link readHeaderNames} reads: far more than any header row. */
const HEADER_PEEK_BYTES = 1 << 20;

/**
 * The column names of a CSV file's header row, read from its first MiB
 * without loading the file, or null when they cannot be known that way (the
 * file is unreadable, its header is malformed or longer than a MiB): the full
 * load then reports the problem with its line. Lets `serve` refuse a
 * configuration naming an unknown column before it binds (exit 2).
 *
 * @example
 * await readHeaderNames('people.csv'); // ['given_name', 'surname', 'dob']
 */
export async function readHeaderNames(file: string): Promise<string[] | null> {
  let fh: fs.promises.FileHandle;
  try {
    fh = await fs.promises.open(file, 'r');
  } catch {
    return null;
  }
  try {
    const size = (await fh.stat()).size;
    const bytes = new Uint8Array(Math.min(size, HEADER_PEEK_BYTES));
    const { bytesRead } = await fh.read(bytes, 0, bytes.length, 0);
    const header = readHeader(bytes.subarray(0, bytesRead), file);
    // A header cut off by the peek would give a wrong last name.
    return header.next >= bytesRead && bytesRead < size ? null : header.names;
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}

class HeaderSink implements CellSink {
  names: string[] = [];
  constructor(private readonly bytes: Uint8Array) {}
  cell(_column: number, start: number, end: number, quoted: boolean): void {
    const out = new Uint8Array(cellLength(this.bytes, start, end, quoted));
    copyCell(this.bytes, start, end, quoted, out, 0);
    this.names.push(Buffer.from(out).toString('utf8'));
  }
}

/** The header row of a file's bytes, after an optional BOM; an empty file or a blank first line is `csv_invalid`. */
function readHeader(bytes: Uint8Array, label: string): { names: string[]; next: number; newlines: number } {
  const start = bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2] ? 3 : 0;
  if (start >= bytes.length) throw new KindredError('csv_invalid', `${label}: the file is empty; expected a header row`);
  if (isBlankLine(bytes, start, bytes.length)) throw new KindredError('csv_invalid', `${label}: line 1: the header row is empty`);
  return parseHeader(bytes, start, label);
}

function parseHeader(bytes: Uint8Array, start: number, label: string): { names: string[]; next: number; newlines: number } {
  const sink = new HeaderSink(bytes);
  const r = parseRecord(bytes, start, bytes.length, sink, Number.MAX_SAFE_INTEGER);
  if (r.unterminated) throw new KindredError('csv_invalid', `${label}: line 1: a quoted column name is never closed`);
  const seen = new Map<string, number>();
  sink.names.forEach((raw, i) => {
    const name = raw.trim();
    if (name === '') throw new KindredError('csv_invalid', `${label}: line 1: column ${i + 1} has an empty name`);
    const prev = seen.get(name);
    if (prev !== undefined) {
      throw new KindredError('csv_invalid', `${label}: line 1: column name "${name}" appears twice (columns ${prev + 1} and ${i + 1})`);
    }
    seen.set(name, i);
    sink.names[i] = name;
  });
  return { names: sink.names, next: r.next, newlines: r.newlines };
}

// Line starts only: the main thread reads a few bytes per split, not the
// file (the first pass over freshly read memory held the event loop for
// 250 ms at 88 MB). The count pass then says whether each split is right.
function splitBody(buf: Buffer, start: number, end: number, parts: number): number[] {
  if (parts <= 1 || end - start < 2) return [start, end];
  return lineSplitPoints(buf, start, end, parts);
}

/** Whether every split between chunks has an even number of quotes before it (so lies outside any quoted cell). */
function outsideQuotes(counts: readonly CountResult[]): boolean {
  let before = 0;
  for (let k = 0; k + 1 < counts.length; k++) {
    before += counts[k].quotes;
    if (before % 2 !== 0) return false;
  }
  return true;
}

async function countAll(
  pool: WorkerPool,
  file: SharedArrayBuffer,
  points: number[],
  columns: number,
  lenient: boolean,
  onSettled?: (done: number, total: number) => void,
  byLines?: SharedArrayBuffer,
): Promise<CountResult[]> {
  const tasks: Promise<CountResult>[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    tasks.push(pool.run('countChunk', { file, start: points[k], end: points[k + 1], columns, lenient, byLines }));
  }
  return countedAll(tasks, onSettled);
}

/** Re-counts, with every column's bytes, the chunks that were counted by their lines alone. */
async function countExactly(pool: WorkerPool, file: SharedArrayBuffer, points: number[], columns: number, counts: CountResult[]): Promise<CountResult[]> {
  return Promise.all(
    counts.map((c, k) => (c.bytesPerColumn !== null ? c : pool.run('countChunk', { file, start: points[k], end: points[k + 1], columns, lenient: false, exact: true }))),
  );
}

/** The error of a record whose cell count is not the header's, at `lineBase` (its chunk's first line) plus its line in the chunk. */
function raggedRow(label: string, lineBase: number, ragged: RaggedRecord, columns: number): KindredError {
  return new KindredError(
    'csv_invalid',
    `${label}: line ${lineBase + ragged.relLine}: expected ${columns} cells (the header has ${columns} columns), found ${ragged.cells}; use --lenient to skip such rows`,
  );
}

/**
 * After a fill without byte counts (strict mode, no quotes): the first
 * ragged record is the error the count pass would have raised, at the same
 * line; otherwise each chunk wrote the rows its lines promised.
 */
function checkFilled(filled: readonly FillResult[], counts: readonly CountResult[], firstLine: number, columns: number, label: string): void {
  let lineBase = firstLine;
  filled.forEach((f, k) => {
    if (f.ragged !== null) throw raggedRow(label, lineBase, f.ragged, columns);
    if (f.rows !== counts[k].rows) throw new KindredError('internal', `${label}: chunk ${k} filled ${f.rows} rows, its lines promised ${counts[k].rows}`);
    lineBase += counts[k].newlines;
  });
}

/**
 * The shared buffers of every column: sized by the counted bytes, or, with
 * `counts` null (chunks counted by their lines), each as large as the body,
 * where the chunks write at their own offsets; untouched pages of a
 * SharedArrayBuffer are never faulted in, so the size costs address space.
 */
function allocateColumns(names: string[], rowCount: number, bytesPerColumn: number[][] | null, bodyBytes: number): ColumnHandle[] {
  return names.map((name, c) => {
    const total = bytesPerColumn === null ? bodyBytes : bytesPerColumn.reduce((s, k) => s + k[c], 0);
    if (total > 0xffffffff) throw new KindredError('csv_invalid', `column "${name}" holds more than 4 GiB of text`);
    return {
      name,
      bytes: new SharedArrayBuffer(Math.max(1, total)),
      offsets: new SharedArrayBuffer(4 * (rowCount + 1)),
      missing: new SharedArrayBuffer(Math.max(1, (rowCount + 7) >> 3)),
    };
  });
}
