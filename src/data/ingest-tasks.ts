/** The two worker passes of ingest over one byte range: count (rows, bytes per column), then fill the shared columns. */
import { blankLineLength, cellLength, copyCell, countQuotes, isBlankLine, parseRecord, splitPoints, type CellSink } from './csv-bytes.js';

/** Input of {@link countChunk}. */
export interface CountTask {
  file: SharedArrayBuffer;
  start: number;
  end: number;
  columns: number;
  lenient: boolean;
}

/** A record whose cell count differs from the header, with its line relative to the chunk start (0-based). */
export interface RaggedRecord {
  relLine: number;
  cells: number;
}

/** What one chunk holds. */
export interface CountResult {
  rows: number;
  bytesPerColumn: number[];
  newlines: number;
  skipped: number;
  /** The first ragged record (strict mode stops there). */
  ragged: RaggedRecord | null;
  /** Line (relative) of a quoted cell still open at the chunk end. */
  unterminatedAt: number | null;
  /** `"` bytes in the chunk: the split before the next chunk is outside quotes when the count up to it is even. */
  quotes: number;
}

class LengthSink implements CellSink {
  bytes: Uint8Array;
  lengths: Float64Array;
  constructor(bytes: Uint8Array, columns: number) {
    this.bytes = bytes;
    this.lengths = new Float64Array(columns);
  }
  cell(column: number, start: number, end: number, quoted: boolean): void {
    this.lengths[column] += cellLength(this.bytes, start, end, quoted);
  }
}

/**
 * Pass 1: counts the records and the unescaped bytes of every column in
 * `[start, end)`, and finds the first ragged record.
 *
 * @example
 * const r = countChunk({ file, start: 12, end: file.byteLength, columns: 3, lenient: false });
 */
export function countChunk(task: CountTask): CountResult {
  const quotes = countQuotes(Buffer.from(task.file), task.start, task.end);
  return { ...countRecords(task), quotes };
}

function countRecords(task: CountTask): Omit<CountResult, 'quotes'> {
  const bytes = new Uint8Array(task.file);
  const { end, columns } = task;
  const sink = new LengthSink(bytes, columns);
  const saved = new Float64Array(columns);
  let pos = task.start;
  let rows = 0;
  let newlines = 0;
  let skipped = 0;
  let ragged: RaggedRecord | null = null;
  while (pos < end) {
    if (isBlankLine(bytes, pos, end)) {
      pos += blankLineLength(bytes, pos);
      newlines++;
      continue;
    }
    saved.set(sink.lengths);
    const line = newlines;
    const r = parseRecord(bytes, pos, end, sink, columns);
    if (r.unterminated) {
      return { rows, bytesPerColumn: Array.from(sink.lengths), newlines, skipped, ragged, unterminatedAt: line };
    }
    pos = r.next;
    newlines += r.newlines;
    if (r.cells !== columns) {
      sink.lengths.set(saved);
      if (ragged === null) ragged = { relLine: line, cells: r.cells };
      if (!task.lenient) break;
      skipped++;
      continue;
    }
    rows++;
  }
  return { rows, bytesPerColumn: Array.from(sink.lengths), newlines, skipped, ragged, unterminatedAt: null };
}

/** Input of {@link fillChunk}: where this chunk's rows and bytes go in the shared columns. */
export interface FillTask {
  file: SharedArrayBuffer;
  start: number;
  end: number;
  firstRow: number;
  /** Byte position in each column where this chunk's first cell goes. */
  columnStarts: number[];
  columnBytes: SharedArrayBuffer[];
  columnOffsets: SharedArrayBuffer[];
  columnMissing: SharedArrayBuffer[];
}

class FillSink implements CellSink {
  readonly src: Uint8Array;
  readonly dst: Uint8Array[];
  readonly offsets: Uint32Array[];
  readonly missing: Uint8Array[];
  readonly pos: number[];
  row = 0;
  constructor(task: FillTask) {
    this.src = new Uint8Array(task.file);
    this.dst = task.columnBytes.map((b) => new Uint8Array(b));
    this.offsets = task.columnOffsets.map((b) => new Uint32Array(b));
    this.missing = task.columnMissing.map((b) => new Uint8Array(b));
    this.pos = task.columnStarts.slice();
  }
  cell(column: number, start: number, end: number, quoted: boolean): void {
    const at = this.pos[column];
    this.offsets[column][this.row] = at;
    if (start === end) {
      // Neighbouring chunks may share a bitmap byte, hence the atomic OR.
      Atomics.or(this.missing[column], this.row >> 3, 1 << (this.row & 7));
      return;
    }
    this.pos[column] = copyCell(this.src, start, end, quoted, this.dst[column], at);
  }
}

/**
 * Pass 2: parses `[start, end)` again and writes every cell into the shared
 * column buffers. Ragged records (only present in lenient mode) are skipped.
 * Returns the number of rows written.
 */
export function fillChunk(task: FillTask): number {
  const sink = new FillSink(task);
  const bytes = sink.src;
  const columns = task.columnBytes.length;
  const saved = new Array<number>(columns);
  const { end } = task;
  let pos = task.start;
  let row = task.firstRow;
  while (pos < end) {
    if (isBlankLine(bytes, pos, end)) {
      pos += blankLineLength(bytes, pos);
      continue;
    }
    sink.row = row;
    for (let c = 0; c < columns; c++) saved[c] = sink.pos[c];
    const r = parseRecord(bytes, pos, end, sink, columns);
    pos = r.next;
    if (r.cells !== columns) {
      for (let c = 0; c < columns; c++) {
        sink.pos[c] = saved[c];
        Atomics.and(sink.missing[c], row >> 3, ~(1 << (row & 7)) & 0xff);
      }
      continue;
    }
    row++;
  }
  return row - task.firstRow;
}

/** Input of {@link quoteSplitPoints}. */
export interface SplitTask {
  file: SharedArrayBuffer;
  start: number;
  end: number;
  parts: number;
}

/**
 * Record boundaries that start outside quoted cells, found by counting quote
 * parity over the whole body: the fallback when a line split fell inside a
 * quoted cell. A worker task, so the scan of the file is off the event loop.
 *
 * @example
 * const points = await pool.run('quoteSplitPoints', { file, start: headerEnd, end: file.byteLength, parts: 8 });
 */
export function quoteSplitPoints(task: SplitTask): number[] {
  return splitPoints(Buffer.from(task.file), task.start, task.end, task.parts);
}
