/** `kindred sql --dialect <d>`: prints the configuration compiled to SQL for DuckDB, Spark, Trino or BigQuery. */
import { loadConfigFile } from '../config/index.js';
import { ingestCsv } from '../data/ingest.js';
import { trainModels } from '../engine/run.js';
import { WorkerPool } from '../engine/worker-pool.js';
import { KindredError } from '../errors/registry.js';
import { DIALECTS, type DialectName } from '../sql/dialect.js';
import { dialectNamed } from '../sql/dialects/index.js';
import { sqlScript } from '../sql/script.js';
import { optionalInt, parseCommandArgs, requireString } from './args.js';

export const SQL_COMPILE_HELP = `Usage: kindred sql --dialect duckdb|spark|trino|bigquery --config <yaml> --table <name> [options]

Prints the configuration compiled to SQL: statements that make <prefix>records
(prepared fields), <prefix>candidates (blocked pairs, each once) and
<prefix>edges (kept pairs with score, deciding matchkey and matched flag)
beside the input table. Run them on your engine, export the edges, and turn
them into clusters with kindred cluster --edges. See docs/scale-out.md.

A transform or scorer with no exact SQL form in the dialect is an error
naming the field; one exact only on ASCII text stops the query, naming the
field, when it meets other text (never a silent substitute).

Options:
  --dialect <d>     duckdb, spark (Databricks), trino, bigquery
  --config <yaml>   the matching configuration
  --table <name>    the input table (dot-separated, e.g. main.crm.people)
  --id <column>     the record id column (required except for duckdb, which
                    numbers records by row order)
  --prefix <p>      prefix of the tables made (default kindred_)
  --sample <csv>    train probabilistic matchkeys on this CSV (a sample of the
                    table, same columns) with the worker pool; the weights are
                    written into the SQL
  --workers <n>     worker threads for --sample (default: all cores)
`;

/**
 * Whether a \`kindred sql\` command line asks for compilation (it has \`--dialect\`)
 * rather than a query on the state database.
 *
 * @example
 * isCompileMode(['--dialect', 'spark', '--config', 'm.yaml', '--table', 't']); // true
 */
export function isCompileMode(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--dialect' || a.startsWith('--dialect='));
}

/** Runs the command; returns the exit code. */
export async function sqlCompileCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(
    'sql',
    argv,
    {
      dialect: { type: 'string' },
      config: { type: 'string' },
      table: { type: 'string' },
      id: { type: 'string' },
      prefix: { type: 'string' },
      sample: { type: 'string' },
      workers: { type: 'string' },
      help: { type: 'boolean' },
    },
    0,
  );
  if (values.help) {
    process.stdout.write(SQL_COMPILE_HELP);
    return 0;
  }
  const dialect = requireString('sql', values, 'dialect');
  if (!(DIALECTS as readonly string[]).includes(dialect)) {
    throw new KindredError('usage', `kindred sql: --dialect must be one of ${DIALECTS.join(', ')}, got "${dialect}"`);
  }
  const configPath = requireString('sql', values, 'config');
  const table = requireString('sql', values, 'table');
  const prefix = (values.prefix as string | undefined) ?? 'kindred_';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(prefix)) throw new KindredError('usage', `kindred sql: --prefix must be letters, digits and underscores, got "${prefix}"`);
  const config = loadConfigFile(configPath);
  let models: Record<string, unknown> = {};
  const sample = values.sample as string | undefined;
  if (sample !== undefined) {
    const pool = new WorkerPool({ workers: optionalInt('sql', values, 'workers') });
    try {
      const { store } = await ingestCsv(sample, pool);
      models = (await trainModels(store, config, pool)).models;
    } finally {
      await pool.close();
    }
  }
  const id = (values.id as string | undefined) ?? null;
  process.stdout.write(sqlScript(config, dialectNamed(dialect as DialectName), { table, id, prefix, configLabel: configPath, models }));
  return 0;
}
