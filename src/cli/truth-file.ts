/** Reads a ground-truth file: `row_id_a,row_id_b` pairs or `row_id,cluster` labels. */
import fs from 'node:fs';
import { parseStream } from 'fast-csv';
import { KindredError } from '../errors/registry.js';
import { truthLabelsFromPairs } from '../engine/evaluation/metrics.js';

/**
 * Returns a true cluster label for every row. Row ids out of range, or a
 * header that is neither form, are errors naming the file and line.
 *
 * @example
 * const labels = await readTruth('truth.csv', 5000);
 */
export async function readTruth(file: string, rowCount: number): Promise<Int32Array> {
  if (!fs.existsSync(file)) throw new KindredError('file_not_found', `${file}: no such file`);
  const rows: string[][] = [];
  await new Promise<void>((resolve, reject) => {
    parseStream(fs.createReadStream(file), { headers: false, ignoreEmpty: true, trim: true })
      .on('data', (r: string[]) => rows.push(r))
      .on('error', (e: Error) => reject(new KindredError('csv_invalid', `${file}: ${e.message}`)))
      .on('end', () => resolve());
  });
  if (rows.length === 0) throw new KindredError('csv_invalid', `${file}: empty; expected a header row_id_a,row_id_b or row_id,cluster`);
  const header = rows[0].map((h) => h.replace(/^\uFEFF/, '').trim());
  const isPairs = header.length === 2 && header[0] === 'row_id_a' && header[1] === 'row_id_b';
  const isLabels = header.length === 2 && header[0] === 'row_id' && header[1] === 'cluster';
  if (!isPairs && !isLabels) {
    throw new KindredError('csv_invalid', `${file}: line 1: expected the header row_id_a,row_id_b or row_id,cluster, found ${header.join(',')}`);
  }
  const rowId = (v: string | undefined, line: number): number => {
    const n = v !== undefined && /^\d+$/.test(v) ? Number(v) : NaN;
    if (!(n >= 0 && n < rowCount)) {
      throw new KindredError('csv_invalid', `${file}: line ${line}: "${v ?? ''}" is not a row id of the data (0..${rowCount - 1})`);
    }
    return n;
  };
  if (isPairs) {
    const pairs: Array<[number, number]> = [];
    for (let i = 1; i < rows.length; i++) pairs.push([rowId(rows[i][0], i + 1), rowId(rows[i][1], i + 1)]);
    return truthLabelsFromPairs(rowCount, pairs);
  }
  // Labels: rows with the same cluster label are one entity; unlisted rows are singletons.
  const byLabel = new Map<string, number>();
  const pairs: Array<[number, number]> = [];
  for (let i = 1; i < rows.length; i++) {
    const r = rowId(rows[i][0], i + 1);
    const label = rows[i][1] ?? '';
    const first = byLabel.get(label);
    if (first === undefined) byLabel.set(label, r);
    else pairs.push([first, r]);
  }
  return truthLabelsFromPairs(rowCount, pairs);
}
