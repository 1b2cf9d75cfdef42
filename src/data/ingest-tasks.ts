/** The worker passes of ingest over one byte range: count (rows, and bytes per column where quotes make a line count unsafe), fill the shared columns, and close the gaps a fill without byte counts leaves. */
import { fillPlain, type PlainFillTarget } from './plain-fill.js';
import { blankLineLength, cellLength, copyCell, countLines, countQuotes, isBlankLine, parseRecord, splitPoints, type CellSink } from './csv-bytes.js';

/** Input of {@link countChunk}. */
export interface CountTask {
  file: SharedArrayBuffer;
  start: number;
  end: number;
  columns: number;
  lenient: boolean;
  /** Count every column's bytes even without quotes (when another chunk of the file has them). */
  exact?: boolean;
  /**
   * The file's choice between counting by lines and by bytes
   * ({@link countsByLines}); without it a chunk without quotes is counted
   * by its lines.
   */
  byLines?: SharedArrayBuffer;
}

const UNDECIDED = 0;
const LINES = 1;
const BYTES = 2;

/**
 * Whether this file's chunks are counted by their lines, decided once, by
 * the first count to start. `state` is an Int32Array [KiB read so far,
 * choice, KiB in the file], kept by the reader. Counting by lines pays when
 * most of the file is in memory by the time parsing starts: the byte count
 * is then mostly a second pass the wall clock waits for (tight 1M: load
 * 0.55 → 0.50 s). While most of the file is still to be read, each chunk's
 * byte count runs beside the read and costs the wall clock little, where
 * the fill without byte counts costs a compaction and the pages it writes
 * twice (tight 10M: load 4.1 → 4.9 s, 0.6 GB more). Either way the table is
 * the same.
 *
 * @example
 * const byLines = new SharedArrayBuffer(12); // the reader keeps [0] and [2]
 * countsByLines(byLines); // true when the first count starts with half the file read
 */
export function countsByLines(state: SharedArrayBuffer): boolean {
  const s = new Int32Array(state);
  if (Atomics.load(s, 1) === UNDECIDED) Atomics.compareExchange(s, 1, UNDECIDED, 2 * Atomics.load(s, 0) >= Atomics.load(s, 2) ? LINES : BYTES);
  return Atomics.load(s, 1) === LINES;
}

/** A record whose cell count differs from the header, with its line relative to the chunk start (0-based). */
export interface RaggedRecord {
  relLine: number;
  cells: number;
}

/** What one chunk holds. */
export interface CountResult {
  rows: number;
  /**
   * Unescaped bytes per column; null when the chunk holds no quote and its
   * lines were counted natively: the fill then writes each column at the
   * chunk's own offset and reports the bytes (see {@link compactColumn}).
   */
  bytesPerColumn: number[] | null;
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
 * A chunk without a quote (strict mode, a file under 4 GiB, `exact` not
 * set, and the file read before its first count, see {@link countsByLines})
 * is counted by its lines alone ({@link countLines}): a record is a
 * line, and the byte-by-byte parse that measured every column (290–460 ms
 * of one thread at 1M rows, the same work as the fill) is left to the
 * fill. Its `bytesPerColumn` is then null, and a ragged record is the
 * fill's to find.
 *
 * @example
 * const r = countChunk({ file, start: 12, end: file.byteLength, columns: 3, lenient: false });
 */
export function countChunk(task: CountTask): CountResult {
  const buf = Buffer.from(task.file);
  const quotes = countQuotes(buf, task.start, task.end);
  if (quotes === 0 && !task.lenient && task.exact !== true && task.file.byteLength <= GAPPED_LIMIT && (task.byLines === undefined || countsByLines(task.byLines))) {
    const { rows, newlines } = countLines(buf, task.start, task.end);
    return { rows, bytesPerColumn: null, newlines, skipped: 0, ragged: null, unterminatedAt: null, quotes };
  }
  return { ...countRecords(task), quotes };
}

/** Columns laid out at their chunks' file offsets need those offsets in a Uint32. */
const GAPPED_LIMIT = 0xffffffff;

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
  /**
   * The chunk holds no `"` (its count found none) and the load is strict:
   * filled by {@link fillPlain}, which writes a record's cells as it finds
   * them (a ragged record then fails the load, so what it wrote is never read).
   */
  plain?: boolean;
  /**
   * Per column of the file, its index in `columnBytes` (and the other
   * per-column arrays), or −1 for a column that is parsed past and not
   * stored; absent when every column is stored, in file order.
   */
  columnOf?: number[];
}

/** File column → stored column: the task's mapping, or every column stored in file order. */
function storedColumns(task: FillTask): number[] {
  return task.columnOf ?? task.columnBytes.map((_, c) => c);
}

/**
 * Holds a record's cells until the record is known whole, then writes them:
 * a record with the wrong number of cells (skipped in lenient mode) writes
 * nothing, where writing as it went put its cells, offsets and missing bits
 * where the next chunk's first row goes when it was a chunk's last record
 * (and past the missing bitmap at the end of the file).
 */
class FillSink implements CellSink {
  readonly src: Uint8Array;
  readonly dst: Uint8Array[];
  readonly offsets: Uint32Array[];
  readonly missing: Uint8Array[];
  readonly pos: number[];
  /** File column → stored column, or −1 for a column parsed past. */
  readonly columnOf: number[];
  // The current record's cells: stored column, byte range, quoted.
  private readonly cellColumn: Int32Array;
  private readonly cellStart: Float64Array;
  private readonly cellEnd: Float64Array;
  private readonly cellQuoted: Uint8Array;
  private cells = 0;
  constructor(task: FillTask) {
    this.src = new Uint8Array(task.file);
    this.dst = task.columnBytes.map((b) => new Uint8Array(b));
    this.offsets = task.columnOffsets.map((b) => new Uint32Array(b));
    this.missing = task.columnMissing.map((b) => new Uint8Array(b));
    this.pos = task.columnStarts.slice();
    this.columnOf = storedColumns(task);
    const stored = task.columnBytes.length;
    this.cellColumn = new Int32Array(stored);
    this.cellStart = new Float64Array(stored);
    this.cellEnd = new Float64Array(stored);
    this.cellQuoted = new Uint8Array(stored);
  }
  cell(fileColumn: number, start: number, end: number, quoted: boolean): void {
    const column = this.columnOf[fileColumn];
    if (column < 0) return;
    const k = this.cells++;
    this.cellColumn[k] = column;
    this.cellStart[k] = start;
    this.cellEnd[k] = end;
    this.cellQuoted[k] = quoted ? 1 : 0;
  }
  /** Forgets the cells held (a new record starts). */
  clear(): void {
    this.cells = 0;
  }
  /** Writes the cells held as row `row`. */
  write(row: number): void {
    for (let k = 0; k < this.cells; k++) {
      const column = this.cellColumn[k];
      const at = this.pos[column];
      this.offsets[column][row] = at;
      const start = this.cellStart[k];
      const end = this.cellEnd[k];
      // Neighbouring chunks may share a bitmap byte, hence the atomic OR.
      if (start === end) Atomics.or(this.missing[column], row >> 3, 1 << (row & 7));
      else this.pos[column] = copyCell(this.src, start, end, this.cellQuoted[k] === 1, this.dst[column], at);
    }
    this.cells = 0;
  }
}

/**
 * What {@link fillChunk} wrote: its rows, where each column's bytes ended,
 * and the first ragged record it skipped (with its line relative to the
 * chunk start).
 *
 * @example
 * const { rows, columnEnds, ragged } = fillChunk(task);
 */
export interface FillResult {
  rows: number;
  columnEnds: number[];
  ragged: RaggedRecord | null;
}

/**
 * Pass 2: parses `[start, end)` again and writes every cell into the shared
 * column buffers. Ragged records are skipped (lenient mode), and the first
 * is reported (a chunk counted by its lines alone finds them only here).
 *
 * @example
 * const { rows } = fillChunk({ file, start, end, firstRow: 0, columnStarts, columnBytes, columnOffsets, columnMissing });
 */
export function fillChunk(task: FillTask): FillResult {
  if (task.plain === true) {
    const columnOf = storedColumns(task);
    const pick = <T>(of: (k: number) => T): Array<T | null> => columnOf.map((k) => (k < 0 ? null : of(k)));
    const target: PlainFillTarget = {
      src: new Uint8Array(task.file),
      dst: pick((k) => new Uint8Array(task.columnBytes[k])),
      offsets: pick((k) => new Uint32Array(task.columnOffsets[k])),
      missing: pick((k) => new Uint8Array(task.columnMissing[k])),
      pos: columnOf.map((k) => (k < 0 ? 0 : task.columnStarts[k])),
    };
    const { rows, ragged } = fillPlain(target, task.start, task.end, task.firstRow);
    return { rows, columnEnds: task.columnStarts.map((_, k) => target.pos[columnOf.indexOf(k)]), ragged };
  }
  const sink = new FillSink(task);
  const bytes = sink.src;
  const columns = sink.columnOf.length;
  const { end } = task;
  let pos = task.start;
  let row = task.firstRow;
  let line = 0;
  let ragged: RaggedRecord | null = null;
  while (pos < end) {
    if (isBlankLine(bytes, pos, end)) {
      pos += blankLineLength(bytes, pos);
      line++;
      continue;
    }
    sink.clear();
    const r = parseRecord(bytes, pos, end, sink, columns);
    pos = r.next;
    if (r.cells !== columns) {
      ragged ??= { relLine: line, cells: r.cells };
      line += r.newlines;
      continue;
    }
    sink.write(row);
    line += r.newlines;
    row++;
  }
  return { rows: row - task.firstRow, columnEnds: sink.pos.slice(), ragged };
}

/**
 * Input of {@link compactColumn}: one column's shared buffers and, per
 * chunk in file order, where its fill wrote (bytes `[from, end)`, rows
 * `[firstRow, firstRow + rows)`); the column's cells go to `into` from `at`.
 */
export interface CompactTask {
  bytes: SharedArrayBuffer;
  offsets: SharedArrayBuffer;
  rowCount: number;
  chunks: Array<{ from: number; end: number; firstRow: number; rows: number }>;
  /** Where the column's cells end up, one run after another: the file's own memory, parsed by now. */
  into: SharedArrayBuffer;
  at: number;
}

/**
 * Closes the gaps of a column filled without byte counts: each chunk wrote
 * its cells at its own offset in the file (no chunk can hold more bytes of
 * one column than it holds in all), so the chunks' runs are copied to
 * follow each other in `into` from `at`, and their rows' offsets moved by
 * as much. `into` is the file's buffer, whose body is parsed once every
 * chunk is filled: its pages are in memory already, where a fresh
 * destination cost a page fault every 4 KiB (about 50 MB of them at tight
 * 1M); or, when the stored columns are less than half the file, a buffer of
 * their size. Writes the end offset and returns it.
 *
 * @example
 * compactColumn({ bytes, offsets, rowCount: 3, chunks: [{ from: 0, end: 4, firstRow: 0, rows: 2 }, { from: 9, end: 11, firstRow: 2, rows: 1 }], into: file, at: 0 }); // 6
 */
export function compactColumn(task: CompactTask): number {
  const bytes = new Uint8Array(task.bytes);
  const into = new Uint8Array(task.into);
  const offsets = new Uint32Array(task.offsets);
  let to = task.at;
  for (const chunk of task.chunks) {
    const move = to - chunk.from;
    into.set(bytes.subarray(chunk.from, chunk.end), to);
    if (move !== 0) for (let r = chunk.firstRow, last = chunk.firstRow + chunk.rows; r < last; r++) offsets[r] += move;
    to += chunk.end - chunk.from;
  }
  offsets[task.rowCount] = to;
  return to;
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
