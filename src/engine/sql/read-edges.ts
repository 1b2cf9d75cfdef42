/** Reads the edges an engine wrote (CSV or Parquet: a, b, score, matched, decider), numbered densely for `kindred cluster` or over a loaded table's rows for `kindred serve --edges`. */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
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

/** An opened edges file: a DuckDB connection, the file as a table expression, its columns. */
interface EdgesFile {
  connection: DuckDBConnection;
  source: string;
  columns: string[];
}

const firstLine = (e: unknown): string => (e instanceof Error ? e.message.split('\n')[0] : String(e));

/**
 * Opens an edges file with DuckDB (`.parquet` as Parquet, anything else as
 * CSV with a header) and checks its columns; the caller closes the connection.
 */
async function openEdges(file: string): Promise<EdgesFile> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const literal = `'${file.replace(/'/g, "''")}'`;
    const source = /\.parquet$/i.test(file) ? `read_parquet(${literal})` : `read_csv(${literal}, header = true, all_varchar = true)`;
    let columns: string[];
    try {
      columns = (await connection.runAndReadAll(`SELECT column_name FROM (DESCRIBE SELECT * FROM ${source})`)).getRows().map((r) => String(r[0]));
    } catch (e) {
      const msg = firstLine(e);
      throw new KindredError(/No files found|does not exist/i.test(msg) ? 'file_not_found' : 'csv_invalid', `${file}: cannot read the edges (${msg})`);
    }
    const missing = REQUIRED.filter((c) => !columns.includes(c));
    if (missing.length > 0) throw new KindredError('csv_invalid', `${file}: the edges need the columns ${REQUIRED.join(', ')}; missing: ${missing.join(', ')}`);
    return { connection, source, columns };
  } catch (e) {
    connection.closeSync();
    throw e;
  }
}

/**
 * Checks that a file can be read as edges (it exists, and has the columns
 * a, b, score, matched), reading its schema only: for a command to fail
 * before it starts work.
 *
 * @throws KindredError `file_not_found`, or `csv_invalid` naming a missing column.
 * @example
 * await checkEdgesFile('edges.parquet');
 */
export async function checkEdgesFile(file: string): Promise<void> {
  (await openEdges(file)).connection.closeSync();
}

/**
 * Every edge, one chunk at a time: a and b as text, score, matched, and
 * the deciding matchkey when asked for and the file has a `decider` column (else null).
 */
async function forEachEdge(
  edges: EdgesFile,
  file: string,
  withDecider: boolean,
  visit: (i: number, a: string | null, b: string | null, score: number | null, matched: boolean | null, decider: number | null) => void,
): Promise<number> {
  const decider = withDecider && edges.columns.includes('decider') ? 'CAST(decider AS INTEGER)' : 'NULL::INTEGER';
  const sql = `SELECT CAST(a AS VARCHAR), CAST(b AS VARCHAR), CAST(score AS DOUBLE), CAST(matched AS BOOLEAN), ${decider} FROM ${edges.source}`;
  let i = 0;
  try {
    const result = await edges.connection.run(sql);
    for (;;) {
      const chunk = await result.fetchChunk();
      if (chunk === null || chunk.rowCount === 0) break;
      const v = [0, 1, 2, 3, 4].map((c) => chunk.getColumnVector(c));
      for (let r = 0; r < chunk.rowCount; r++, i++) {
        visit(i, v[0].getItem(r) as string | null, v[1].getItem(r) as string | null, v[2].getItem(r) as number | null, v[3].getItem(r) as boolean | null, v[4].getItem(r) as number | null);
      }
    }
  } catch (e) {
    if (e instanceof KindredError) throw e;
    throw new KindredError('csv_invalid', `${file}: a score or matched value is not a number or a boolean${withDecider ? ', or a decider not an integer' : ''} (${firstLine(e)})`);
  }
  return i;
}

/**
 * Reads an edges file. Row numbers follow the record ids' order, so with
 * the row ids of the compiled DuckDB SQL (0, 1, ...) the clusters are
 * exactly those of `kindred dedupe`.
 *
 * @throws KindredError `file_not_found`, or `csv_invalid` naming a missing column or a bad value.
 * @example
 * const { ids, pairs } = await readEdges('edges.parquet');
 */
export async function readEdges(file: string): Promise<NumberedEdges> {
  const edges = await openEdges(file);
  try {
    const rows: Array<[string, string, number, boolean]> = [];
    const idSet = new Set<string>();
    await forEachEdge(edges, file, false, (i, a, b, score, matched) => {
      if (a === null || b === null || score === null || matched === null) throw new KindredError('csv_invalid', `${file}: edge ${i + 1} has an empty a, b, score or matched`);
      rows.push([a, b, score, matched]);
      idSet.add(a);
      idSet.add(b);
    });
    const ids = [...idSet];
    const integers = ids.every((id) => /^-?\d+$/.test(id));
    ids.sort(integers ? (x, y) => (BigInt(x) < BigInt(y) ? -1 : BigInt(x) > BigInt(y) ? 1 : 0) : (x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const index = new Map(ids.map((id, i) => [id, i]));
    const n = rows.length;
    const pairs: PairList = { a: new Int32Array(n), b: new Int32Array(n), score: new Float64Array(n), flags: new Uint8Array(n), count: n };
    rows.forEach((r, i) => {
      const x = index.get(r[0]) as number;
      const y = index.get(r[1]) as number;
      pairs.a[i] = Math.min(x, y);
      pairs.b[i] = Math.max(x, y);
      pairs.score[i] = r[2];
      pairs.flags[i] = r[3] ? 0x80 : 0;
    });
    return { ids, pairs };
  } finally {
    edges.connection.closeSync();
  }
}

/** How an edges file names the records of a loaded table. */
export interface EdgeRecordIds {
  /** The loaded row an id names, or undefined when it names none. */
  rowOf(id: string): number | undefined;
  /** The id of a loaded row, for messages. */
  idOf(row: number): string;
  /** What the ids are, for messages (`row ids 0..299`, `column customer_id`). */
  label: string;
}

/**
 * Reads an edges file over the rows of a loaded table: each id through
 * `ids.rowOf`, flags = deciding matchkey (the `decider` column; 0 without
 * one, which only a configuration with a single matchkey may omit) | 0x80
 * when matched, ordered by (a, b) as the engines return kept pairs.
 *
 * @throws KindredError `csv_invalid` naming the edge (1-based, in file order) with an empty cell,
 *   an id that names no loaded record, a pair of one record with itself, a pair given twice, or a decider out of range.
 * @example
 * const pairs = await readEdgesOverRows('edges.parquet', ids, 2);
 */
export async function readEdgesOverRows(file: string, ids: EdgeRecordIds, matchkeys: number): Promise<PairList> {
  const edges = await openEdges(file);
  try {
    if (matchkeys > 1 && !edges.columns.includes('decider')) {
      throw new KindredError('csv_invalid', `${file}: the configuration has ${matchkeys} matchkeys, so the edges need the column decider (kindred sql writes it: the deciding matchkey's index)`);
    }
    const a: number[] = [];
    const b: number[] = [];
    const score: number[] = [];
    const flags: number[] = [];
    await forEachEdge(edges, file, true, (i, idA, idB, s, matched, decider) => {
      const at = `${file}: edge ${i + 1}`;
      if (idA === null || idB === null || s === null || matched === null) throw new KindredError('csv_invalid', `${at} has an empty a, b, score or matched`);
      const d = decider ?? 0;
      if (d < 0 || d >= matchkeys) throw new KindredError('csv_invalid', `${at}: decider ${d} is no matchkey of the configuration (0..${matchkeys - 1})`);
      const x = ids.rowOf(idA);
      const y = ids.rowOf(idB);
      for (const [side, id, row] of [['a', idA, x], ['b', idB, y]] as const) {
        if (row === undefined) throw new KindredError('csv_invalid', `${at}: ${side} = "${id}" names no record of the served table (the edges' ids are ${ids.label})`);
      }
      if (x === y) throw new KindredError('csv_invalid', `${at}: pairs record "${idA}" with itself`);
      a.push(Math.min(x as number, y as number));
      b.push(Math.max(x as number, y as number));
      score.push(s);
      flags.push(d | (matched ? 0x80 : 0));
    });
    const order = Int32Array.from(a.keys()).sort((i, j) => a[i] - a[j] || b[i] - b[j]);
    const n = order.length;
    const pairs: PairList = { a: new Int32Array(n), b: new Int32Array(n), score: new Float64Array(n), flags: new Uint8Array(n), count: n };
    for (let k = 0; k < n; k++) {
      const i = order[k];
      if (k > 0 && a[i] === pairs.a[k - 1] && b[i] === pairs.b[k - 1]) {
        throw new KindredError('csv_invalid', `${file}: the pair ${ids.idOf(a[i])}, ${ids.idOf(b[i])} is given twice (edges ${order[k - 1] + 1} and ${i + 1})`);
      }
      pairs.a[k] = a[i];
      pairs.b[k] = b[i];
      pairs.score[k] = score[i];
      pairs.flags[k] = flags[i];
    }
    return pairs;
  } finally {
    edges.connection.closeSync();
  }
}
