/** Jaro and Jaro–Winkler as warehouse functions (BigQuery JavaScript, Databricks Python, Trino SQL routines): the arithmetic of src/engine/scorers/jaro.ts, on code points, kept as plain loops so each line maps to jaroLong there. */
import type { WarehouseFunction } from './warehouse-function.js';

const JAVASCRIPT = `
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

const PYTHON = `
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
 * Trino statements setting the DOUBLE `jw` to the Jaro (or, with `winkler`,
 * Jaro–Winkler) similarity of the VARCHARs `wa` and `wb` (Trino 431+ SQL
 * routines: DECLARE, SET, IF, WHILE). Trino's varchar functions count code
 * points (`length`, `substr`), as kindred does; matched positions of b are a
 * string of '0'/'1' flags and a's matched characters a string, since a
 * routine has no mutable array. Integers are BIGINT (`length` returns one),
 * so `/` between them truncates, as the JavaScript `>> 1` and `Math.floor`;
 * the ratios are DOUBLE divisions in the same order as the scorer. The
 * scorer's early returns are branches (a routine has no sub-routines, and
 * `monge_elkan` and `ensemble` inline these statements); Jaro–Winkler's
 * prefix boost applies above 0.7 (the early values, 0 and 1, stay as they are).
 */
function trinoJaroStatements(winkler: boolean): string {
  const boost = winkler
    ? `
          IF jw > 0.7e0 THEN
            SET lim = least(n_a, n_b, 4);
            SET p = 0;
            WHILE p < lim AND substr(wa, p + 1, 1) = substr(wb, p + 1, 1) DO
              SET p = p + 1;
            END WHILE;
            SET jw = jw + p * 0.1e0 * (1e0 - jw);
          END IF;`
    : '';
  return `SET n_a = length(wa);
      SET n_b = length(wb);
      IF n_a = 0 OR n_b = 0 THEN
        SET jw = IF(n_a = n_b, 1e0, 0e0);
      ELSEIF n_a = 1 AND n_b = 1 THEN
        SET jw = IF(wa = wb, 1e0, 0e0);
      ELSE
        SET span = greatest(n_a, n_b) / 2 - 1;
        SET flags = rpad('', n_b, '0');
        SET chars = '';
        SET i = 0;
        WHILE i < n_a DO
          SET c = substr(wa, i + 1, 1);
          SET j = IF(i > span, i - span, 0);
          SET hi = least(i + span + 1, n_b);
          SET hit = FALSE;
          WHILE j < hi AND NOT hit DO
            IF substr(flags, j + 1, 1) = '0' AND substr(wb, j + 1, 1) = c THEN
              SET flags = concat(substr(flags, 1, j), '1', substr(flags, j + 2));
              SET chars = concat(chars, c);
              SET hit = TRUE;
            END IF;
            SET j = j + 1;
          END WHILE;
          SET i = i + 1;
        END WHILE;
        SET m = length(chars);
        IF m = 0 THEN
          SET jw = 0e0;
        ELSE
          SET i = 0;
          SET k = 0;
          SET t = 0;
          WHILE i < m DO
            WHILE substr(flags, k + 1, 1) = '0' DO
              SET k = k + 1;
            END WHILE;
            IF substr(chars, i + 1, 1) <> substr(wb, k + 1, 1) THEN
              SET t = t + 1;
            END IF;
            SET k = k + 1;
            SET i = i + 1;
          END WHILE;
          SET t = t / 2;
          SET jw = (CAST(m AS DOUBLE) / n_a + CAST(m AS DOUBLE) / n_b + CAST(m - t AS DOUBLE) / m) / 3e0;${boost}
        END IF;
      END IF;`;
}

/**
 * Trino statements setting the DOUBLE `jw` to the Jaro–Winkler similarity
 * of the VARCHARs `wa` and `wb`. Declarations: {@link TRINO_JARO_WINKLER_DECLARATIONS}.
 *
 * @example
 * `SET wa = x;\n SET wb = y;\n ${TRINO_JARO_WINKLER}`;
 */
export const TRINO_JARO_WINKLER = trinoJaroStatements(true);

/**
 * The declarations {@link TRINO_JARO_WINKLER} needs.
 *
 * @example
 * `BEGIN\n  ${TRINO_JARO_WINKLER_DECLARATIONS}\n  ...`;
 */
export const TRINO_JARO_WINKLER_DECLARATIONS = `DECLARE wa, wb, flags, chars, c VARCHAR;
  DECLARE i, j, hi, m, k, t, lim, p, n_a, n_b, span BIGINT DEFAULT 0;
  DECLARE hit BOOLEAN DEFAULT FALSE;
  DECLARE jw DOUBLE;`;

const jaroRoutine = (winkler: boolean): string => `BEGIN
  ${TRINO_JARO_WINKLER_DECLARATIONS}
  SET wa = a;
  SET wb = b;
  ${trinoJaroStatements(winkler)}
  RETURN jw;
END`;

/**
 * `jaro` as a warehouse function.
 *
 * @example
 * JARO.javascript.call; // 'jaro'
 */
export const JARO: WarehouseFunction = {
  kind: 'scorer',
  name: 'jaro',
  javascript: { source: JAVASCRIPT, call: 'jaro' },
  python: { source: PYTHON, call: 'jaro' },
  trino: jaroRoutine(false),
};

/**
 * `jaro_winkler` as a warehouse function.
 *
 * @example
 * JARO_WINKLER.python.call; // 'jaro_winkler'
 */
export const JARO_WINKLER: WarehouseFunction = {
  kind: 'scorer',
  name: 'jaro_winkler',
  javascript: { source: JAVASCRIPT, call: 'jaroWinkler' },
  python: { source: PYTHON, call: 'jaro_winkler' },
  trino: jaroRoutine(true),
};

