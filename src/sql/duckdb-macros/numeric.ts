/** The `numeric_diff[:mode:band]` scorer as a DuckDB macro: src/engine/scorers/numeric-diff.ts over Python's `float` syntax (src/engine/scorers/python-float.ts). */
import { PYTHON_SPACE } from './character-classes.js';
import type { DuckdbHelper, DuckdbMacro } from './macro.js';

// python-float.ts's FLOAT_PATTERN, with JavaScript's \d (ASCII digits) spelled out.
const DIGITS = '[0-9](_?[0-9])*';
const FLOAT = `^[+-]?(${DIGITS}(\\.(${DIGITS})?)?|\\.${DIGITS})([eE][+-]?${DIGITS})?$`;

/**
 * `kindred_python_float(x)`: the finite double Python's `float()` reads
 * from `x` stripped of Python's whitespace, else NULL. Only text of that
 * syntax is cast (DuckDB's cast rounds decimal text correctly, as
 * JavaScript's `Number` does); a value out of range casts to NULL, which
 * kindred's Infinity also is.
 *
 * @example
 * // kindred_python_float(' 1_000.5 ') = 1000.5
 */
export const PYTHON_FLOAT: DuckdbHelper = {
  name: 'kindred_python_float',
  params: ['x'],
  body: () =>
    `list_transform([regexp_replace(x, '^${PYTHON_SPACE}+|${PYTHON_SPACE}+$', '', 'g')], lambda s: CASE WHEN regexp_matches(s, '${FLOAT}') ` +
    `THEN list_transform([TRY_CAST(replace(s, '_', '') AS DOUBLE)], lambda v: CASE WHEN isfinite(v) THEN v END)[1] END)[1]`,
};

/**
 * The `numeric_diff` scorer (`mode`, `band` literals at the call): two
 * numbers score `1 − dist / band` when their distance (absolute, or relative
 * to the larger magnitude, at least 1e-9) is under the band, else 0; when
 * either is no number, 1 for equal text, else 0.
 *
 * @example
 * // kindred_numeric_diff('100', '95', 'pct', 0.1e0) = 0.5
 */
export const NUMERIC_DIFF_MACRO: DuckdbMacro = {
  uses: [PYTHON_FLOAT],
  body: () => {
    const dist = `CASE WHEN mode = 'abs' THEN abs(n[1] - n[2]) ELSE abs(n[1] - n[2]) / greatest(abs(n[1]), abs(n[2]), 1e-9) END`;
    const banded = `list_transform([${dist}], lambda dist: CASE WHEN dist < band THEN 1e0 - dist / band ELSE 0e0 END)[1]`;
    return `list_transform([[kindred_python_float(a), kindred_python_float(b)]], lambda n: CASE WHEN n[1] IS NULL OR n[2] IS NULL THEN CASE WHEN a = b THEN 1e0 ELSE 0e0 END ELSE ${banded} END)[1]`;
  },
};
