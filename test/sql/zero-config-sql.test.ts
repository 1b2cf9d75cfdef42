/** Zero-config configurations of shared datasets (stored in test/sql/fixtures) print for the warehouse dialects: every scorer and transform they use compiles but tfidf_cosine, whose weights come from the whole column; without it each script is compiled and every statement parses. For printed DuckDB SQL, patstat_nl_inventors' and abt_buy's do too (their scripts run on DuckDB), cora's stops at monge_elkan, which has no DuckDB macro. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadConfigFile } from '../../src/config/index.js';
import type { Config } from '../../src/config/types.js';
import { KindredError } from '../../src/errors/registry.js';
import { dialectNamed } from '../../src/sql/dialects/index.js';
import { compileStatements } from '../../src/sql/script.js';
import { REPO_ROOT } from '../cli/run-cli.js';
import { syntaxErrors } from './dialect-parsers.js';

const FIXTURES = join(REPO_ROOT, 'test', 'sql', 'fixtures');
const DATASETS = ['patstat_nl_inventors', 'cora', 'abt_buy'];
const WAREHOUSES = ['spark', 'trino', 'bigquery'] as const;

/** The configuration without its tfidf_cosine fields (what a user drops, or scores elsewhere, to print it). */
function withoutTfidf(config: Config): Config {
  return {
    ...config,
    matchkeys: config.matchkeys.map((mk) => (mk.type === 'exact' ? mk : { ...mk, fields: mk.fields.filter((f) => !f.scorer.startsWith('tfidf_cosine')) })) as Config['matchkeys'],
  };
}

const options = (dialect: string) => ({ table: dialect === 'bigquery' ? 'my-project.crm.records' : dialect === 'trino' ? 'hive.crm.records' : 'crm.records', id: 'record_id', prefix: 'kindred_', configLabel: 'cfg.yaml' });

for (const name of DATASETS) {
  const config = loadConfigFile(join(FIXTURES, `zero-config-${name}.yaml`));
  for (const dialect of WAREHOUSES) {
    const d = dialectNamed(dialect);
    test(`zero-config ${name} for ${dialect}: only tfidf_cosine is refused, naming the field`, () => {
      assert.throws(
        () => compileStatements(config, d, options(dialect)),
        (e: unknown) => e instanceof KindredError && e.code === 'sql_unsupported' && /scorer "tfidf_cosine" has no/.test(e.message),
      );
    });
    test(`zero-config ${name} for ${dialect}: without tfidf_cosine it compiles and every statement parses`, () => {
      const statements = compileStatements(withoutTfidf(config), d, options(dialect));
      for (const s of statements) {
        // Databricks' Python functions are not in open-source Spark's grammar (their bodies are run in warehouse-functions.test.ts).
        if (dialect === 'spark' && s.sql.includes('LANGUAGE PYTHON')) continue;
        assert.deepEqual(syntaxErrors(dialect, s.sql), [], `${s.table}:\n${s.sql.slice(0, 2000)}`);
      }
    });
  }
}

const DUCKDB_PRINTS = ['patstat_nl_inventors', 'abt_buy'];

for (const name of DATASETS) {
  const config = loadConfigFile(join(FIXTURES, `zero-config-${name}.yaml`));
  const duckdb = dialectNamed('duckdb');
  const opts = { table: 'crm.records', id: 'record_id', prefix: 'kindred_', configLabel: 'cfg.yaml' };
  test(`zero-config ${name} for printed DuckDB: ${DUCKDB_PRINTS.includes(name) ? 'only tfidf_cosine is refused; without it the script runs on DuckDB' : 'monge_elkan is refused, naming the field'}`, async () => {
    if (!DUCKDB_PRINTS.includes(name)) {
      assert.throws(() => compileStatements(withoutTfidf(config), duckdb, opts), /scorer "monge_elkan" has no duckdb form/);
      return;
    }
    assert.throws(() => compileStatements(config, duckdb, opts), /scorer "tfidf_cosine" has no duckdb form/);
    const statements = compileStatements(withoutTfidf(config), duckdb, opts);
    // Run on an empty table of the configuration's columns (all text): every macro is created and every statement binds.
    const columns = new Set<string>(['record_id']);
    for (const mk of config.matchkeys) for (const f of mk.fields) columns.add(f.field);
    for (const k of config.blocking.keys) for (const f of k.fields) columns.add(typeof f === 'string' ? f : f.field);
    const connection = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();
    await connection.run('CREATE SCHEMA crm');
    await connection.run(`CREATE TABLE crm.records (${[...columns].map((c) => `${duckdb.ident(c)} VARCHAR`).join(', ')})`);
    for (const s of statements) await connection.run(s.sql);
    connection.closeSync();
  });
}
