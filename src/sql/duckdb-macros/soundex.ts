/** `soundex` and `soundex_match` as DuckDB macros: src/engine/transforms/soundex.ts over a per-code-point table of what NFKD and upper case make of each character. */
import { codePointTable, lookupSql, type CodePointTable } from './code-point-table.js';
import type { DuckdbHelper, DuckdbMacro } from './macro.js';

/** Each run of non-letters (anything but A–Z after NFKD and upper case) as one separator: all kindred's loop tells apart. */
const SEPARATOR = '.';

let table: CodePointTable | null = null;

/** What kindred's `normalize('NFKD').toUpperCase()` makes of each non-ASCII code point holding a letter A–Z, letters kept and other runs as one separator. */
function soundexTable(): CodePointTable {
  table ??= codePointTable((cp) => {
    const skeleton = String.fromCodePoint(cp).normalize('NFKD').toUpperCase().replace(/[^A-Z]+/g, SEPARATOR);
    return skeleton === SEPARATOR ? null : skeleton;
  });
  return table;
}

/**
 * `kindred_soundex_letters(x)`: the value as kindred's Soundex loop sees it,
 * the letters A–Z and a separator for everything else. NFKD and upper case
 * map each code point alone (canonical reordering moves only combining
 * marks, which are separators), so a table per code point equals them on
 * whole strings.
 *
 * @example
 * // kindred_soundex_letters('José') = 'JOSE.'
 */
export const SOUNDEX_LETTERS: DuckdbHelper = {
  name: 'kindred_soundex_letters',
  params: ['x'],
  body: () =>
    `array_to_string(list_transform(string_split(x, ''), lambda ch: CASE WHEN ch BETWEEN 'a' AND 'z' THEN upper(ch) WHEN ch BETWEEN 'A' AND 'Z' THEN ch ` +
    `WHEN unicode(ch) < 128 THEN '${SEPARATOR}' ELSE ${lookupSql(soundexTable(), 'ch', `'${SEPARATOR}'`)} END), '')`,
};

// Digits per letter: the first letter's (H and W, transparent later, start with nothing: 0) and the
// later letters' (H and W dropped, so the code before them carries over them).
const FIRST_FROM = 'AEIOUYHWBFPVCGJKQSXZDTLMNR';
const FIRST_TO = '00000000111122222222334556';
const LATER_FROM = 'AEIOUYBFPVCGJKQSXZDTLMNRHW';
const LATER_TO = '000000111122222222334556';

/**
 * `kindred_soundex_code(x)`: from the first letter on, each letter's digit;
 * a run of one digit (nothing but H or W between) counts once, the run the
 * first letter starts is the first letter's own; vowels, Y and separators
 * end a run and count for nothing; three digits, padded with 0.
 *
 * @example
 * // kindred_soundex_code('Ashcraft') = 'A261'
 */
export const SOUNDEX_CODE: DuckdbHelper = {
  name: 'kindred_soundex_code',
  params: ['x'],
  uses: [SOUNDEX_LETTERS],
  body: () => {
    let digits = `translate(left(t, 1), '${FIRST_FROM}', '${FIRST_TO}') || translate(substr(t, 2), '${LATER_FROM}', '${LATER_TO}')`;
    for (let k = 1; k <= 6; k++) digits = `regexp_replace(${digits}, '${k}+', '${k}', 'g')`;
    const kept = `regexp_replace(substr(${digits}, 2), '[0${SEPARATOR}]', '', 'g')`;
    return `list_transform([regexp_extract(kindred_soundex_letters(x), '[A-Z].*', 0)], lambda t: CASE WHEN t = '' THEN '' ELSE left(t, 1) || left(${kept} || '000', 3) END)[1]`;
  },
};

/**
 * The `soundex` transform.
 *
 * @example
 * // CREATE OR REPLACE TEMP MACRO kindred_soundex(x) AS kindred_soundex_code(x)
 */
export const SOUNDEX_MACRO: DuckdbMacro = { uses: [SOUNDEX_CODE], body: () => 'kindred_soundex_code(x)' };

/**
 * The `soundex_match` scorer: 1 when both codes are non-empty and equal.
 *
 * @example
 * // kindred_soundex_match('Robert', 'Rupert') = 1e0
 */
export const SOUNDEX_MATCH_MACRO: DuckdbMacro = {
  uses: [SOUNDEX_CODE],
  body: () => `list_transform([kindred_soundex_code(a)], lambda k: CASE WHEN k <> '' AND k = kindred_soundex_code(b) THEN 1e0 ELSE 0e0 END)[1]`,
};
