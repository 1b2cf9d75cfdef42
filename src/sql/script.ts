/** The printable SQL script of a configuration for one dialect: a header saying what it reads, makes and needs, then the statements. */
import type { Config } from '../config/types.js';
import { KindredError } from '../errors/registry.js';
import type { Dialect } from './dialect.js';
import { planSql } from './plan.js';
import { renderSql, type SqlStatement } from './render.js';
import { transformSql } from './transform-sql.js';
import type { WarehouseFunction } from './functions/warehouse-function.js';
import { boundArguments, functionFor, warehouseFunction } from './warehouse-functions.js';

/** What the script runs on. */
export interface ScriptOptions {
  /** The input table, as dot-separated name parts (`catalog.schema.people`); each part is quoted for the dialect. */
  table: string;
  /** The record id column; null means DuckDB's `rowid` (other dialects need a column: a warehouse table has no row order). */
  id: string | null;
  /** Prefix of the tables made, placed beside the input table. */
  prefix: string;
  /** Where the configuration came from (for the header). */
  configLabel: string;
  /** Trained probabilistic parameters by matchkey name. */
  models?: Readonly<Record<string, unknown>>;
}

/**
 * The statements of the pipeline for `dialect` with names resolved beside the input table.
 *
 * @throws KindredError `usage` when a non-DuckDB dialect gets no id column; `sql_unsupported` for what does not compile.
 * @example
 * compileStatements(config, spark, { table: 'main.crm.people', id: 'customer_id', prefix: 'kindred_', configLabel: 'match.yaml' });
 */
export function compileStatements(config: Config, d: Dialect, opts: ScriptOptions): SqlStatement[] {
  if (opts.id === null && d.name !== 'duckdb') {
    throw new KindredError('usage', `kindred sql: --id <column> is required for ${d.name}: a warehouse table has no row order to number records by`);
  }
  const parts = opts.table.split('.');
  if (parts.some((p) => p === '')) throw new KindredError('usage', `kindred sql: --table "${opts.table}" is not a table name (empty part)`);
  const qualify = (name: string): string => [...parts.slice(0, -1), name].map((p) => d.ident(p)).join('.');
  const plan = planSql(config, opts.models);
  // BigQuery's temporary functions and DuckDB's temporary macros live in the script, unqualified
  // (a DuckDB macro calls its helpers by bare name); Databricks and Trino functions beside the table.
  const functionName = (name: string): string => (d.name === 'bigquery' ? d.ident(name) : d.name === 'duckdb' ? name : qualify(name));
  // A function for each transform and scorer the dialect spells no other way (a built-in scorer is
  // used on ASCII text; a scorer's function is created only when there is none). One function per
  // name: specs differing in arguments (numeric_diff:abs:5, numeric_diff) pass them at the call.
  const wanted: Array<{ kind: WarehouseFunction['kind']; spec: string }> = [
    ...plan.columns.flatMap((c) => c.ref.transforms.filter((t) => transformSql(d, t, 'x').kind === 'function').map((spec) => ({ kind: 'transform' as const, spec }))),
    ...plan.comparisons.filter((c) => c.scorer !== 'exact' && d.builtinScorer(c.scorer, 'a', 'b') === null).map((c) => ({ kind: 'scorer' as const, spec: c.scorer })),
  ];
  const functions = [...new Map(wanted.flatMap((w) => {
    const f = functionFor(w.kind, w.spec);
    const created = f === null ? null : warehouseFunction(d.name, f);
    return f === null || created === null ? [] : [[created.name, { f, created }] as const];
  })).values()];
  const caller = (kind: WarehouseFunction['kind']) => (spec: string): ((...values: string[]) => string) | null => {
    const f = functionFor(kind, spec);
    const hit = f === null ? undefined : functions.find((x) => x.f === f);
    if (hit === undefined) return null;
    const bound = boundArguments(hit.f, spec, (s) => d.str(s), (x) => d.num(x));
    return (...values) => `${functionName(hit.created.name)}(${[...values, ...bound].join(', ')})`;
  };
  const statements = renderSql(plan, d, {
    source: qualify(parts[parts.length - 1]),
    id: opts.id === null ? 'rowid' : d.ident(opts.id),
    prefix: '\u0000',
    engineFunctions: false,
    scorerFunction: caller('scorer'),
    transformFunction: caller('transform'),
  });
  // Helpers first (each once, in the order the functions need them), then the functions.
  const helpers = [...new Map(functions.flatMap(({ created }) => created.requires ?? []).map((h) => [h.name, h] as const)).values()];
  const creates = [
    ...helpers.map((h) => ({ table: functionName(h.name), purpose: 'a helper macro of the macros below', sql: h.create(functionName(h.name)) })),
    ...functions.map(({ f, created }) => ({
      table: functionName(created.name),
      purpose: `the ${f.name} ${f.kind} as a ${d.name === 'duckdb' ? 'macro' : 'function'} (${d.name} has no built-in equal to it): kindred's definition, on code points`,
      sql: created.create(functionName(created.name)),
    })),
  ];
  // Table names were rendered with a placeholder prefix; qualified and quoted here, once.
  const names = statements.map((s) => s.table.slice(1));
  const fix = (sql: string): string => names.reduce((acc, n) => acc.split(`\u0000${n}`).join(qualify(`${opts.prefix}${n}`)), sql);
  return [...creates, ...statements.map((s) => ({ table: qualify(`${opts.prefix}${s.table.slice(1)}`), purpose: s.purpose, sql: fix(s.sql) }))];
}

/**
 * The whole script: a header (input, tables made, what the edge columns
 * mean, how to cluster the edges), then each statement with its purpose.
 *
 * @example
 * process.stdout.write(sqlScript(config, trino, { table: 'hive.crm.people', id: 'id', prefix: 'kindred_', configLabel: 'match.yaml' }));
 */
export function sqlScript(config: Config, d: Dialect, opts: ScriptOptions): string {
  const statements = compileStatements(config, d, opts);
  const edges = statements[statements.length - 1].table;
  const header = [
    `-- kindred: ${opts.configLabel} compiled for ${d.name}`,
    `-- Reads ${opts.table} (record id: ${opts.id ?? 'rowid, the table\'s row order'}); every compared column is read as text.`,
    `-- Makes ${statements.map((s) => s.table).join(', ')}.`,
    `-- ${edges}: a < b (record ids), score, decider (the deciding matchkey: ${config.matchkeys.map((m, k) => `${k} = ${m.name}`).join(', ')}), matched (else the pair is in the review band).`,
    `-- Cluster them: export ${edges} as CSV or Parquet, then kindred cluster --edges <that file> --config ${opts.configLabel}`,
  ];
  const body = statements.map((s) => `-- ${s.table}: ${s.purpose}\n${s.sql};`);
  return `${header.join('\n')}\n\n${body.join('\n\n')}\n`;
}
