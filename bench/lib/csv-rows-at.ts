/** Reads chosen data rows of a large CSV by row id (the 0-based data row index, kindred's row id), streaming the file once. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { SourceRow } from './change-mix.js';
import { recordOf, splitCsvLine } from './csv-row-sample.js';

/**
 * The rows with the given ids as column → value objects (empty cells
 * omitted), in the order of `ids`. The file is read line by line, so it
 * must not hold quoted newlines (the generated benchmark files hold no
 * quotes at all); an id past the last row is an error.
 *
 * @example
 * const rows = await readRowsAt('bench/out/people-1M.csv', [0, 17]);
 * rows[1].row; // 17
 */
export async function readRowsAt(csv: string, ids: readonly number[]): Promise<SourceRow[]> {
  const wanted = new Set(ids);
  const found = new Map<number, Record<string, string>>();
  const lines = createInterface({ input: createReadStream(csv), crlfDelay: Infinity });
  let header: string[] | null = null;
  let row = 0;
  for await (const line of lines) {
    if (header === null) {
      header = splitCsvLine(line);
      continue;
    }
    if (wanted.has(row)) found.set(row, recordOf(header, splitCsvLine(line)));
    row++;
  }
  return ids.map((id) => {
    const record = found.get(id);
    if (record === undefined) throw new Error(`${csv}: no data row ${id} (the file has ${row})`);
    return { row: id, record };
  });
}
