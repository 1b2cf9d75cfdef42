/** Jaro and Jaro–Winkler as functions a warehouse runs (BigQuery JavaScript, Databricks Python), where the dialect has no built-in: the same arithmetic as src/engine/scorers/jaro.ts, on code points. */
import type { DialectName } from './dialect.js';

/** One scorer function to create before the pipeline runs. */
export interface ScorerFunction {
  /** The function's unqualified name. */
  name: string;
  /** The statement creating it under `qualified` (its name with the schema of the input table). */
  create(qualified: string): string;
}

// The algorithm once, in the subset of syntax JavaScript and Python share after a few
// spellings; kept as plain loops so each line maps to jaroLong in src/engine/scorers/jaro.ts.
const JS_JARO = `
function jaro(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const la = a.length, lb = b.length;
  if (la === 0 || lb === 0) return la === lb ? 1 : 0;
  if (la === 1 && lb === 1) return a[0] === b[0] ? 1 : 0;
  const window = Math.floor(Math.max(la, lb) / 2) - 1;
  const flags = new Array(lb).fill(false);
  const chars = [];
  for (let i = 0; i < la; i++) {
    const lo = i > window ? i - window : 0;
    const hi = Math.min(i + window + 1, lb);
    for (let j = lo; j < hi; j++) {
      if (!flags[j] && b[j] === a[i]) { flags[j] = true; chars.push(a[i]); break; }
    }
  }
  const m = chars.length;
  if (m === 0) return 0;
  let outOfOrder = 0, k = 0;
  for (let i = 0; i < m; i++) {
    while (!flags[k]) k++;
    if (chars[i] !== b[k]) outOfOrder++;
    k++;
  }
  const t2 = Math.floor(outOfOrder / 2);
  return (m / la + m / lb + (m - t2) / m) / 3;
}
function jaroWinkler(s, t) {
  const sim = jaro(s, t);
  if (sim <= 0.7) return sim;
  const a = Array.from(s), b = Array.from(t);
  const limit = Math.min(a.length, b.length, 4);
  let prefix = 0;
  while (prefix < limit && a[prefix] === b[prefix]) prefix++;
  return sim + prefix * 0.1 * (1 - sim);
}`;

const PY_JARO = `
def jaro(a, b):
    la, lb = len(a), len(b)
    if la == 0 or lb == 0:
        return 1.0 if la == lb else 0.0
    if la == 1 and lb == 1:
        return 1.0 if a == b else 0.0
    window = max(la, lb) // 2 - 1
    flags = [False] * lb
    chars = []
    for i in range(la):
        lo = i - window if i > window else 0
        hi = min(i + window + 1, lb)
        for j in range(lo, hi):
            if not flags[j] and b[j] == a[i]:
                flags[j] = True
                chars.append(a[i])
                break
    m = len(chars)
    if m == 0:
        return 0.0
    out_of_order = 0
    k = 0
    for i in range(m):
        while not flags[k]:
            k += 1
        if chars[i] != b[k]:
            out_of_order += 1
        k += 1
    t = out_of_order // 2
    return (m / la + m / lb + (m - t) / m) / 3

def jaro_winkler(a, b):
    sim = jaro(a, b)
    if sim <= 0.7:
        return sim
    limit = min(len(a), len(b), 4)
    prefix = 0
    while prefix < limit and a[prefix] == b[prefix]:
        prefix += 1
    return sim + prefix * 0.1 * (1 - sim)
`;

/**
 * The JavaScript source of `jaro(s, t)` and `jaroWinkler(s, t)` the BigQuery functions run (exported so tests run it against kindred's scorers).
 *
 * @example
 * new Function(`${JAVASCRIPT_JARO}; return jaroWinkler('martha', 'marhta');`)(); // 0.9611111111111111
 */
export const JAVASCRIPT_JARO = JS_JARO;

/**
 * The Python source of `jaro(a, b)` and `jaro_winkler(a, b)` the Databricks functions run (exported so tests run it against kindred's scorers).
 *
 * @example
 * PYTHON_JARO.includes('def jaro_winkler'); // true
 */
export const PYTHON_JARO = PY_JARO;

const CALLS: Record<string, { js: string; py: string }> = {
  jaro: { js: 'jaro', py: 'jaro' },
  jaro_winkler: { js: 'jaroWinkler', py: 'jaro_winkler' },
};

/**
 * The function a dialect creates for a scorer it has no built-in for, or
 * null (DuckDB and Trino get none: DuckDB has built-ins, and the embedded
 * engine its own functions; Trino has no function language kindred emits yet).
 *
 * @example
 * scorerFunction('bigquery', 'jaro_winkler')?.name; // 'kindred_jaro_winkler'
 */
export function scorerFunction(dialect: DialectName, scorer: string): ScorerFunction | null {
  const call = CALLS[scorer];
  if (call === undefined) return null;
  const name = `kindred_${scorer}`;
  if (dialect === 'bigquery') {
    return {
      name,
      create: (q) => `CREATE TEMP FUNCTION ${q}(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""${JS_JARO}\nreturn ${call.js}(a, b);\n"""`,
    };
  }
  if (dialect === 'spark') {
    return {
      name,
      create: (q) => `CREATE OR REPLACE FUNCTION ${q}(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$${PY_JARO}\nreturn ${call.py}(a, b)\n$$`,
    };
  }
  return null;
}
