/** `kindred serve --engine duckdb` and `--edges [--id]`: which engine the initial run uses, checked against the rest of the command line before the server binds. */
import fs from 'node:fs';
import type { Config } from '../config/types.js';
import { readHeaderNames } from '../data/ingest.js';
import type { EngineName, ServedEngine } from '../engine/engines.js';
import type { DuckdbLimits } from '../engine/sql/duckdb-limits.js';
import { KindredError } from '../errors/registry.js';

/**
 * The served engine a `kindred serve` command line asks for. `--edges` runs
 * no engine (so `--engine` with it is an error); both it and
 * `--engine duckdb` need `--config` (the edges were made by one; zero-config
 * tunes its configuration by running it on the pool) and one file (the
 * warehouse and DuckDB read one table; two files are aligned in memory).
 * `--lenient` renumbers rows, so it is refused where row ids name records:
 * with DuckDB, and with `--edges` without `--id`. A missing edges file, one
 * without the edge columns, an `--id` column the file lacks, or a
 * configuration with a part DuckDB cannot compile fail here, before binding.
 *
 * @throws KindredError `usage`, `file_not_found`, `csv_invalid` or `sql_unsupported`, naming the option.
 * @example
 * await servedEngineChoice({ edges: 'edges.parquet', id: 'customer_id' }, engineChoice('serve', values), { file, config });
 */
export async function servedEngineChoice(
  values: Record<string, unknown>,
  choice: { engine: EngineName; limits: DuckdbLimits },
  input: { file: string; secondFile?: string; config: Config | null },
): Promise<ServedEngine> {
  const usage = (message: string): never => {
    throw new KindredError('usage', `kindred serve: ${message}; see docs/scale-out.md`);
  };
  const edges = values.edges as string | undefined;
  const id = values.id as string | undefined;
  if (id !== undefined && edges === undefined) usage('--id names the record id column of --edges and applies with --edges only');
  if (edges === undefined && choice.engine === 'pool') return { engine: 'pool' };
  if (edges !== undefined && values.engine !== undefined) usage('--edges serves the pairs another engine computed and runs no engine itself: leave out --engine');
  const what = edges !== undefined ? '--edges' : '--engine duckdb';
  if (input.config === null) {
    usage(
      edges !== undefined
        ? '--edges needs --config, the configuration the edges were computed with (/match, /explain and record changes score with it)'
        : '--engine duckdb needs --config (zero-config chooses its configuration by running it on the worker pool)',
    );
  }
  if (input.secondFile !== undefined) usage(`${what} reads one file: to link two, give one file with a source column and link: in the configuration`);
  if (values.lenient === true && (edges === undefined || id === undefined)) {
    usage(`${what} does not take --lenient${edges !== undefined ? ' without --id' : ''} (skipped rows would shift the row ids ${edges !== undefined ? 'the edges name records by' : 'DuckDB numbers records by'})`);
  }
  if (edges !== undefined) {
    if (edges === '') usage('--edges needs a file');
    if (!fs.existsSync(edges)) throw new KindredError('file_not_found', `kindred serve: --edges ${edges}: no such file`);
    // DuckDB's bindings load only on this path: a pool server never pays for them.
    const { checkEdgesFile } = await import('../engine/sql/read-edges.js');
    await checkEdgesFile(edges);
    if (id !== undefined) {
      const header = await readHeaderNames(input.file);
      if (id === '' || (header !== null && !header.includes(id))) {
        usage(`--id ${id}: ${input.file} has no column "${id}"${header !== null ? ` (the columns are ${header.join(', ')})` : ''}`);
      }
    }
    return { engine: 'edges', file: edges, idColumn: id ?? null, tableFile: input.file };
  }
  const config = input.config as Config;
  // Probabilistic matchkeys compile once trained (during the run); everything else is checked now.
  if (!config.matchkeys.some((m) => m.type === 'probabilistic')) {
    const { compileForDuckdb } = await import('../engine/sql/run-duckdb.js');
    try {
      compileForDuckdb(config);
    } catch (e) {
      if (e instanceof KindredError) throw new KindredError(e.code, `kindred serve: --engine duckdb: ${e.message}`, e.details);
      throw e;
    }
  }
  return { engine: 'duckdb', file: input.file, limits: choice.limits };
}
