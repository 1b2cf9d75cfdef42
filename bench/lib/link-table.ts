/** Turns a two-table link dataset into the one file kindred reads: left rows then right rows, a `source` column, the union of columns, and truth as row-id pairs. */
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseFile } from 'fast-csv';
import type { LinkDataset } from './dataset-manifest.js';

/** The concatenated file of a link dataset. */
export interface LinkTable {
  csv: string;
  truth: string;
  rows: number;
  leftRows: number;
  columns: string[];
}

/**
 * The name of the column that tells the two sources apart (values `left`, `right`).
 *
 * @example
 * const link = { source_column: SOURCE_COLUMN, mode: 'link_only' };
 */
export const SOURCE_COLUMN = 'source';

/** Quotes a CSV cell when needed (RFC 4180). */
function csvCell(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function readRows(path: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseFile(path, { headers: false })
      .on('data', (r: string[]) => rows.push(r))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}

function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(path);
    out.on('error', reject);
    for (const line of lines) out.write(line);
    out.end(() => resolve());
  });
}

/**
 * Builds (or reuses, when newer than its sources) `<outDir>/<name>.csv` and
 * `<name>-truth.csv`. Row ids: left rows 0..L−1 in file order, then right
 * rows L.. ; a column missing on one side is empty there. The truth's
 * `left_id,right_id` become `row_id_a,row_id_b`.
 *
 * @example
 * const t = await buildLinkTable(dataset, '../shared/data/dblp_acm', 'bench/out/quality');
 * t.rows; // 4910
 */
export async function buildLinkTable(d: LinkDataset, datasetDir: string, outDir: string): Promise<LinkTable> {
  mkdirSync(outDir, { recursive: true });
  const csv = join(outDir, `${d.name}.csv`);
  const truth = join(outDir, `${d.name}-truth.csv`);
  const sources = [d.left, d.right, 'truth.csv'].map((f) => join(datasetDir, f));
  const [leftAll, rightAll] = await Promise.all([readRows(sources[0]), readRows(sources[1])]);
  const [leftHeader, ...left] = leftAll;
  const [rightHeader, ...right] = rightAll;
  if (leftHeader.includes(SOURCE_COLUMN) || rightHeader.includes(SOURCE_COLUMN)) {
    throw new Error(`${d.name}: a data column is already called "${SOURCE_COLUMN}"`);
  }
  const columns = [SOURCE_COLUMN, ...leftHeader, ...rightHeader.filter((c) => !leftHeader.includes(c))];
  const result: LinkTable = { csv, truth, rows: left.length + right.length, leftRows: left.length, columns };
  const newest = Math.max(...sources.map((s) => statSync(s).mtimeMs));
  if (existsSync(csv) && existsSync(truth) && statSync(csv).mtimeMs > newest && statSync(truth).mtimeMs > newest) return result;

  const line = (source: string, header: string[], row: string[]): string => {
    const byName = new Map(header.map((h, i) => [h, row[i] ?? '']));
    return columns.map((c) => (c === SOURCE_COLUMN ? source : csvCell(byName.get(c) ?? ''))).join(',') + '\n';
  };
  const leftIdAt = leftHeader.indexOf(d.left_id);
  const rightIdAt = rightHeader.indexOf(d.right_id);
  if (leftIdAt < 0 || rightIdAt < 0) throw new Error(`${d.name}: id column ${d.left_id} / ${d.right_id} not found`);
  const leftRow = new Map(left.map((r, i) => [r[leftIdAt], i]));
  const rightRow = new Map(right.map((r, i) => [r[rightIdAt], left.length + i]));
  const [truthHeader, ...pairs] = await readRows(sources[2]);
  if (truthHeader.join(',') !== 'left_id,right_id') throw new Error(`${d.name}: truth.csv header is ${truthHeader.join(',')}`);
  const truthLines = ['row_id_a,row_id_b\n'];
  for (const [l, r] of pairs) {
    const a = leftRow.get(l);
    const b = rightRow.get(r);
    if (a === undefined || b === undefined) throw new Error(`${d.name}: truth pair ${l},${r} names an unknown id`);
    truthLines.push(`${a},${b}\n`);
  }
  await writeLines(csv, [
    columns.map(csvCell).join(',') + '\n',
    ...left.map((r) => line('left', leftHeader, r)),
    ...right.map((r) => line('right', rightHeader, r)),
  ]);
  await writeLines(truth, truthLines);
  return result;
}
