/** Reads the edges an engine wrote (CSV or Parquet: a, b, score, matched) and numbers their record ids densely, in id order, for clustering. */
import { DuckDBInstance } from '@duckdb/node-api';
import { KindredError } from '../../errors/registry.js';
import type { PairList } from '../run.js';

/** Edges over dense row numbers, with the record id of each number. */
export interface NumberedEdges {
  /** Record ids in order: numeric order when every id is an integer, else code-point order. Row `i` is `ids[i]`. */
  ids: string[];
  /** The edges over row numbers (a < b); flags bit 7 = matched. */
  pairs: PairList;
}

const REQUIRED = ['a', 'b', 'score', 'matched'];

/**
 * Reads an edges file with DuckDB (`.parquet` as Parquet, anything else as
 * CSV with a header). Row numbers follow the record ids' order, so with the
 * row ids of the compiled DuckDB SQL (0, 1, ...) the clusters are exactly
 * those of `kindred dedupe`.
 *
 * @throws KindredError `file_not_found`, or `csv_invalid` naming a missing column or a bad value.
 * @example
 * const { ids, pairs } = await readEdges('edges.parquet');
 */
export async function readEdges(file: string): Promise<NumberedEdges> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const literal = `'${file.replace(/'/g, "''")}'`;
    const source = /\.parquet$/i.test(file) ? `read_parquet(${literal})` : `read_csv(${literal}, header = true, all_varchar = true)`;
    let columns: string[];
    try {
      columns = (await connection.runAndReadAll(`SELECT column_name FROM (DESCRIBE SELECT * FROM ${source})`)).getRows().map((r) => String(r[0]));
    } catch (e) {
      const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
      throw new KindredError(/No files found|does not exist/i.test(msg) ? 'file_not_found' : 'csv_invalid', `${file}: cannot read the edges (${msg})`);
    }
    const missing = REQUIRED.filter((c) => !columns.includes(c));
    if (missing.length > 0) throw new KindredError('csv_invalid', `${file}: the edges need the columns ${REQUIRED.join(', ')}; missing: ${missing.join(', ')}`);
    let rows: unknown[][];
    try {
      rows = (await connection.runAndReadAll(`SELECT CAST(a AS VARCHAR), CAST(b AS VARCHAR), CAST(score AS DOUBLE), CAST(matched AS BOOLEAN) FROM ${source}`)).getRows();
    } catch (e) {
      throw new KindredError('csv_invalid', `${file}: a score or matched value is not a number or a boolean (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
    }
    const idSet = new Set<string>();
    rows.forEach((r, i) => {
      if (r[0] === null || r[1] === null || r[2] === null || r[3] === null) throw new KindredError('csv_invalid', `${file}: edge ${i + 1} has an empty a, b, score or matched`);
      idSet.add(r[0] as string);
      idSet.add(r[1] as string);
    });
    const ids = [...idSet];
    const integers = ids.every((id) => /^-?\d+$/.test(id));
    ids.sort(integers ? (x, y) => (BigInt(x) < BigInt(y) ? -1 : BigInt(x) > BigInt(y) ? 1 : 0) : (x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const index = new Map(ids.map((id, i) => [id, i]));
    const n = rows.length;
    const pairs: PairList = { a: new Int32Array(n), b: new Int32Array(n), score: new Float64Array(n), flags: new Uint8Array(n), count: n };
    rows.forEach((r, i) => {
      const x = index.get(r[0] as string) as number;
      const y = index.get(r[1] as string) as number;
      pairs.a[i] = Math.min(x, y);
      pairs.b[i] = Math.max(x, y);
      pairs.score[i] = r[2] as number;
      pairs.flags[i] = r[3] === true ? 0x80 : 0;
    });
    return { ids, pairs };
  } finally {
    connection.closeSync();
  }
}
