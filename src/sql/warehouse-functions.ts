/** The functions a printed script creates where a warehouse has no built-in equal to kindred's transform or scorer: BigQuery JavaScript, Databricks Python, Trino SQL routines, each kindred's definition on code points. */
import type { DialectName } from './dialect.js';
import { DUCKDB_MACROS } from './duckdb-macros/index.js';
import { helpersOf } from './duckdb-macros/macro.js';
import { DAMERAU_LEVENSHTEIN } from './functions/damerau-levenshtein.js';
import { JARO, JARO_WINKLER } from './functions/jaro.js';
import { CODE_TOKEN } from './functions/code-token.js';
import { DATE, DATE_DIFF } from './functions/date.js';
import { ENSEMBLE } from './functions/ensemble.js';
import { GEO_HAVERSINE } from './functions/geo-haversine.js';
import { ASCII_FOLD, STRIP_HONORIFICS } from './functions/letters.js';
import { METAPHONE, METAPHONE_MATCH } from './functions/metaphone.js';
import { MONGE_ELKAN } from './functions/monge-elkan.js';
import { AMOUNT, NUMERIC_DIFF } from './functions/numeric.js';
import { QGRAM, QGRAM_SCORER } from './functions/qgram.js';
import { SOUNDEX, SOUNDEX_MATCH } from './functions/soundex.js';
import { TOKEN_SET, TOKEN_SORT_SCORER, TOKEN_SORT_TRANSFORM } from './functions/token-ratio.js';
import type { WarehouseFunction } from './functions/warehouse-function.js';

/** One function to create before the pipeline runs. */
export interface CreatedFunction {
  /** The function's unqualified name. */
  name: string;
  /** The statement creating it under `qualified` (its name with the schema of the input table). */
  create(qualified: string): string;
  /** Functions its body calls, created before it (DuckDB's helper macros), callees first. */
  requires?: CreatedFunction[];
}

/**
 * Every transform and scorer with warehouse functions, by the name of the
 * function created (`kindred_` and this): the configuration's name, or
 * `sqlName` where a transform and a scorer share one (token_sort).
 *
 * @example
 * WAREHOUSE_FUNCTIONS.get('soundex')?.kind; // 'transform'
 */
export const WAREHOUSE_FUNCTIONS: ReadonlyMap<string, WarehouseFunction> = new Map(
  [JARO, JARO_WINKLER, DAMERAU_LEVENSHTEIN, SOUNDEX, TOKEN_SET, TOKEN_SORT_SCORER, TOKEN_SORT_TRANSFORM, NUMERIC_DIFF, AMOUNT, CODE_TOKEN, MONGE_ELKAN, GEO_HAVERSINE, DATE_DIFF, DATE, SOUNDEX_MATCH, ENSEMBLE, ASCII_FOLD, STRIP_HONORIFICS, QGRAM, METAPHONE, METAPHONE_MATCH, QGRAM_SCORER].map((f) => [f.sqlName ?? f.name, f]),
);

/**
 * The warehouse function of a transform or scorer spec (its arguments aside), or null.
 *
 * @example
 * functionFor('scorer', 'numeric_diff:abs:5')?.name; // 'numeric_diff'
 */
export function functionFor(kind: WarehouseFunction['kind'], spec: string): WarehouseFunction | null {
  const name = spec.split(':')[0];
  for (const f of WAREHOUSE_FUNCTIONS.values()) if (f.kind === kind && f.name === name) return f;
  return null;
}

/** The parameters and result type of a function in a dialect. */
function signature(f: WarehouseFunction, types: { text: string; double: string; integer: string }): { params: string; returns: string; args: string } {
  const { text, double } = types;
  const extra = f.parameters?.declared ?? [];
  const extraParams = extra.map((p) => `, ${p.name} ${types[p.type]}`).join('');
  const extraArgs = extra.map((p) => `, ${p.name}`).join('');
  return f.kind === 'scorer'
    ? { params: `a ${text}, b ${text}${extraParams}`, returns: double, args: `a, b${extraArgs}` }
    : { params: `x ${text}${extraParams}`, returns: text, args: `x${extraArgs}` };
}

/**
 * The literal arguments a spec passes after the compared values (none for a
 * function without parameters), each spelled by `str`, `num` or as an integer.
 *
 * @example
 * boundArguments(NUMERIC_DIFF, 'numeric_diff:abs:5', (s) => `'${s}'`, String); // ["'abs'", '5']
 */
export function boundArguments(f: WarehouseFunction, spec: string, str: (s: string) => string, num: (x: number) => string): string[] {
  const args = spec.split(':').slice(1);
  if (f.parameters === undefined) return [];
  const declared = f.parameters.declared;
  // An integer parameter is spelled as an integer literal (a DOUBLE literal would not convert to it implicitly).
  return f.parameters.bind(args).map((v, i) => (typeof v === 'string' ? str(v) : declared[i].type === 'integer' ? String(v) : num(v)));
}

/**
 * The function a dialect creates for a transform or scorer (a key of
 * {@link WAREHOUSE_FUNCTIONS}, or the function itself) it has no built-in for, or null when it has none
 * to create. DuckDB's is a temporary SQL macro (an expression with lambdas
 * over lists), for the forms that have one (`DUCKDB_MACROS`), with the
 * helper macros it calls. Trino's is a SQL routine created in the catalog and schema
 * of the input table (that catalog must store functions); BigQuery's a
 * temporary JavaScript function of the script; Databricks' a Python function
 * beside the table.
 *
 * @example
 * warehouseFunction('bigquery', 'jaro_winkler')?.name; // 'kindred_jaro_winkler'
 */
export function warehouseFunction(dialect: DialectName, which: string | WarehouseFunction): CreatedFunction | null {
  const f = typeof which === 'string' ? WAREHOUSE_FUNCTIONS.get(which) : which;
  if (f === undefined) return null;
  const created = `kindred_${f.sqlName ?? f.name}`;
  if (dialect === 'duckdb') {
    const macro = DUCKDB_MACROS.get(f.sqlName ?? f.name);
    if (macro === undefined) return null;
    // Temporary macros, unqualified: the helpers' names in the bodies resolve wherever the script runs.
    // A macro's parameters are untyped: the call's arguments (`a, b` or `x`, then a spec's literals).
    const s = signature(f, { text: '', double: '', integer: '' });
    return {
      name: created,
      create: (q) => `CREATE OR REPLACE TEMP MACRO ${q}(${s.args}) AS\n${macro.body()}`,
      requires: helpersOf(macro).map((h) => ({ name: h.name, create: (q) => `CREATE OR REPLACE TEMP MACRO ${q}(${h.params.join(', ')}) AS\n${h.body()}` })),
    };
  }
  if (dialect === 'bigquery') {
    const s = signature(f, { text: 'STRING', double: 'FLOAT64', integer: 'INT64' });
    return { name: created, create: (q) => `CREATE TEMP FUNCTION ${q}(${s.params}) RETURNS ${s.returns} LANGUAGE js AS r"""${f.javascript.source}\nreturn ${f.javascript.call}(${s.args});\n"""` };
  }
  if (dialect === 'spark') {
    const s = signature(f, { text: 'STRING', double: 'DOUBLE', integer: 'BIGINT' });
    return { name: created, create: (q) => `CREATE OR REPLACE FUNCTION ${q}(${s.params}) RETURNS ${s.returns} LANGUAGE PYTHON AS $$${f.python.source}\nreturn ${f.python.call}(${s.args})\n$$` };
  }
  const s = signature(f, { text: 'VARCHAR', double: 'DOUBLE', integer: 'BIGINT' });
  return { name: created, create: (q) => `CREATE OR REPLACE FUNCTION ${q}(${s.params})\nRETURNS ${s.returns}\nLANGUAGE SQL\nDETERMINISTIC\nRETURNS NULL ON NULL INPUT\n${f.trino}` };
}
