/** Every dialect's compiled SQL equals its golden file (UPDATE_GOLDEN=1 rewrites them), and parses with that dialect's npm parser: dt-sql-parser's Spark and Trino grammars, sql-parser-cst's BigQuery. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { dialectNamed } from '../../src/sql/dialects/index.js';
import { compileStatements, sqlScript, type ScriptOptions } from '../../src/sql/script.js';
import { REPO_ROOT } from '../cli/run-cli.js';
import { syntaxErrors } from './dialect-parsers.js';
import { goldenCases } from './golden-configs.js';

const GOLDEN = join(REPO_ROOT, 'test', 'sql', 'golden');

function options(name: string, dialect: string, models: Record<string, unknown>): ScriptOptions {
  return {
    // Spark: schema.table (the open-source grammar dt-sql-parser follows has no catalog part; Unity Catalog's three parts compile the same way).
    table: dialect === 'bigquery' ? 'my-project.crm.people' : dialect === 'trino' ? 'hive.crm.people' : 'crm.people',
    id: dialect === 'duckdb' ? null : 'record_id',
    prefix: 'kindred_',
    configLabel: `${name}.yaml`,
    models,
  };
}

for (const c of goldenCases()) {
  for (const dialect of c.dialects) {
    const d = dialectNamed(dialect);
    test(`${c.name} for ${dialect}: equals test/sql/golden/${c.name}-${dialect}.sql`, () => {
      const script = sqlScript(c.config, d, options(c.name, dialect, c.models));
      const file = join(GOLDEN, `${c.name}-${dialect}.sql`);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, script);
      assert.equal(script, readFileSync(file, 'utf8'));
    });
    if (dialect === 'duckdb') continue; // executed instead: test/sql/duckdb-script.test.ts
    test(`${c.name} for ${dialect}: every statement parses`, () => {
      for (const s of compileStatements(c.config, d, options(c.name, dialect, c.models))) {
        // Databricks' Python functions (CREATE FUNCTION ... LANGUAGE PYTHON) are not in open-source Spark's grammar;
        // their bodies are run against kindred's scorers in warehouse-functions.test.ts instead.
        if (dialect === 'spark' && s.sql.includes('LANGUAGE PYTHON')) continue;
        assert.deepEqual(syntaxErrors(dialect, s.sql), [], `${s.table}:\n${s.sql}`);
      }
    });
  }
}

test('the parsers do reject broken SQL (so a pass means something)', () => {
  assert.notDeepEqual(syntaxErrors('spark', 'CREATE TABLE x AS SELEC a FROM t'), []);
  assert.notDeepEqual(syntaxErrors('trino', 'CREATE TABLE x AS SELECT a FROM t WHERE NOT ('), []);
  assert.notDeepEqual(syntaxErrors('bigquery', 'CREATE OR REPLACE TABLE x AS SELECT CASE WHEN a THEN 1 FROM t'), []);
});
