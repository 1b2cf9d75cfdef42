/** The embedded out-of-core engine: the configuration compiled to DuckDB SQL, run on the CSV, and the returned edges clustered by kindred's constrained clustering. */
import fs from 'node:fs';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { checkConfigColumns } from '../../config/columns.js';
import type { Config } from '../../config/types.js';
import { KindredError } from '../../errors/registry.js';
import { duckdb } from '../../sql/dialects/duckdb.js';
import { planSql, type SqlPlan } from '../../sql/plan.js';
import { renderSql, type SqlStatement } from '../../sql/render.js';
import { buildClusters, clusterLimits } from '../clustering/cluster-builder.js';
import { matchedLinks, type PairList, type PhaseReport, type ProgressFn } from '../run.js';
import { registerEngineFunctions } from './engine-functions.js';
import type { DuckdbLimits } from './duckdb-limits.js';

// Kept importable from here; they live apart so that choosing an engine does not load DuckDB.
export { defaultDuckdbLimits, type DuckdbLimits } from './duckdb-limits.js';

/** What a DuckDB run produced: the same shape of outcome as the worker-pool engine's. */
export interface DuckdbRun {
  rowCount: number;
  candidatePairs: number;
  /** Kept pairs (matched, or in the review band), ordered by (a, b). */
  pairs: PairList;
  clusterOf: Int32Array;
  phases: PhaseReport[];
  /** The statements run, in order. */
  statements: SqlStatement[];
}

/** The CSV as a DuckDB table expression: every cell text, RFC 4180 quoting, a header row. */
function csvSource(file: string): string {
  const literal = `'${file.replace(/'/g, "''")}'`;
  return `read_csv(${literal}, header = true, all_varchar = true, delim = ',', quote = '"', escape = '"', auto_detect = true, sample_size = -1)`;
}

async function count(connection: DuckDBConnection, sql: string): Promise<number> {
  const rows = (await connection.runAndReadAll(sql)).getRows();
  return Number(rows[0][0]);
}

/**
 * The configuration compiled for the embedded engine (kindred's own
 * functions registered): what {@link scoreOnDuckdb} runs. A command calls it
 * before it starts work, so a part with no SQL form fails first.
 *
 * @throws KindredError `sql_unsupported` naming the part that does not compile.
 * @example
 * compileForDuckdb(config).statements.length; // 3
 */
export function compileForDuckdb(config: Config, models: Readonly<Record<string, unknown>> = {}): { plan: SqlPlan; statements: SqlStatement[] } {
  const plan = planSql(config, models);
  return { plan, statements: renderSql(plan, duckdb, { source: 'kindred_input', id: 'rowid', prefix: 'kindred_', engineFunctions: true }) };
}

/** Options of a DuckDB run. */
export interface DuckdbRunOptions {
  onPhase?: (r: PhaseReport) => void;
  onProgress?: ProgressFn;
  models?: Readonly<Record<string, unknown>>;
  /** Names the configuration in the error for a column the file lacks. */
  configLabel?: string;
  /** Interrupts the running statement and rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** What DuckDB scored: the run's outcome before clustering. */
export type DuckdbPairs = Omit<DuckdbRun, 'clusterOf'>;

/**
 * Loads a CSV file into DuckDB (row id = data row index, as kindred's own
 * loader numbers rows), prepares the fields, blocks and scores: the
 * `prepare`, `block` and `score` phases of {@link runDuckdb}, without
 * clustering. Probabilistic matchkeys score with `options.models` (trained
 * parameters by matchkey name; see `trainModels`).
 *
 * @throws KindredError `sql_unsupported` when the configuration has a part with no SQL form.
 * @example
 * const { pairs, candidatePairs } = await scoreOnDuckdb('people.csv', config, defaultDuckdbLimits());
 */
export async function scoreOnDuckdb(file: string, config: Config, limits: DuckdbLimits, options: DuckdbRunOptions = {}): Promise<DuckdbPairs> {
  const { plan, statements } = compileForDuckdb(config, options.models);
  options.signal?.throwIfAborted();
  const madeTemp = !fs.existsSync(limits.tempDirectory);
  fs.mkdirSync(limits.tempDirectory, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: limits.memoryLimit,
    temp_directory: limits.tempDirectory,
    threads: String(limits.threads),
    preserve_insertion_order: 'true',
    // memory_limit bounds only DuckDB's buffer manager; freed memory its allocator keeps
    // cached per thread comes on top (10M rows, 4GB: 5.9 GB resident with the defaults).
    // Returning it sooner costs no measurable time (docs/scale-out.md, Memory).
    allocator_flush_threshold: '16MB',
    allocator_bulk_deallocation_flush_threshold: '64MB',
    allocator_background_threads: 'true',
  });
  const connection = await instance.connect();
  // A statement can run for minutes at scale: a cancelled run interrupts it instead of waiting.
  const interrupt = (): void => connection.interrupt();
  options.signal?.addEventListener('abort', interrupt);
  const phases: PhaseReport[] = [];
  const phase = async <T>(name: PhaseReport['phase'], work: () => Promise<T>, detail: (t: T) => PhaseReport['detail']): Promise<T> => {
    const t0 = performance.now();
    options.onProgress?.(name, 0, 1);
    let out: T;
    try {
      out = await work();
    } catch (e) {
      options.signal?.throwIfAborted();
      throw e;
    }
    options.onProgress?.(name, 1, 1);
    const r = { phase: name, ms: performance.now() - t0, detail: detail(out) };
    phases.push(r);
    options.onPhase?.(r);
    return out;
  };
  try {
    registerEngineFunctions(connection);
    const rowCount = await phase(
      'prepare',
      async () => {
        try {
          await connection.run(`CREATE TABLE kindred_input AS SELECT * FROM ${csvSource(file)}`);
        } catch (e) {
          options.signal?.throwIfAborted();
          throw new KindredError('csv_invalid', `${file}: DuckDB could not read it as CSV (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
        }
        const columns = (await connection.runAndReadAll('SELECT column_name FROM (DESCRIBE kindred_input)')).getRows().map((r) => String(r[0]));
        checkConfigColumns(config, columns, options.configLabel ?? 'the configuration', file);
        await connection.run(statements[0].sql);
        // The prepared fields are all later statements read: the raw rows' memory goes to the joins.
        await connection.run('DROP TABLE kindred_input');
        return count(connection, 'SELECT count(*) FROM kindred_records');
      },
      (n) => ({ rows: n, fields: plan.columns.length }),
    );
    const candidatePairs = await phase(
      'block',
      async () => {
        await connection.run(statements[1].sql);
        return count(connection, 'SELECT count(*) FROM kindred_candidates');
      },
      (n) => ({ passes: plan.passes.length, candidate_pairs: n }),
    );
    const pairs = await phase(
      'score',
      async () => {
        await connection.run(statements[2].sql);
        return readKeptEdges(connection);
      },
      (p) => ({ candidate_pairs: candidatePairs, kept_pairs: p.count }),
    );
    return { rowCount, candidatePairs, pairs, phases, statements };
  } finally {
    options.signal?.removeEventListener('abort', interrupt);
    connection.closeSync();
    instance.closeSync();
    if (madeTemp) fs.rmSync(limits.tempDirectory, { recursive: true, force: true });
  }
}

/**
 * Runs a configuration on a CSV file with DuckDB ({@link scoreOnDuckdb}) and
 * clusters the matched edges with the same constrained clustering as the
 * worker-pool engine. Progress per phase.
 *
 * @throws KindredError `sql_unsupported` when the configuration has a part with no SQL form.
 * @example
 * const run = await runDuckdb('people.csv', config, defaultDuckdbLimits());
 * run.clusterOf[17]; // the cluster id (smallest member row id) of row 17
 */
export async function runDuckdb(file: string, config: Config, limits: DuckdbLimits, options: DuckdbRunOptions = {}): Promise<DuckdbRun> {
  const scored = await scoreOnDuckdb(file, config, limits, options);
  const t0 = performance.now();
  options.onProgress?.('cluster', 0, 1);
  const links = matchedLinks(scored.pairs);
  const clusterOf = buildClusters({ rowCount: scored.rowCount, links, ...clusterLimits(config.clustering) });
  options.onProgress?.('cluster', 1, 1);
  const r: PhaseReport = { phase: 'cluster', ms: performance.now() - t0, detail: { links: links.count } };
  options.onPhase?.(r);
  return { ...scored, clusterOf, phases: [...scored.phases, r] };
}

/** The kept edges as a {@link PairList}, ordered by (a, b); flags = deciding matchkey | 0x80 when matched, as the worker writes them. */
async function readKeptEdges(connection: DuckDBConnection): Promise<PairList> {
  const n = await count(connection, 'SELECT count(*) FROM kindred_edges');
  const pairs: PairList = { a: new Int32Array(n), b: new Int32Array(n), score: new Float64Array(n), flags: new Uint8Array(n), count: n };
  const result = await connection.run('SELECT CAST(a AS INTEGER), CAST(b AS INTEGER), score, CAST(decider AS INTEGER), matched FROM kindred_edges ORDER BY a, b');
  let k = 0;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) break;
    const [a, b, score, decider, matched] = [0, 1, 2, 3, 4].map((i) => chunk.getColumnVector(i));
    for (let i = 0; i < chunk.rowCount; i++, k++) {
      pairs.a[k] = a.getItem(i) as number;
      pairs.b[k] = b.getItem(i) as number;
      pairs.score[k] = score.getItem(i) as number;
      pairs.flags[k] = (decider.getItem(i) as number) | (matched.getItem(i) === true ? 0x80 : 0);
    }
  }
  return pairs;
}
