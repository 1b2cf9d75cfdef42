/** Reads a spread-out sample of rows from a large CSV without parsing all of it: one row after each of N evenly spaced byte offsets. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Longest line the sampler reads past an offset (the benchmark rows are ~90 bytes). */
const WINDOW = 16 * 1024;

/**
 * `count` rows as column → value objects (empty cells omitted), one after
 * each of `count` evenly spaced byte offsets, so the sample covers the whole
 * file. The file must not hold quoted newlines (the generated benchmark
 * files hold no quotes at all); fields are split on commas, honouring
 * double quotes.
 *
 * @example
 * const rows = sampleCsvRows('bench/out/people-1M.csv', 5000);
 * rows[0].surname; // "salpipa"
 */
export function sampleCsvRows(path: string, count: number): Array<Record<string, string>> {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(WINDOW);
    const headerLine = readLineAt(fd, buf, 0, false);
    if (headerLine === null) throw new Error(`${path}: no header line`);
    const header = splitCsvLine(headerLine);
    const dataStart = Buffer.byteLength(headerLine) + 1;
    const rows: Array<Record<string, string>> = [];
    for (let i = 0; i < count; i++) {
      const offset = dataStart + Math.floor(((size - dataStart) * i) / count);
      // Offset dataStart itself is a line start; any other lands mid-line and skips to the next.
      const line = readLineAt(fd, buf, offset, offset !== dataStart);
      if (line === null || line === '') continue;
      rows.push(recordOf(header, splitCsvLine(line)));
    }
    return rows;
  } finally {
    closeSync(fd);
  }
}

/**
 * A data line's cells as column → value, empty cells omitted.
 *
 * @example
 * recordOf(['a', 'b'], ['1', '']); // { a: '1' }
 */
export function recordOf(header: readonly string[], cells: readonly string[]): Record<string, string> {
  const record: Record<string, string> = {};
  header.forEach((name, c) => {
    const v = cells[c] ?? '';
    if (v !== '') record[name] = v;
  });
  return record;
}

/** The line starting at `offset` (or after the next newline when `skipPartial`), without its newline; null at end of file. */
function readLineAt(fd: number, buf: Buffer, offset: number, skipPartial: boolean): string | null {
  const n = readSync(fd, buf, 0, buf.length, offset);
  if (n === 0) return null;
  let from = 0;
  if (skipPartial) {
    const nl = buf.indexOf(0x0a);
    if (nl < 0 || nl >= n - 1) return null;
    from = nl + 1;
  }
  let to = buf.indexOf(0x0a, from);
  if (to < 0 || to >= n) to = n;
  return buf.toString('utf8', from, to).replace(/\r$/, '');
}

/**
 * One CSV line's fields (RFC 4180 quoting within the line).
 *
 * @example
 * splitCsvLine('a,"b,c",,d'); // ['a', 'b,c', '', 'd']
 */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}
