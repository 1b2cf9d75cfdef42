/** The `soundex` transform as warehouse functions: src/engine/transforms/soundex.ts (NFKD, upper case, only A–Z are letters, anything else separates, H and W transparent), letter then three digits, '' without a letter. */
import { phoneticPair } from './phonetic-pair.js';
import type { WarehouseFunction } from './warehouse-function.js';

// Digit per letter A..Z (LETTER_CODES of the transform); H and W, which the functions test first, are transparent there.
const DIGITS = '01230120022455012623010202';

/**
 * JavaScript (BigQuery) `soundex(value)`.
 *
 * @example
 * `${JS_SOUNDEX}\nreturn soundex(x);`;
 */
export const JS_SOUNDEX = `
function soundex(value) {
  const codes = '${DIGITS}';
  const s = value.normalize('NFKD').toUpperCase();
  let out = '';
  let digits = 0;
  let previous = 0;
  for (let i = 0; i < s.length && digits < 3; i++) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) { previous = 0; continue; }
    const code = c === 72 || c === 87 ? -1 : Number(codes[c - 65]);
    if (out === '') { out = s[i]; previous = code > 0 ? code : 0; continue; }
    if (code < 0) continue;
    if (code > 0 && code !== previous) { out += String(code); digits++; }
    previous = code;
  }
  if (out === '') return '';
  return out + '000'.slice(digits);
}`;

/**
 * Python (Databricks) `soundex(value)`.
 *
 * @example
 * `${PY_SOUNDEX}\nprint(soundex('Ashcraft'))`;
 */
export const PY_SOUNDEX = `
import unicodedata

def soundex(value):
    codes = '${DIGITS}'
    s = unicodedata.normalize('NFKD', value).upper()
    out = ''
    digits = 0
    previous = 0
    for ch in s:
        if digits >= 3:
            break
        if not ('A' <= ch <= 'Z'):
            previous = 0
            continue
        code = -1 if ch in 'HW' else int(codes[ord(ch) - 65])
        if out == '':
            out = ch
            previous = code if code > 0 else 0
            continue
        if code < 0:
            continue
        if code > 0 and code != previous:
            out += str(code)
            digits += 1
        previous = code
    if out == '':
        return ''
    return out + '000'[digits:]
`;

// Trino's codepoint() takes a VARCHAR(1) (an unbounded VARCHAR is not coerced to it), hence the cast.
// Trino's upper() maps each code point alone (Java's simple case mapping), where JavaScript's
// toUpperCase and Python's upper() map ß to SS; after NFKD ß is the one character for which that
// yields a letter A–Z, so it is spelled out first.
/**
 * Trino statements setting the VARCHAR `out` to the Soundex code of the
 * VARCHAR `src` ('' without a letter); they use the VARCHARs `s`, `sx`, `ch`
 * and the BIGINTs `n`, `i`, `digits`, `previous`, `code`, `cp`
 * ({@link TRINO_SOUNDEX_DECLARATIONS}).
 *
 * @example
 * trinoSoundex('x', 'code_x');
 */
export function trinoSoundex(src: string, out: string): string {
  return `SET s = upper(replace(normalize(${src}, NFKD), 'ß', 'SS'));
  SET n = length(s);
  SET sx = '';
  SET i = 0;
  SET digits = 0;
  SET previous = 0;
  WHILE i < n AND digits < 3 DO
    SET ch = substr(s, i + 1, 1);
    SET cp = codepoint(CAST(ch AS VARCHAR(1)));
    SET i = i + 1;
    IF cp < 65 OR cp > 90 THEN
      SET previous = 0;
    ELSE
      SET code = IF(cp = 72 OR cp = 87, -1, CAST(substr('${DIGITS}', cp - 64, 1) AS BIGINT));
      IF sx = '' THEN
        SET sx = ch;
        SET previous = IF(code > 0, code, 0);
      ELSEIF code >= 0 THEN
        IF code > 0 AND code <> previous THEN
          SET sx = concat(sx, CAST(code AS VARCHAR));
          SET digits = digits + 1;
        END IF;
        SET previous = code;
      END IF;
    END IF;
  END WHILE;
  SET ${out} = IF(sx = '', '', concat(sx, substr('000', digits + 1)));`;
}

/**
 * The declarations {@link trinoSoundex} needs.
 *
 * @example
 * `BEGIN\n  ${TRINO_SOUNDEX_DECLARATIONS}\n  ...`;
 */
export const TRINO_SOUNDEX_DECLARATIONS = `DECLARE s, sx, ch VARCHAR;
  DECLARE n, i, digits, previous, code, cp BIGINT DEFAULT 0;`;

const PAIR = phoneticPair({
  name: 'soundex',
  javascript: { source: JS_SOUNDEX, call: 'soundex' },
  python: { source: PY_SOUNDEX, call: 'soundex' },
  trino: { statements: trinoSoundex, declarations: TRINO_SOUNDEX_DECLARATIONS },
});

/**
 * `soundex` as a warehouse function.
 *
 * @example
 * SOUNDEX.javascript.call; // 'soundex'
 */
export const SOUNDEX: WarehouseFunction = PAIR.transform;

/**
 * The `soundex_match` scorer as a warehouse function (1 when both codes are non-empty and equal).
 *
 * @example
 * SOUNDEX_MATCH.javascript.call; // 'soundexMatch'
 */
export const SOUNDEX_MATCH: WarehouseFunction = PAIR.match;
