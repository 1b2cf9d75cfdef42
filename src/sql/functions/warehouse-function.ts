/** The shape of a kindred transform or scorer written as warehouse functions: JavaScript (BigQuery), Python (Databricks) and a Trino SQL routine body. */

/**
 * One transform or scorer in the three function languages the warehouse
 * dialects run. A scorer takes `(a, b)` and returns a double; a transform
 * takes `(x)` and returns a string ('' is missing, as in kindred).
 *
 * @example
 * const f: WarehouseFunction = { kind: 'scorer', name: 'jaro', javascript: { source, call: 'jaro' }, python: { source, call: 'jaro' }, trino: 'BEGIN … END' };
 */
export interface WarehouseFunction {
  kind: 'scorer' | 'transform';
  /** The scorer's or transform's name in a configuration. */
  name: string;
  /** The created function's name after `kindred_`, where it is not `name` (a transform and a scorer may share a name). */
  sqlName?: string;
  /** Source defining the function, and the name to call with the arguments (`a, b` or `x`). */
  javascript: { source: string; call: string };
  python: { source: string; call: string };
  /** The Trino routine body (`BEGIN … END`) over the parameters `a, b` or `x` (and `parameters`). */
  trino: string;
  /**
   * Parameters after `a, b` or `x` that a spec's arguments fill
   * (`numeric_diff:abs:5`): one function serves every spec, called with the
   * spec's values as literals. Absent: the function takes none.
   */
  parameters?: { declared: Array<{ name: string; type: 'text' | 'double' | 'integer' }>; bind(args: string[]): Array<string | number> };
}
