/** RFC 4180 parsing over raw UTF-8 bytes: the allocation-free core that ingest runs in workers on byte ranges. */

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Receives the cells of one record as byte ranges. For a quoted cell,
 * `quoted` is true and the range excludes the surrounding quotes but still
 * contains doubled quotes (`""`), which {@link copyCell} undoes.
 */
export interface CellSink {
  cell(column: number, start: number, end: number, quoted: boolean): void;
}

/** What {@link parseRecord} reports about one record. */
export interface RecordResult {
  /** Position just after the record (after its line terminator). */
  next: number;
  /** Number of cells in the record. */
  cells: number;
  /** Line feeds consumed by the record (including embedded ones). */
  newlines: number;
  /** True when a quoted cell was still open at `end`. */
  unterminated: boolean;
}

const result: RecordResult = { next: 0, cells: 0, newlines: 0, unterminated: false };

/**
 * Parses one record starting at `pos` (which must be at a record start) and
 * reports its cells to `sink` (cells beyond `maxCells` are counted, not
 * reported). The returned object is reused between calls.
 *
 * A quote inside an unquoted cell is kept as a literal character, and text
 * after a closing quote is appended to the cell, as Python's csv module does.
 *
 * @example
 * const r = parseRecord(bytes, 0, bytes.length, sink, 10);
 * r.cells; // 3 for "a,b,c\n"
 */
export function parseRecord(
  bytes: Uint8Array,
  pos: number,
  end: number,
  sink: CellSink | null,
  maxCells: number,
): RecordResult {
  let cells = 0;
  let newlines = 0;
  for (;;) {
    // One cell.
    if (pos < end && bytes[pos] === QUOTE) {
      const start = pos + 1;
      let p = start;
      let closed = -1;
      while (p < end) {
        const b = bytes[p];
        if (b === QUOTE) {
          if (p + 1 < end && bytes[p + 1] === QUOTE) {
            p += 2;
            continue;
          }
          closed = p;
          p++;
          break;
        }
        if (b === LF) newlines++;
        p++;
      }
      if (closed < 0) {
        if (sink !== null && cells < maxCells) sink.cell(cells, start, end, true);
        result.next = end;
        result.cells = cells + 1;
        result.newlines = newlines;
        result.unterminated = true;
        return result;
      }
      // Text between the closing quote and the delimiter is rare; treat the
      // whole span as one quoted cell so nothing is lost.
      let q = p;
      while (q < end && bytes[q] !== COMMA && bytes[q] !== LF) q++;
      let extraEnd = q;
      if (extraEnd > p && bytes[extraEnd - 1] === CR && (q === end || bytes[q] === LF)) extraEnd--;
      // Only a line terminator after the closing quote: the cell ends at the quote.
      const cellEnd = extraEnd > p ? extraEnd : closed;
      if (sink !== null && cells < maxCells) sink.cell(cells, start, cellEnd, true);
      cells++;
      pos = q;
    } else {
      let p = pos;
      while (p < end) {
        const b = bytes[p];
        if (b === COMMA || b === LF) break;
        p++;
      }
      let cellEnd = p;
      if (cellEnd > pos && bytes[cellEnd - 1] === CR && (p === end || bytes[p] === LF)) cellEnd--;
      if (sink !== null && cells < maxCells) sink.cell(cells, pos, cellEnd, false);
      cells++;
      pos = p;
    }
    if (pos >= end) {
      result.next = end;
      break;
    }
    if (bytes[pos] === COMMA) {
      pos++;
      if (pos >= end) {
        // A trailing comma at end of input: one more, empty cell.
        if (sink !== null && cells < maxCells) sink.cell(cells, pos, pos, false);
        cells++;
        result.next = end;
        break;
      }
      continue;
    }
    // Line feed: end of record.
    newlines++;
    result.next = pos + 1;
    break;
  }
  result.cells = cells;
  result.newlines = newlines;
  result.unterminated = false;
  return result;
}

/** True when the record starting at `pos` is an empty line (`\n` or `\r\n`). */
export function isBlankLine(bytes: Uint8Array, pos: number, end: number): boolean {
  const b = bytes[pos];
  return b === LF || (b === CR && pos + 1 < end && bytes[pos + 1] === LF) || (b === CR && pos + 1 === end);
}

/** Length of a blank line at `pos` including its terminator. */
export function blankLineLength(bytes: Uint8Array, pos: number): number {
  return bytes[pos] === LF ? 1 : bytes[pos + 1] === LF ? 2 : 1;
}

/**
 * Records and line feeds in `[start, end)` of a range with no quote in it,
 * found with native `indexOf` a line at a time instead of a byte-by-byte
 * parse: without quotes a record is one line, so this counts what
 * {@link parseRecord} would (blank lines skipped as the parse loop skips
 * them), at a tenth of the time. Cells per record are not checked here: the
 * fill pass finds a ragged record.
 *
 * @example
 * countLines(Buffer.from('a,b\n\nc,d'), 0, 8); // { rows: 2, newlines: 2 }
 */
export function countLines(buf: Buffer, start: number, end: number): { rows: number; newlines: number } {
  let rows = 0;
  let newlines = 0;
  let pos = start;
  while (pos < end) {
    if (isBlankLine(buf, pos, end)) {
      pos += blankLineLength(buf, pos);
      newlines++;
      continue;
    }
    rows++;
    const lf = buf.indexOf(LF, pos);
    if (lf === -1 || lf >= end) break;
    newlines++;
    pos = lf + 1;
  }
  return { rows, newlines };
}

/**
 * The unescaped length of a cell (doubled quotes count once).
 *
 * @example
 * cellLength(bytes, s, e, true); // 3 for the bytes  a""b  (a"b)
 */
export function cellLength(bytes: Uint8Array, start: number, end: number, quoted: boolean): number {
  if (!quoted) return end - start;
  let n = 0;
  for (let p = start; p < end; p++) {
    n++;
    if (bytes[p] === QUOTE && p + 1 < end && bytes[p + 1] === QUOTE) p++;
  }
  return n;
}

/**
 * Copies a cell's value into `dst` at `at`, undoing doubled quotes; returns
 * the position after it. Short cells are copied byte by byte because a
 * `subarray` per cell costs more than the copy.
 */
export function copyCell(
  bytes: Uint8Array,
  start: number,
  end: number,
  quoted: boolean,
  dst: Uint8Array,
  at: number,
): number {
  if (!quoted) {
    const len = end - start;
    if (len > 32) {
      dst.set(bytes.subarray(start, end), at);
      return at + len;
    }
    for (let p = start; p < end; p++) dst[at++] = bytes[p];
    return at;
  }
  for (let p = start; p < end; p++) {
    const b = bytes[p];
    dst[at++] = b;
    if (b === QUOTE && p + 1 < end && bytes[p + 1] === QUOTE) p++;
  }
  return at;
}

/**
 * Splits `[start, end)` into about `parts` pieces at line starts, without
 * reading the bytes in between: a boundary is right unless a quoted cell
 * holds a line break there, which the count pass detects from each chunk's
 * quote count (see `quotesBefore` in ingest) before the split is used.
 *
 * @example
 * lineSplitPoints(buf, headerEnd, buf.length, 8); // [headerEnd, p1, ..., buf.length]
 */
export function lineSplitPoints(buf: Buffer, start: number, end: number, parts: number): number[] {
  const splitter = new LineSplitter(buf, start, end, parts);
  splitter.advance(end);
  return splitter.points;
}

/**
 * {@link lineSplitPoints} found as the bytes arrive: each call to
 * {@link LineSplitter.advance} settles the split points the first
 * `available` bytes decide (a split is the first line feed at or after its
 * target, so it is known once a line feed past the target is read), and
 * the points are the same as over the whole buffer at once.
 *
 * @example
 * const splitter = new LineSplitter(buf, headerEnd, buf.length, 8);
 * splitter.advance(bytesReadSoFar); // false until the last split is settled
 * splitter.points; // [headerEnd, p1, ...] so far; ends with buf.length once done
 */
export class LineSplitter {
  /** The split points settled so far, from `start`; the last is `end` once {@link done}. */
  readonly points: number[];
  private next = 1;
  private finished = false;

  constructor(
    private readonly buf: Buffer,
    private readonly start: number,
    private readonly end: number,
    private readonly parts: number,
  ) {
    this.points = [start];
  }

  /** Whether every split point is settled. */
  get done(): boolean {
    return this.finished;
  }

  /** The first `available` bytes are read: settles the points they decide; true once all are. */
  advance(available: number): boolean {
    if (this.finished) return true;
    const size = this.end - this.start;
    const read = this.buf.subarray(0, available);
    for (; this.next < this.parts; this.next++) {
      const last = this.points[this.points.length - 1];
      const target = Math.max(this.start + Math.floor((size * this.next) / this.parts), last);
      const nl = target < available ? read.indexOf(LF, target) : -1;
      // Not read far enough to know this split: a later call goes on from here.
      if (nl === -1 && available < this.end) return false;
      if (nl === -1 || nl + 1 >= this.end) break;
      if (nl + 1 > last) this.points.push(nl + 1);
    }
    this.finished = true;
    this.points.push(this.end);
    return true;
  }
}

/**
 * The number of `"` bytes in `bytes[start, end)`. Inside a well-formed file
 * a quote inside a quoted cell is doubled, so an even count before a point
 * means the point is outside any quoted cell.
 *
 * @example
 * countQuotes(Buffer.from('a,"b""c"\n'), 0, 9); // 4
 */
export function countQuotes(buf: Buffer, start: number, end: number): number {
  let n = 0;
  for (let at = buf.indexOf(QUOTE, start); at !== -1 && at < end; at = buf.indexOf(QUOTE, at + 1)) n++;
  return n;
}

/**
 * Finds record boundaries that split `[start, end)` into about `parts`
 * pieces, each beginning outside any quoted cell. Quote parity is counted
 * with native `indexOf`, so the scan costs little even on large files.
 *
 * @example
 * splitPoints(buf, headerEnd, buf.length, 8); // [headerEnd, p1, ..., buf.length]
 */
export function splitPoints(buf: Buffer, start: number, end: number, parts: number): number[] {
  const points = [start];
  let odd = false;
  // The first quote not yet counted (−1: none left). Remembering it keeps
  // each search from running to the end of the file again, which without
  // quotes meant one full scan per split point.
  let nextQuote = buf.indexOf(QUOTE, start);
  const advanceParity = (to: number): void => {
    while (nextQuote !== -1 && nextQuote < to) {
      odd = !odd;
      nextQuote = buf.indexOf(QUOTE, nextQuote + 1);
    }
  };
  const size = end - start;
  for (let k = 1; k < parts; k++) {
    let target = start + Math.floor((size * k) / parts);
    if (target <= points[points.length - 1]) continue;
    let found = -1;
    while (target < end) {
      const nl = buf.indexOf(LF, target);
      if (nl === -1 || nl + 1 >= end) break;
      advanceParity(nl);
      if (!odd) {
        found = nl + 1;
        break;
      }
      target = nl + 1;
    }
    if (found === -1) break;
    advanceParity(found);
    points.push(found);
  }
  points.push(end);
  return points;
}
