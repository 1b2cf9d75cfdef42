/** How each transform is spelled in SQL: exactly for every input, exactly for ASCII input only, or not at all (an engine function). */
import { parseIntegerArgument } from '../engine/transforms/arguments.js';
import type { Dialect } from './dialect.js';

/** Python's whitespace (`str.isspace`) restricted to ASCII: what `strip` and token splitting break on for ASCII text. */
const WS = '[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]';
const NOT_WS = '[^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]';

/**
 * A transform step in SQL. `exact`: the expression equals the transform for
 * every input. `ascii`: it equals it when the input is ASCII (other input
 * needs the engine function or fails). `function`: no SQL spelling; only an
 * engine function (the embedded DuckDB engine's) computes it.
 */
export type StepSql = { kind: 'exact' | 'ascii'; sql: string } | { kind: 'function' };

/**
 * The SQL of transform `spec` applied to the non-null string expression `x`.
 *
 * @example
 * transformSql(duckdb, 'lowercase', 'v'); // { kind: 'ascii', sql: 'lower(v)' }
 * transformSql(duckdb, 'soundex', 'v');   // { kind: 'function' }
 */
export function transformSql(d: Dialect, spec: string, x: string): StepSql {
  const [name, ...args] = spec.split(':');
  switch (name) {
    case 'lowercase':
      return { kind: 'ascii', sql: `lower(${x})` };
    case 'uppercase':
      return { kind: 'ascii', sql: `upper(${x})` };
    case 'digits_only':
      return { kind: 'exact', sql: d.replaceAll(x, '[^0-9]+', '') };
    case 'alpha_only':
      return { kind: 'exact', sql: d.replaceAll(x, '[^a-zA-Z]+', '') };
    case 'strip':
      return { kind: 'ascii', sql: d.replaceAll(x, `^${WS}+|${WS}+$`, '') };
    case 'strip_all':
      return { kind: 'ascii', sql: d.replaceAll(x, `${WS}+`, '') };
    case 'normalize_whitespace':
      return { kind: 'ascii', sql: d.replaceAll(d.replaceAll(x, `${WS}+`, ' '), '^ | $', '') };
    case 'first_token':
      return { kind: 'ascii', sql: `CASE WHEN ${d.matches(x, NOT_WS)} THEN ${d.extract(x, `^${WS}*(${NOT_WS}+)`)} ELSE ${x} END` };
    case 'last_token':
      return { kind: 'ascii', sql: `CASE WHEN ${d.matches(x, NOT_WS)} THEN ${d.extract(x, `(${NOT_WS}+)${WS}*$`)} ELSE ${x} END` };
    case 'substring':
      return { kind: 'exact', sql: sliceSql(d, x, parseIntegerArgument(args[0]) as number, parseIntegerArgument(args[1]) as number) };
    default:
      return { kind: 'function' };
  }
}

/** Python's `x[start:end]` over code points (see `sliceCodePoints`). */
function sliceSql(d: Dialect, x: string, start: number, end: number): string {
  if (start >= 0 && end >= 0) return end > start ? d.substr(x, String(start + 1), String(end - start)) : "''";
  const n = d.length(x);
  const from = start < 0 ? d.greatest('0', `${n} + (${start})`) : d.least(String(start), n);
  const to = end < 0 ? d.greatest('0', `${n} + (${end})`) : d.least(String(end), n);
  return `CASE WHEN ${from} < ${to} THEN ${d.substr(x, `${from} + 1`, `${to} - ${from}`)} ELSE '' END`;
}
