/** Pieces several warehouse functions share: Python's whitespace, splitting into tokens, code-point order and the longest common subsequence, in JavaScript, Python and Trino routine statements. */

/**
 * The code points Python's `str.isspace` accepts (src/engine/transforms/whitespace.ts):
 * what kindred's token splitting and stripping break on.
 *
 * @example
 * PYTHON_WHITESPACE.includes(0x3000); // true
 */
export const PYTHON_WHITESPACE: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680,
  ...Array.from({ length: 11 }, (_, k) => 0x2000 + k),
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

/**
 * JavaScript helpers (BigQuery): `isWs(codePoint)`, `tokens(s)` (Python's
 * `str.split()`), `cmpCodePoints(a, b)` (Python's string order), `lcs(a, b)`
 * over code-point arrays (the plain table; kindred's bit-parallel one counts
 * the same) and `indel(s, t)`, `1 − (|s| + |t| − 2·LCS) / (|s| + |t|)`.
 *
 * @example
 * `${JS_TOKENS}\nreturn tokens(x).length;`;
 */
export const JS_TOKENS = `
function isWs(c) {
  return ${JSON.stringify(PYTHON_WHITESPACE)}.indexOf(c) >= 0;
}
function tokens(s) {
  const out = [];
  let cur = '';
  for (const ch of s) {
    if (isWs(ch.codePointAt(0))) {
      if (cur !== '') { out.push(cur); cur = ''; }
    } else cur += ch;
  }
  if (cur !== '') out.push(cur);
  return out;
}
function cmpCodePoints(a, b) {
  const x = Array.from(a), y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
function lcs(a, b) {
  const row = new Array(b.length + 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = b[j - 1] === a[i] ? diagonal + 1 : Math.max(above, row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.length];
}
function indel(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const total = a.length + b.length;
  if (total === 0) return 1;
  return 1 - (total - 2 * lcs(a, b)) / total;
}`;

/**
 * Python helpers (Databricks): `lcs(a, b)` and `indel(s, t)` as in
 * {@link JS_TOKENS}; Python's own `str.split()` and `sorted()` are kindred's
 * token splitting and code-point order.
 *
 * @example
 * `${PY_LCS}\nprint(indel('Foo', 'foo'))`;
 */
export const PY_LCS = `
def lcs(a, b):
    row = [0] * (len(b) + 1)
    for i in range(len(a)):
        diagonal = 0
        for j in range(1, len(b) + 1):
            above = row[j]
            row[j] = diagonal + 1 if b[j - 1] == a[i] else max(above, row[j - 1])
            diagonal = above
    return row[len(b)]

def indel(s, t):
    total = len(s) + len(t)
    if total == 0:
        return 1.0
    return 1 - (total - 2 * lcs(s, t)) / total
`;

/**
 * A Trino VARCHAR expression holding every Python whitespace character (built
 * with `chr`, so the printed script holds no invisible characters).
 *
 * @example
 * `DECLARE ws VARCHAR DEFAULT ${TRINO_WHITESPACE};`;
 */
export const TRINO_WHITESPACE = trinoCharacters(PYTHON_WHITESPACE);

/**
 * Trino statements setting `out` to the whitespace tokens of `src` joined by
 * one space (Python's `' '.join(src.split())`), walking the code points; they
 * use the BIGINT `i` and the VARCHARs `ch` and `ws` (the whitespace), and the
 * BOOLEAN `gap`.
 *
 * @example
 * trinoJoinTokens('a', 'na'); // 'SET na = \'\';\n...'
 */
export function trinoJoinTokens(src: string, out: string): string {
  return `SET ${out} = '';
  SET gap = FALSE;
  SET i = 1;
  WHILE i <= length(${src}) DO
    SET ch = substr(${src}, i, 1);
    IF strpos(ws, ch) > 0 THEN
      SET gap = TRUE;
    ELSE
      SET ${out} = IF(gap AND ${out} <> '', concat(${out}, ' ', ch), concat(${out}, ch));
      SET gap = FALSE;
    END IF;
    SET i = i + 1;
  END WHILE;`;
}

/**
 * Trino statements setting the BIGINT `out` to the longest common subsequence
 * of the VARCHARs `s` and `t` (code points): the table row by row, each row
 * a new array (a routine has no mutable array). They use the BIGINTs `i`,
 * `j` and `zero` (0), the VARCHAR `ch` and the ARRAY(BIGINT)s `prev_row`, `cur_row`.
 *
 * @example
 * trinoLcs('only_a', 'only_b', 'common');
 */
export function trinoLcs(s: string, t: string, out: string): string {
  return `SET prev_row = repeat(zero, length(${t}) + 1);
  SET i = 1;
  WHILE i <= length(${s}) DO
    SET ch = substr(${s}, i, 1);
    SET cur_row = ARRAY[zero];
    SET j = 1;
    WHILE j <= length(${t}) DO
      IF substr(${t}, j, 1) = ch THEN
        SET cur_row = cur_row || (element_at(prev_row, j) + 1);
      ELSE
        SET cur_row = cur_row || greatest(element_at(prev_row, j + 1), element_at(cur_row, j));
      END IF;
      SET j = j + 1;
    END WHILE;
    SET prev_row = cur_row;
    SET i = i + 1;
  END WHILE;
  SET ${out} = element_at(prev_row, length(${t}) + 1);`;
}

/**
 * The Trino declarations {@link trinoJoinTokens} and {@link trinoLcs} need.
 *
 * @example
 * `BEGIN\n  ${TRINO_TOKEN_DECLARATIONS}\n  ...`;
 */
export const TRINO_TOKEN_DECLARATIONS = `DECLARE ws VARCHAR DEFAULT ${TRINO_WHITESPACE};
  DECLARE i, j, zero BIGINT DEFAULT 0;
  DECLARE ch VARCHAR;
  DECLARE gap BOOLEAN DEFAULT FALSE;
  DECLARE prev_row, cur_row ARRAY(BIGINT);`;

/**
 * The code points JavaScript's `trim()` and `\s` accept (WhiteSpace and
 * LineTerminator): what the `amount` transform trims, unlike Python's
 * whitespace (U+FEFF in, U+001C–U+001F and U+0085 out).
 *
 * @example
 * JS_WHITESPACE.includes(0xfeff); // true
 */
export const JS_WHITESPACE: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680,
  ...Array.from({ length: 11 }, (_, k) => 0x2000 + k),
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];

/**
 * A Trino VARCHAR expression holding the code points `set` (built with
 * `chr`, so the printed script holds no invisible characters).
 *
 * @example
 * trinoCharacters([0x20, 0x3000]); // "concat(' ', chr(12288))"
 */
export function trinoCharacters(set: readonly number[]): string {
  return `concat(${set.map((c) => (c === 0x20 ? "' '" : `chr(${c})`)).join(', ')})`;
}

/**
 * The code points `set` as `\uXXXX` escapes for a Python or JavaScript string literal.
 *
 * @example
 * escapedCharacters([0x20, 0x3000]); // '\\u0020\\u3000'
 */
export function escapedCharacters(set: readonly number[]): string {
  return set.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('');
}

/**
 * Trino statements setting `out` to `src` without the leading and trailing
 * characters found in the VARCHAR `set_var` (a strip); they use the BIGINTs `i` and `j`.
 *
 * @example
 * trinoStrip('a', 'ws', 'sa');
 */
export function trinoStrip(src: string, setVar: string, out: string): string {
  return `SET i = 1;
  WHILE i <= length(${src}) AND strpos(${setVar}, substr(${src}, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(${src});
  WHILE j >= i AND strpos(${setVar}, substr(${src}, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET ${out} = substr(${src}, i, j - i + 1);`;
}

/**
 * JavaScript `pythonStrip(text)`: Python's `str.strip()` (kindred's stripWhitespace), over code points.
 *
 * @example
 * `${JS_PYTHON_STRIP}\nreturn pythonStrip(x);`;
 */
export const JS_PYTHON_STRIP = `
function isPythonSpace(ch) {
  return '${escapedCharacters(PYTHON_WHITESPACE)}'.indexOf(ch) >= 0;
}
function pythonStrip(text) {
  const cps = Array.from(text);
  let s = 0, e = cps.length;
  while (s < e && isPythonSpace(cps[s])) s++;
  while (e > s && isPythonSpace(cps[e - 1])) e--;
  return cps.slice(s, e).join('');
}`;
