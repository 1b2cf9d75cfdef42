/** Reads a change file for `kindred apply`: one add, update or delete per line, checked whole (file, line, field named) before anything is applied. */
import fs from 'node:fs';
import { parseStream } from 'fast-csv';
import { KindredError } from '../errors/registry.js';
import type { LivingTable } from '../data/living-table.js';
import type { RequestedChange } from '../server/record-changes.js';
import type { RecordKeys } from '../server/record-keys.js';

const OPS = ['add', 'update', 'delete'] as const;

/**
 * Reads every line of a change file (`op`, then an optional `row_id`,
 * then data columns of the base file) into the changes it asks for, in
 * order. An update or delete names its record by `row_id`, or, with
 * `keys` (`--key-column`) and an empty `row_id`, by the key column; an
 * add's `row_id` is left empty (the table gives it). Any bad line throws
 * a `csv_invalid` error naming the file, the line and the field.
 * Lines are counted from the header (line 1); a quoted cell spanning
 * lines counts once.
 *
 * @example
 * const changes = await readChangeFile('changes.csv', table, columns, null);
 */
export async function readChangeFile(file: string, table: LivingTable, columns: readonly string[], keys: RecordKeys | null): Promise<RequestedChange[]> {
  if (!fs.existsSync(file)) throw new KindredError('file_not_found', `${file}: no such file`);
  const rows: string[][] = [];
  await new Promise<void>((resolve, reject) => {
    parseStream(fs.createReadStream(file), { headers: false, ignoreEmpty: true })
      .on('data', (r: string[]) => rows.push(r))
      .on('error', (e: Error) => reject(new KindredError('csv_invalid', `${file}: ${e.message}`)))
      .on('end', () => resolve());
  });
  const fail = (line: number, field: string, message: string): never => {
    throw new KindredError('csv_invalid', `${file}: line ${line}: ${field}: ${message}`, [{ path: `${file}:${line}.${field}`, message }]);
  };
  if (rows.length === 0) fail(1, '(header)', 'empty; expected a header starting with op');
  const header = rows[0].map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  if (header[0] !== 'op') fail(1, header[0] ?? '(header)', 'the first column must be op (add, update or delete)');
  const rowIdAt = header.indexOf('row_id');
  if (rowIdAt > 1) fail(1, 'row_id', 'row_id must be the second column, right after op');
  if (rowIdAt < 0 && keys === null) fail(1, '(header)', 'a row_id column is needed (or serve the key column with --key-column)');
  const dataFrom = rowIdAt === 1 ? 2 : 1;
  const seen = new Set<string>();
  for (const name of header.slice(dataFrom)) {
    if (!columns.includes(name)) fail(1, name, `not a column of the base file (the columns are ${columns.join(', ')})`);
    if (seen.has(name)) fail(1, name, 'given twice');
    seen.add(name);
  }

  // Rows as the file leaves them so far: added ones take the next ids; deleted ones remember their line.
  let nextRow = table.rowCount;
  const deletedAt = new Map<number, number>();
  // Key → row after the lines read so far (null: freed), over the key index of the base.
  const keyHolder = new Map<string, number | null>();
  const holderOf = (key: string): number | undefined => (keyHolder.has(key) ? (keyHolder.get(key) ?? undefined) : keys?.rowOf(key));
  const out: RequestedChange[] = [];
  for (let i = 1; i < rows.length; i++) {
    const line = i + 1;
    const cells = rows[i];
    if (cells.length !== header.length) fail(line, '(line)', `${cells.length} cells, the header has ${header.length}`);
    const op = cells[0].trim();
    if (!(OPS as readonly string[]).includes(op)) fail(line, 'op', `expected add, update or delete, got "${op}"`);
    const record: Record<string, string | null> = {};
    for (let c = dataFrom; c < header.length; c++) record[header[c]] = cells[c] === '' ? null : cells[c];
    const rawRow = rowIdAt === 1 ? cells[1].trim() : '';
    const key = keys === null ? null : (record[keys.column] ?? null);
    const path = `${file} line ${line}`;
    if (op === 'add') {
      if (rawRow !== '') fail(line, 'row_id', 'an added record gets its row id from the table; leave row_id empty');
      if (key !== null) keyHolder.set(key, nextRow);
      nextRow++;
      out.push({ op: 'add', record, path });
      continue;
    }
    let row: number;
    if (rawRow !== '') {
      row = /^\d+$/.test(rawRow) ? Number(rawRow) : NaN;
      if (!(row < nextRow)) fail(line, 'row_id', `"${rawRow}" is not a row id of the table (0..${table.rowCount - 1})`);
      if (row >= table.rowCount) fail(line, 'row_id', `row ${row} is added by this file; a change file cannot change a record it adds (use the added line's values)`);
      if (row < table.rowCount && table.isDeleted(row)) fail(line, 'row_id', `row ${row} was deleted before this file`);
    } else {
      if (keys === null) fail(line, 'row_id', `an ${op} needs a row_id`);
      if (key === null) fail(line, keys?.column ?? 'row_id', `an ${op} needs a row_id or a key`);
      const held = holderOf(key as string);
      if (held === undefined) fail(line, keys?.column ?? 'row_id', `no record has the key "${key}"`);
      row = held as number;
      if (row >= table.rowCount) fail(line, keys?.column ?? 'row_id', `the key "${key}" is added by this file; a change file cannot change a record it adds`);
    }
    const gone = deletedAt.get(row);
    if (gone !== undefined) fail(line, 'row_id', `row ${row} was deleted at line ${gone}`);
    if (op === 'delete') {
      deletedAt.set(row, line);
      if (keys !== null) for (const [k, r] of keyHolder) if (r === row) keyHolder.set(k, null);
      const base = keys !== null && row < table.rowCount ? keys.keyOf(table.values(row)) : null;
      if (base !== null && holderOf(base) === row) keyHolder.set(base, null);
      out.push({ op: 'delete', row });
    } else {
      if (key !== null) keyHolder.set(key, row);
      out.push({ op: 'update', row, record, path });
    }
  }
  return out;
}
