/** The `ensemble` scorer as warehouse functions: src/engine/scorers/ensemble.ts, the best of Jaro–Winkler, the token_sort ratio and 0.8 × soundex_match, from the functions of those three. */
import { JARO_WINKLER, TRINO_JARO_WINKLER } from './jaro.js';
import { JS_SOUNDEX, PY_SOUNDEX, trinoSoundex } from './soundex.js';
import { JS_TOKEN_RATIOS, PY_TOKEN_RATIOS, trinoTokenSortRatio } from './token-ratio.js';
import { TRINO_WHITESPACE } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

const JAVASCRIPT = `${JARO_WINKLER.javascript.source}
${JS_TOKEN_RATIOS}
${JS_SOUNDEX}
function ensemble(a, b) {
  const x = soundex(a);
  const sx = 0.8 * (x !== '' && x === soundex(b) ? 1 : 0);
  return Math.max(jaroWinkler(a, b), tokenSort(a, b), sx);
}`;

const PYTHON = `${JARO_WINKLER.python.source}
${PY_TOKEN_RATIOS}
${PY_SOUNDEX}
def ensemble(a, b):
    x = soundex(a)
    sx = 0.8 * (1 if x != '' and x == soundex(b) else 0)
    return max(jaro_winkler(a, b), token_sort(a, b), sx)
`;

// One set of declarations for the three pieces' statements (they share loop counters and `ch`, each
// setting what it reads before reading it).
const TRINO = `BEGIN
  DECLARE ws VARCHAR DEFAULT ${TRINO_WHITESPACE};
  DECLARE wa, wb, flags, chars, c, ch, joined, sa, sb, s, sx, code_a, code_b VARCHAR;
  DECLARE i, j, hi, m, k, t, lim, p, n_a, n_b, span, zero, total, common, n, digits, previous, code, cp BIGINT DEFAULT 0;
  DECLARE hit, gap BOOLEAN DEFAULT FALSE;
  DECLARE prev_row, cur_row ARRAY(BIGINT);
  DECLARE jw, ts DOUBLE;
  SET wa = a;
  SET wb = b;
  ${TRINO_JARO_WINKLER}
  ${trinoTokenSortRatio('a', 'b', 'ts')}
  ${trinoSoundex('a', 'code_a')}
  ${trinoSoundex('b', 'code_b')}
  RETURN greatest(jw, ts, IF(code_a <> '' AND code_a = code_b, 0.8e0, 0e0));
END`;

/**
 * The `ensemble` scorer as a warehouse function.
 *
 * @example
 * ENSEMBLE.javascript.call; // 'ensemble'
 */
export const ENSEMBLE: WarehouseFunction = {
  kind: 'scorer',
  name: 'ensemble',
  javascript: { source: JAVASCRIPT, call: 'ensemble' },
  python: { source: PYTHON, call: 'ensemble' },
  trino: TRINO,
};
