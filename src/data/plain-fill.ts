/** The fill of a chunk with no quote in it: one loop over the bytes that finds each cell's end and copies it, without the general parser's per-cell calls. */
import { blankLineLength, isBlankLine } from './csv-bytes.js';
import type { RaggedRecord } from './ingest-tasks.js';

const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** The shared columns one chunk writes, as views, and where each column's next cell goes. */
export interface PlainFillTarget {
  src: Uint8Array;
  /** Per column of the file: its store column's bytes, or null when the column is not read. */
  dst: Array<Uint8Array | null>;
  offsets: Array<Uint32Array | null>;
  missing: Array<Uint8Array | null>;
  /** Per column of the file: the next cell's byte position (advanced by the fill). */
  pos: number[];
}

/**
 * Fills rows from `[start, end)`, which holds no `"`, exactly as the general
 * parse does for such bytes: a record is a line, cells end at a comma or
 * the line feed, a carriage return just before a line feed (or the end) is
 * not part of the cell, blank lines are skipped, an empty cell is missing,
 * a trailing comma at the very end makes one more empty cell. A record with
 * another number of cells than `dst.length` writes nothing (its cells'
 * positions and missing bits are undone) and the first is reported with its
 * line relative to `start`. Columns whose `dst` is null are parsed past,
 * not written. Returns the rows written.
 *
 * The general parse ({@link parseRecord}) finds a cell's end, then reports
 * it through a sink call that copies it; here one loop finds the end while
 * it copies, testing each byte once against the three bytes that can end a
 * cell.
 *
 * @example
 * const { rows, ragged } = fillPlain(target, 0, bytes.length, firstRow);
 */
export function fillPlain(target: PlainFillTarget, start: number, end: number, firstRow: number): { rows: number; ragged: RaggedRecord | null } {
  const { src, dst, offsets, missing, pos } = target;
  const columns = dst.length;
  let p = start;
  let row = firstRow;
  let line = 0;
  let ragged: RaggedRecord | null = null;
  while (p < end) {
    if (isBlankLine(src, p, end)) {
      p += blankLineLength(src, p);
      line++;
      continue;
    }
    let cells = 0;
    let terminator = -1;
    for (;;) {
      // One cell: [p, q), then its terminator (a comma, a line feed, or -1 at the end).
      let q = p;
      const d = cells < columns ? dst[cells] : null;
      if (d !== null) {
        const from = pos[cells];
        let at = from;
        for (;;) {
          if (q === end) {
            terminator = -1;
            break;
          }
          const b = src[q];
          // One compare per byte in the common case: comma, line feed and carriage return are all ≤ 0x2c.
          if (b <= COMMA && (b === COMMA || b === LF || (b === CR && (q + 1 === end || src[q + 1] === LF)))) {
            if (b === CR) q++;
            terminator = q === end ? -1 : src[q];
            break;
          }
          d[at++] = b;
          q++;
        }
        (offsets[cells] as Uint32Array)[row] = from;
        if (at === from) Atomics.or(missing[cells] as Uint8Array, row >> 3, 1 << (row & 7));
        pos[cells] = at;
      } else {
        while (q < end) {
          const b = src[q];
          if (b === COMMA || b === LF) break;
          q++;
        }
        terminator = q < end ? src[q] : -1;
      }
      cells++;
      if (terminator !== COMMA) {
        p = q < end ? q + 1 : end;
        break;
      }
      p = q + 1;
      if (p === end) {
        // A trailing comma at the end of the input: one more, empty cell.
        if (cells < columns && dst[cells] !== null) {
          (offsets[cells] as Uint32Array)[row] = pos[cells];
          Atomics.or(missing[cells] as Uint8Array, row >> 3, 1 << (row & 7));
        }
        cells++;
        break;
      }
    }
    if (cells !== columns) {
      ragged ??= { relLine: line, cells };
      // Undone from what the record wrote: each stored cell it reached left its start in the offsets.
      for (let c = 0; c < columns && c < cells; c++) {
        const o = offsets[c];
        if (o === null) continue;
        pos[c] = o[row];
        Atomics.and(missing[c] as Uint8Array, row >> 3, ~(1 << (row & 7)) & 0xff);
      }
    } else row++;
    if (terminator === LF) line++;
  }
  return { rows: row - firstRow, ragged };
}
