/** The `ascii_fold` and `strip_honorifics` transforms as warehouse functions: src/engine/transforms/ascii-fold.ts (NFKD, nonspacing marks dropped, letters without a decomposition spelled out) and token-transforms.ts (Python whitespace tokens whose letters and digits, lower-cased, are a title or suffix, dropped). */
import { HONORIFICS } from '../../engine/transforms/token-transforms.js';
import { JS_TOKENS, TRINO_TOKEN_DECLARATIONS, trinoJoinTokens } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

// ascii-fold.ts's SPELLED_OUT, in the order of its pattern.
const SPELLED_OUT: ReadonlyArray<readonly [string, string]> = [
  ['ß', 'ss'], ['ẞ', 'SS'], ['æ', 'ae'], ['Æ', 'AE'], ['œ', 'oe'], ['Œ', 'OE'], ['ø', 'o'], ['Ø', 'O'], ['ł', 'l'],
  ['Ł', 'L'], ['đ', 'd'], ['Đ', 'D'], ['ð', 'd'], ['Ð', 'D'], ['þ', 'th'], ['Þ', 'TH'], ['ı', 'i'],
];

const FOLD_JAVASCRIPT = `
function asciiFold(value) {
  const spelled = ${JSON.stringify(Object.fromEntries(SPELLED_OUT))};
  return value.normalize('NFKD').replace(/\\p{Mn}+/gu, '').replace(/[${SPELLED_OUT.map(([c]) => c).join('')}]/g, (ch) => spelled[ch]);
}`;

const FOLD_PYTHON = `
import unicodedata

SPELLED_OUT = str.maketrans(${JSON.stringify(Object.fromEntries(SPELLED_OUT))})

def ascii_fold(value):
    s = unicodedata.normalize('NFKD', value)
    return ''.join(ch for ch in s if unicodedata.category(ch) != 'Mn').translate(SPELLED_OUT)
`;

// Trino: each spelled-out letter replaced in turn; none of them is produced by another's spelling.
const FOLD_TRINO = `BEGIN
  RETURN ${SPELLED_OUT.reduce((acc, [c, r]) => `replace(${acc}, '${c}', '${r}')`, "regexp_replace(normalize(x, NFKD), '\\p{Mn}+', '')")};
END`;

/**
 * The `ascii_fold` transform as a warehouse function.
 *
 * @example
 * ASCII_FOLD.javascript.call; // 'asciiFold'
 */
export const ASCII_FOLD: WarehouseFunction = {
  kind: 'transform',
  name: 'ascii_fold',
  javascript: { source: FOLD_JAVASCRIPT, call: 'asciiFold' },
  python: { source: FOLD_PYTHON, call: 'ascii_fold' },
  trino: FOLD_TRINO,
};

const TITLES = [...HONORIFICS];

const HONORIFICS_JAVASCRIPT = `${JS_TOKENS}
function stripHonorifics(value) {
  const titles = new Set(${JSON.stringify(TITLES)});
  return tokens(value).filter((t) => !titles.has(t.replace(/[^\\p{L}\\p{N}]+/gu, '').toLowerCase())).join(' ');
}`;

// Python: letters and digits by Unicode category; lower() is the full mapping, as JavaScript's toLowerCase.
const HONORIFICS_PYTHON = `
import unicodedata

TITLES = set(${JSON.stringify(TITLES)})

def strip_honorifics(value):
    def key(token):
        return ''.join(ch for ch in token if unicodedata.category(ch)[0] in 'LN').lower()
    return ' '.join(t for t in value.split() if key(t) not in TITLES)
`;

// Trino: lower() maps each code point alone, where the full mapping turns İ into i + U+0307 (the one
// character whose full lower case differs and could otherwise leave a title: MİSS), so it is spelled first.
const HONORIFICS_TRINO = `BEGIN
  ${TRINO_TOKEN_DECLARATIONS}
  DECLARE joined, token, kept VARCHAR DEFAULT '';
  DECLARE parts ARRAY(VARCHAR);
  DECLARE ix BIGINT DEFAULT 0;
  ${trinoJoinTokens('x', 'joined')}
  IF joined = '' THEN
    RETURN '';
  END IF;
  SET parts = split(joined, ' ');
  SET ix = 1;
  WHILE ix <= cardinality(parts) DO
    SET token = element_at(parts, ix);
    IF NOT contains(ARRAY[${TITLES.map((t) => `'${t}'`).join(', ')}], lower(replace(regexp_replace(token, '[^\\p{L}\\p{N}]+', ''), 'İ', concat('i', chr(775))))) THEN
      SET kept = IF(kept = '', token, concat(kept, ' ', token));
    END IF;
    SET ix = ix + 1;
  END WHILE;
  RETURN kept;
END`;

/**
 * The `strip_honorifics` transform as a warehouse function.
 *
 * @example
 * STRIP_HONORIFICS.python.call; // 'strip_honorifics'
 */
export const STRIP_HONORIFICS: WarehouseFunction = {
  kind: 'transform',
  name: 'strip_honorifics',
  javascript: { source: HONORIFICS_JAVASCRIPT, call: 'stripHonorifics' },
  python: { source: HONORIFICS_PYTHON, call: 'strip_honorifics' },
  trino: HONORIFICS_TRINO,
};
