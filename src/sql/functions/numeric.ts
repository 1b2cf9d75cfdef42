/** The `numeric_diff` scorer and the `amount` transform as warehouse functions: src/engine/scorers/numeric-diff.ts (Python's float syntax after Python's strip, finite numbers only, else exact text) and transforms/amount.ts (JavaScript's trim, a currency sign at either end, thousands commas). */
import { numericDiffArguments } from '../../engine/scorers/numeric-diff.js';
import { escapedCharacters, JS_PYTHON_STRIP, JS_WHITESPACE, TRINO_WHITESPACE, trinoCharacters, trinoStrip } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

// parseFiniteFloat's pattern with ASCII digits spelled out (Python's \d and float() take other digits too).
const DIGITS = '[0-9](?:_?[0-9])*';
const FLOAT = `[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?`;
const SIGNS = '$€£¥';

/**
 * JavaScript (BigQuery) `parseFiniteFloat(text)`: kindred's reading of a
 * number (python-float.ts), null when the text is not one.
 *
 * @example
 * `${JS_PARSE_FLOAT}\nreturn parseFiniteFloat(x);`;
 */
export const JS_PARSE_FLOAT = `${JS_PYTHON_STRIP}
function parseFiniteFloat(text) {
  const t = pythonStrip(text);
  if (!/^${FLOAT}$/.test(t)) return null;
  const n = Number(t.replace(/_/g, ''));
  return Number.isFinite(n) ? n : null;
}`;

const NUMERIC_JAVASCRIPT = `${JS_PARSE_FLOAT}
function numericDiff(a, b, mode, band) {
  const x = parseFiniteFloat(a), y = parseFiniteFloat(b);
  if (x === null || y === null) return a === b ? 1 : 0;
  const diff = Math.abs(x - y);
  const dist = mode === 'abs' ? diff : diff / Math.max(Math.abs(x), Math.abs(y), 1e-9);
  return dist < band ? 1 - dist / band : 0;
}`;

// Python's strip() is kindred's stripWhitespace, and its float() reads the accepted spellings (underscores included).
/**
 * Python (Databricks) `parse_finite_float(text)`, as {@link JS_PARSE_FLOAT}.
 *
 * @example
 * `${PY_PARSE_FLOAT}\nprint(parse_finite_float(' 1_000 '))`;
 */
export const PY_PARSE_FLOAT = `
import math
import re

FLOAT = re.compile(r'${FLOAT}')

def parse_finite_float(text):
    s = text.strip()
    if FLOAT.fullmatch(s) is None:
        return None
    n = float(s)
    return n if math.isfinite(n) else None
`;

const NUMERIC_PYTHON = `${PY_PARSE_FLOAT}
def numeric_diff(a, b, mode, band):
    x, y = parse_finite_float(a), parse_finite_float(b)
    if x is None or y is None:
        return 1.0 if a == b else 0.0
    diff = abs(x - y)
    dist = diff if mode == 'abs' else diff / max(abs(x), abs(y), 1e-9)
    return 1 - dist / band if dist < band else 0.0
`;

// Trino: CAST(varchar AS DOUBLE) is Java's Double.parseDouble, correctly rounded as JavaScript's
// Number and Python's float, on the spellings the pattern lets through (underscores removed).
/**
 * Trino statements setting the DOUBLE `out` to the number the VARCHAR `src`
 * spells, as {@link JS_PARSE_FLOAT} (left null when it spells none); they use
 * the VARCHAR `stripped`, the BIGINTs `i`, `j` and the VARCHAR `ws` holding
 * {@link TRINO_WHITESPACE}.
 *
 * @example
 * trinoParseFloat('a', 'x');
 */
export function trinoParseFloat(src: string, out: string): string {
  return `${trinoStrip(src, 'ws', 'stripped')}
  IF regexp_like(stripped, '^${FLOAT}$') THEN
    SET ${out} = CAST(replace(stripped, '_', '') AS DOUBLE);
    IF NOT is_finite(${out}) THEN
      SET ${out} = NULL;
    END IF;
  END IF;`;
}

const NUMERIC_TRINO = `BEGIN
  DECLARE ws VARCHAR DEFAULT ${TRINO_WHITESPACE};
  DECLARE i, j BIGINT DEFAULT 0;
  DECLARE stripped VARCHAR;
  DECLARE x, y, diff, dist DOUBLE;
  ${trinoParseFloat('a', 'x')}
  ${trinoParseFloat('b', 'y')}
  IF x IS NULL OR y IS NULL THEN
    RETURN IF(a = b, 1e0, 0e0);
  END IF;
  SET diff = abs(x - y);
  SET dist = IF(mode = 'abs', diff, diff / greatest(abs(x), abs(y), 1e-9));
  RETURN IF(dist < band, 1e0 - dist / band, 0e0);
END`;

/**
 * `numeric_diff[:abs|pct:band]` as a warehouse function: one function, the mode and band passed at each call.
 *
 * @example
 * NUMERIC_DIFF.parameters?.bind(['abs', '5']); // ['abs', 5]
 */
export const NUMERIC_DIFF: WarehouseFunction = {
  kind: 'scorer',
  name: 'numeric_diff',
  javascript: { source: NUMERIC_JAVASCRIPT, call: 'numericDiff' },
  python: { source: NUMERIC_PYTHON, call: 'numeric_diff' },
  trino: NUMERIC_TRINO,
  parameters: {
    declared: [
      { name: 'mode', type: 'text' },
      { name: 'band', type: 'double' },
    ],
    bind: (args) => {
      const parsed = numericDiffArguments(args);
      if (parsed === null) throw new Error(`numeric_diff: invalid arguments ${args.join(':')}`);
      return [parsed.mode, parsed.band];
    },
  },
};

// amount: the regular expressions of the transform, JavaScript's whitespace spelled out for Python
// (whose \s and $ differ: \Z is the end).
const AMOUNT_JAVASCRIPT = `
function amount(value) {
  return value.trim().replace(/^[${SIGNS}]\\s*|\\s*[${SIGNS}]$/gu, '').replace(/(\\d),(?=\\d{3}(?:\\D|$))/g, '$1');
}`;

const AMOUNT_PYTHON = `
import re

JS_SPACE = '${escapedCharacters(JS_WHITESPACE)}'
CURRENCY = re.compile('^[${SIGNS}][' + JS_SPACE + ']*|[' + JS_SPACE + ']*[${SIGNS}]\\\\Z')
THOUSANDS = re.compile(r'([0-9]),(?=[0-9]{3}(?:[^0-9]|\\Z))')

def amount(value):
    return THOUSANDS.sub(r'\\1', CURRENCY.sub('', value.strip(JS_SPACE)))
`;

// Trino: the currency signs by position (a sign first, then the whitespace after it; a sign last
// that the first did not take, then the whitespace before it), which is what the global
// replacement removes; the thousands commas by a replacement whose anchors see no line ends.
const AMOUNT_TRINO = `BEGIN
  DECLARE js_ws VARCHAR DEFAULT ${trinoCharacters(JS_WHITESPACE)};
  DECLARE i, j, k, e BIGINT DEFAULT 0;
  DECLARE s VARCHAR;
  ${trinoStrip('x', 'js_ws', 's')}
  SET k = 1;
  IF strpos('${SIGNS}', substr(s, 1, 1)) > 0 AND length(s) > 0 THEN
    SET k = 2;
    WHILE k <= length(s) AND strpos(js_ws, substr(s, k, 1)) > 0 DO
      SET k = k + 1;
    END WHILE;
  END IF;
  SET e = length(s);
  IF e >= k AND strpos('${SIGNS}', substr(s, e, 1)) > 0 THEN
    SET e = e - 1;
    WHILE e >= k AND strpos(js_ws, substr(s, e, 1)) > 0 DO
      SET e = e - 1;
    END WHILE;
  END IF;
  RETURN regexp_replace(substr(s, k, e - k + 1), '([0-9]),(?=[0-9]{3}(?:[^0-9]|$))', '$1');
END`;

/**
 * The `amount` transform as a warehouse function.
 *
 * @example
 * AMOUNT.javascript.call; // 'amount'
 */
export const AMOUNT: WarehouseFunction = {
  kind: 'transform',
  name: 'amount',
  javascript: { source: AMOUNT_JAVASCRIPT, call: 'amount' },
  python: { source: AMOUNT_PYTHON, call: 'amount' },
  trino: AMOUNT_TRINO,
};
