/** The `damerau_levenshtein` scorer as warehouse functions: the unrestricted Damerau–Levenshtein table of src/engine/scorers/damerau-levenshtein.ts (infinity border, last row of each character), on code points, and `1 − distance / longer length`. */
import type { WarehouseFunction } from './warehouse-function.js';

// Row r of the table is a's prefix of length r − 1 (row 0 and column 0 are the infinity border),
// as `d[(i + 1) * width + j + 1]` in the engine; `last` maps a character to the last row of a holding it.
/**
 * JavaScript `damerauDistance(a, b)`: the unrestricted distance of two
 * non-empty arrays of code points (the table of the engine's scorer).
 *
 * @example
 * `${JS_DAMERAU_DISTANCE}\nreturn damerauDistance(Array.from(x), Array.from(y));`;
 */
export const JS_DAMERAU_DISTANCE = `
function damerauDistance(a, b) {
  const la = a.length, lb = b.length;
  const inf = la + lb;
  const d = [];
  d.push(new Array(lb + 2).fill(inf));
  const first = [inf];
  for (let j = 0; j <= lb; j++) first.push(j);
  d.push(first);
  const last = new Map();
  for (let i = 1; i <= la; i++) {
    const ca = a[i - 1];
    let lastMatchColumn = 0;
    const row = [inf, i];
    for (let j = 1; j <= lb; j++) {
      const cb = b[j - 1];
      const k = last.has(cb) ? last.get(cb) : 0;
      const l = lastMatchColumn;
      let cost = 1;
      if (ca === cb) { cost = 0; lastMatchColumn = j; }
      let best = d[i][j] + cost;
      const ins = row[j] + 1;
      if (ins < best) best = ins;
      const del = d[i][j + 1] + 1;
      if (del < best) best = del;
      const trans = d[k][l] + (i - k - 1) + 1 + (j - l - 1);
      if (trans < best) best = trans;
      row.push(best);
    }
    d.push(row);
    last.set(ca, i);
  }
  return d[la + 1][lb + 1];
}`;

const JAVASCRIPT = `${JS_DAMERAU_DISTANCE}
function damerauLevenshtein(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  if (a.length === 0 || b.length === 0) return 1 - longest / longest;
  return 1 - damerauDistance(a, b) / longest;
}`;

/**
 * Python `damerau_distance(a, b)`, as {@link JS_DAMERAU_DISTANCE} (strings index by code point).
 *
 * @example
 * `${PY_DAMERAU_DISTANCE}\nprint(damerau_distance('ca', 'abc'))`;
 */
export const PY_DAMERAU_DISTANCE = `
def damerau_distance(a, b):
    la, lb = len(a), len(b)
    inf = la + lb
    d = [[inf] * (lb + 2), [inf] + list(range(lb + 1))]
    last = {}
    for i in range(1, la + 1):
        ca = a[i - 1]
        last_match_column = 0
        row = [inf, i]
        for j in range(1, lb + 1):
            cb = b[j - 1]
            k = last.get(cb, 0)
            l = last_match_column
            cost = 1
            if ca == cb:
                cost = 0
                last_match_column = j
            best = d[i][j] + cost
            best = min(best, row[j] + 1, d[i][j + 1] + 1, d[k][l] + (i - k - 1) + 1 + (j - l - 1))
            row.append(best)
        d.append(row)
        last[ca] = i
    return d[la + 1][lb + 1]
`;

const PYTHON = `${PY_DAMERAU_DISTANCE}
def damerau_levenshtein(a, b):
    longest = max(len(a), len(b))
    if longest == 0:
        return 1.0
    if len(a) == 0 or len(b) == 0:
        return 1 - longest / longest
    return 1 - damerau_distance(a, b) / longest
`;

// Trino: the table as an array of rows (a routine has no mutable array: a row grows by ||, the
// table by one finished row), so a pair costs O(|a|·|b|²) copies. The last row of a holding b's
// character is found in a's prefix (strpos over it reversed) instead of a map.
/**
 * Trino statements setting the BIGINT `out` to the unrestricted distance of
 * the non-empty VARCHARs `s` and `t` (the table as in the scorer). They use
 * the BIGINTs `n_a`, `n_b`, `inf`, `i`, `j`, `k`, `l`, `found`, `last_match`,
 * `cost`, `best`, the VARCHARs `ca`, `cb`, the ARRAY(BIGINT) `cur` and the
 * ARRAY(ARRAY(BIGINT)) `d` ({@link TRINO_DAMERAU_DECLARATIONS}).
 *
 * @example
 * trinoDamerauDistance('x', 'y', 'distance');
 */
export function trinoDamerauDistance(s: string, t: string, out: string): string {
  return `SET n_a = length(${s});
  SET n_b = length(${t});
  SET inf = n_a + n_b;
  SET cur = ARRAY[inf];
  SET j = 0;
  WHILE j <= n_b DO
    SET cur = cur || inf;
    SET j = j + 1;
  END WHILE;
  SET d = ARRAY[cur];
  SET cur = ARRAY[inf];
  SET j = 0;
  WHILE j <= n_b DO
    SET cur = cur || j;
    SET j = j + 1;
  END WHILE;
  SET d = d || ARRAY[cur];
  SET i = 1;
  WHILE i <= n_a DO
    SET ca = substr(${s}, i, 1);
    SET last_match = 0;
    SET cur = ARRAY[inf, i];
    SET j = 1;
    WHILE j <= n_b DO
      SET cb = substr(${t}, j, 1);
      SET found = strpos(reverse(substr(${s}, 1, i - 1)), cb);
      SET k = IF(found = 0, 0, i - found);
      SET l = last_match;
      SET cost = 1;
      IF ca = cb THEN
        SET cost = 0;
        SET last_match = j;
      END IF;
      SET best = element_at(element_at(d, i + 1), j + 1) + cost;
      SET best = least(best, element_at(cur, j + 1) + 1);
      SET best = least(best, element_at(element_at(d, i + 1), j + 2) + 1);
      SET best = least(best, element_at(element_at(d, k + 1), l + 1) + (i - k - 1) + 1 + (j - l - 1));
      SET cur = cur || best;
      SET j = j + 1;
    END WHILE;
    SET d = d || ARRAY[cur];
    SET i = i + 1;
  END WHILE;
  SET ${out} = element_at(element_at(d, n_a + 2), n_b + 2);`;
}

/**
 * The declarations {@link trinoDamerauDistance} needs.
 *
 * @example
 * `BEGIN\n  ${TRINO_DAMERAU_DECLARATIONS}\n  ...`;
 */
export const TRINO_DAMERAU_DECLARATIONS = `DECLARE d ARRAY(ARRAY(BIGINT));
  DECLARE cur ARRAY(BIGINT);
  DECLARE n_a, n_b, inf, i, j, k, l, found, last_match, cost, best BIGINT DEFAULT 0;
  DECLARE ca, cb VARCHAR;`;

const TRINO = `BEGIN
  DECLARE longest BIGINT DEFAULT greatest(length(a), length(b));
  DECLARE distance BIGINT DEFAULT 0;
  ${TRINO_DAMERAU_DECLARATIONS}
  IF longest = 0 THEN
    RETURN 1e0;
  END IF;
  IF length(a) = 0 OR length(b) = 0 THEN
    RETURN 1e0 - CAST(longest AS DOUBLE) / longest;
  END IF;
  ${trinoDamerauDistance('a', 'b', 'distance')}
  RETURN 1e0 - CAST(distance AS DOUBLE) / longest;
END`;

/**
 * `damerau_levenshtein` as a warehouse function.
 *
 * @example
 * DAMERAU_LEVENSHTEIN.python.call; // 'damerau_levenshtein'
 */
export const DAMERAU_LEVENSHTEIN: WarehouseFunction = {
  kind: 'scorer',
  name: 'damerau_levenshtein',
  javascript: { source: JAVASCRIPT, call: 'damerauLevenshtein' },
  python: { source: PYTHON, call: 'damerau_levenshtein' },
  trino: TRINO,
};
