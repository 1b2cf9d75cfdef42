/** The functions a printed script creates where a warehouse has no built-in equal to kindred's transform or scorer: BigQuery JavaScript, Databricks Python, Trino SQL routines, each kindred's definition on code points. */
import type { DialectName } from './dialect.js';
import { DAMERAU_LEVENSHTEIN } from './functions/damerau-levenshtein.js';
import { JARO, JARO_WINKLER } from './functions/jaro.js';
import { SOUNDEX } from './functions/soundex.js';
import type { WarehouseFunction } from './functions/warehouse-function.js';

/** One function to create before the pipeline runs. */
export interface CreatedFunction {
  /** The function's unqualified name. */
  name: string;
  /** The statement creating it under `qualified` (its name with the schema of the input table). */
  create(qualified: string): string;
}

/**
 * Every transform and scorer with warehouse functions, by name.
 *
 * @example
 * WAREHOUSE_FUNCTIONS.get('soundex')?.kind; // 'transform'
 */
export const WAREHOUSE_FUNCTIONS: ReadonlyMap<string, WarehouseFunction> = new Map(
  [JARO, JARO_WINKLER, DAMERAU_LEVENSHTEIN, SOUNDEX].map((f) => [f.name, f]),
);

/** The parameters and result type of a function in a dialect. */
function signature(f: WarehouseFunction, text: string, double: string): { params: string; returns: string; args: string } {
  return f.kind === 'scorer'
    ? { params: `a ${text}, b ${text}`, returns: double, args: 'a, b' }
    : { params: `x ${text}`, returns: text, args: 'x' };
}

/**
 * The function a dialect creates for a transform or scorer (`name`, the
 * spec without arguments) it has no built-in for, or null when it has none
 * to create. DuckDB gets none (it has built-ins, and the embedded engine its
 * own functions). Trino's is a SQL routine created in the catalog and schema
 * of the input table (that catalog must store functions); BigQuery's a
 * temporary JavaScript function of the script; Databricks' a Python function
 * beside the table.
 *
 * @example
 * warehouseFunction('bigquery', 'jaro_winkler')?.name; // 'kindred_jaro_winkler'
 */
export function warehouseFunction(dialect: DialectName, name: string): CreatedFunction | null {
  const f = WAREHOUSE_FUNCTIONS.get(name);
  if (f === undefined || dialect === 'duckdb') return null;
  const created = `kindred_${name}`;
  if (dialect === 'bigquery') {
    const s = signature(f, 'STRING', 'FLOAT64');
    return { name: created, create: (q) => `CREATE TEMP FUNCTION ${q}(${s.params}) RETURNS ${s.returns} LANGUAGE js AS r"""${f.javascript.source}\nreturn ${f.javascript.call}(${s.args});\n"""` };
  }
  if (dialect === 'spark') {
    const s = signature(f, 'STRING', 'DOUBLE');
    return { name: created, create: (q) => `CREATE OR REPLACE FUNCTION ${q}(${s.params}) RETURNS ${s.returns} LANGUAGE PYTHON AS $$${f.python.source}\nreturn ${f.python.call}(${s.args})\n$$` };
  }
  const s = signature(f, 'VARCHAR', 'DOUBLE');
  return { name: created, create: (q) => `CREATE OR REPLACE FUNCTION ${q}(${s.params})\nRETURNS ${s.returns}\nLANGUAGE SQL\nDETERMINISTIC\nRETURNS NULL ON NULL INPUT\n${f.trino}` };
}
