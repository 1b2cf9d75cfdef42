/** The `code_token` transform as warehouse functions: src/engine/transforms/code-token.ts (pieces between JavaScript whitespace and list punctuation, letters and digits kept, the longest mixed one of at least 3 UTF-16 units, the first on a tie). */
import { escapedCharacters, JS_WHITESPACE, trinoCharacters } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

const PUNCTUATION = '/,;:()[]{}|+';
const MIN_LENGTH = 3;

const JAVASCRIPT = `
function codeToken(value) {
  let best = '';
  for (const raw of value.split(/[\\s/,;:()[\\]{}|+]+/u)) {
    const token = raw.replace(/[^\\p{L}\\p{N}]+/gu, '');
    if (token.length >= ${MIN_LENGTH} && token.length > best.length && /\\p{L}/u.test(token) && /\\p{N}/u.test(token)) best = token;
  }
  return best;
}`;

// Python: letters and digits by Unicode category (L*, N*, as \\p{L} and \\p{N}); lengths in UTF-16
// units, as JavaScript's, so a token with an astral character compares as kindred's does.
const PYTHON = `
import unicodedata

SEPARATORS = set('${escapedCharacters(JS_WHITESPACE)}' + ${JSON.stringify(PUNCTUATION)})

def code_token(value):
    best, best_units = '', 0
    token, units, letter, digit = '', 0, False, False
    for ch in value + ' ':
        if ch in SEPARATORS:
            if units >= ${MIN_LENGTH} and units > best_units and letter and digit:
                best, best_units = token, units
            token, units, letter, digit = '', 0, False, False
            continue
        kind = unicodedata.category(ch)[0]
        if kind in 'LN':
            token += ch
            units += 2 if ord(ch) > 0xFFFF else 1
            letter = letter or kind == 'L'
            digit = digit or kind == 'N'
    return best
`;

// Trino: the same walk; a character is astral (two UTF-16 units) when it sorts at or after U+10000.
const TRINO = `BEGIN
  DECLARE seps VARCHAR DEFAULT concat(${trinoCharacters(JS_WHITESPACE)}, '${PUNCTUATION}');
  DECLARE best, token, ch VARCHAR DEFAULT '';
  DECLARE i, units, best_units BIGINT DEFAULT 0;
  DECLARE letter, digit BOOLEAN DEFAULT FALSE;
  SET i = 1;
  WHILE i <= length(x) + 1 DO
    SET ch = substr(x, i, 1);
    IF i > length(x) OR strpos(seps, ch) > 0 THEN
      IF units >= ${MIN_LENGTH} AND units > best_units AND letter AND digit THEN
        SET best = token;
        SET best_units = units;
      END IF;
      SET token = '';
      SET units = 0;
      SET letter = FALSE;
      SET digit = FALSE;
    ELSEIF regexp_like(ch, '^[\\p{L}\\p{N}]$') THEN
      SET token = concat(token, ch);
      SET units = units + IF(ch >= chr(65536), 2, 1);
      SET letter = letter OR regexp_like(ch, '^\\p{L}$');
      SET digit = digit OR regexp_like(ch, '^\\p{N}$');
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN best;
END`;

/**
 * The `code_token` transform as a warehouse function.
 *
 * @example
 * CODE_TOKEN.python.call; // 'code_token'
 */
export const CODE_TOKEN: WarehouseFunction = {
  kind: 'transform',
  name: 'code_token',
  javascript: { source: JAVASCRIPT, call: 'codeToken' },
  python: { source: PYTHON, call: 'code_token' },
  trino: TRINO,
};
