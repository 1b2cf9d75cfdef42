/** The table a living server holds after a list of changes, as a CSV a fresh `kindred serve` can load: the loaded file with updates and deletes applied, the added records after it. */
import { createReadStream, createWriteStream, renameSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { LivingChange } from './change-mix.js';
import { splitCsvLine } from './csv-row-sample.js';

/**
 * One CSV cell, quoted when it holds a comma, a quote or a line break.
 *
 * @example
 * csvCell('a,b'); // '"a,b"'
 */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A record as a CSV line in the header's column order; a column the record
 * lacks is an empty (missing) cell, as the server stores it.
 *
 * @example
 * csvLine(['a', 'b'], { b: 'x' }); // ",x"
 */
export function csvLine(header: readonly string[], record: Readonly<Record<string, string>>): string {
  return header.map((c) => csvCell(record[c] ?? '')).join(',');
}

/**
 * The data lines of the final table: each line of `dataLines` (row id =
 * its index) as it is, replaced by its update or left out when deleted,
 * then the added records in the order of `changes` (the server gives them
 * ids in the order it applies them; the order of added rows changes no
 * memory figure, only which row ids they carry).
 *
 * @example
 * [...finalTableLines(['a'], ['x', 'y'], [{ kind: 'delete', row: 0 }, { kind: 'add', record: { a: 'z' } }])]; // ['y', 'z']
 */
export function* finalTableLines(header: readonly string[], dataLines: Iterable<string>, changes: readonly LivingChange[]): Generator<string> {
  const replaced = new Map<number, string | null>();
  for (const c of changes) {
    if (c.kind === 'update') replaced.set(c.row, csvLine(header, c.record));
    else if (c.kind === 'delete') replaced.set(c.row, null);
  }
  let row = 0;
  for (const line of dataLines) {
    const now = replaced.has(row) ? replaced.get(row) : line;
    if (now !== null && now !== undefined) yield now;
    row++;
  }
  for (const c of changes) if (c.kind === 'add') yield csvLine(header, c.record);
}

/**
 * Writes the final table of `csv` after `changes` to `out` (through a
 * `.partial` file renamed when complete); resolves with its data row count.
 * The file must not hold quoted newlines (read line by line).
 *
 * @example
 * const rows = await writeFinalTable('bench/out/people-1M.csv', 'bench/out/living-final-1M.csv', changes);
 */
export async function writeFinalTable(csv: string, out: string, changes: readonly LivingChange[]): Promise<number> {
  const lines = createInterface({ input: createReadStream(csv), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done === true) throw new Error(`${csv}: no header line`);
  const headerLine = first.value;
  // The data lines are buffered (about 100 MB at 1M rows) so the generator above stays synchronous and testable.
  const data: string[] = [];
  for (let next = await lines.next(); next.done !== true; next = await lines.next()) data.push(next.value);
  const partial = `${out}.partial`;
  const stream = createWriteStream(partial);
  const write = (s: string): Promise<void> => new Promise((resolve) => (stream.write(s) ? resolve() : stream.once('drain', resolve)));
  await write(`${headerLine}\n`);
  let count = 0;
  let chunk = '';
  for (const line of finalTableLines(splitCsvLine(headerLine), data, changes)) {
    chunk += `${line}\n`;
    count++;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise<void>((resolve, reject) => stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
  renameSync(partial, out);
  return count;
}
