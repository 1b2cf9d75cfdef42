/** The shape of a kindred transform or scorer written as a DuckDB SQL macro, with the helper macros its body calls. */

/**
 * A helper macro a form's body calls by name (`kindred_ws_tokens(x)`),
 * created before it; one definition serves every form that uses it.
 *
 * @example
 * const h: DuckdbHelper = { name: 'kindred_ws_tokens', params: ['x'], body: () => "regexp_extract_all(x, '[^ ]+')" };
 */
export interface DuckdbHelper {
  name: string;
  params: readonly string[];
  /** The expression (a function: some bodies are tables built from the running Node's Unicode data, on demand). */
  body: () => string;
  /** Helpers this one calls, created before it. */
  uses?: readonly DuckdbHelper[];
}

/**
 * A transform (`x`) or scorer (`a, b`) as a DuckDB macro body, equal to
 * kindred's function on every input (the test executes it on a seeded
 * corpus); parameters after `x` or `a, b` are those of the warehouse
 * function (`numeric_diff`'s `mode, band`).
 *
 * @example
 * const m: DuckdbMacro = { body: () => 'kindred_soundex_code(x)', uses: [SOUNDEX_CODE] };
 */
export interface DuckdbMacro {
  body: () => string;
  uses?: readonly DuckdbHelper[];
}

/**
 * Every helper `macro` needs, each once, callees before callers.
 *
 * @example
 * helpersOf({ body: () => 'kindred_a(x)', uses: [A] }).map((h) => h.name); // ['kindred_a']
 */
export function helpersOf(macro: { uses?: readonly DuckdbHelper[] }): DuckdbHelper[] {
  const out: DuckdbHelper[] = [];
  const visit = (h: DuckdbHelper): void => {
    if (out.includes(h)) return;
    for (const u of h.uses ?? []) visit(u);
    out.push(h);
  };
  for (const h of macro.uses ?? []) visit(h);
  return out;
}
