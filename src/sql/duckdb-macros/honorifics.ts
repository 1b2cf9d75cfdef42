/** The `strip_honorifics` transform as a DuckDB macro: src/engine/transforms/token-transforms.ts. */
import { standardString } from '../dialect.js';
import { HONORIFICS } from '../../engine/transforms/token-transforms.js';
import { codePointTable, type CodePointTable } from './code-point-table.js';
import type { DuckdbMacro } from './macro.js';
import { WS_TOKENS } from './tokens.js';

let table: CodePointTable | null = null;

/** The non-ASCII code points kindred's `toLowerCase` turns into one ASCII letter or digit (the Kelvin sign, today). */
function asciiLowerTable(): CodePointTable {
  table ??= codePointTable((cp) => {
    const lower = String.fromCodePoint(cp).toLowerCase();
    return /^[a-z0-9]$/.test(lower) ? lower : null;
  });
  return table;
}

/**
 * The `strip_honorifics` transform: Python-whitespace tokens whose letters
 * and numbers, lower-cased, are a title or suffix are dropped, the rest
 * joined by one space. The titles are ASCII, so a token is one only when
 * each of its letters lower-cases to ASCII: A–Z, a–z and the code points
 * kindred's full lower case sends to one (the table, from the running
 * Node), which are mapped before DuckDB's `lower`; any other character
 * (İ, whose full lower case is i + U+0307, among them) keeps the token.
 *
 * @example
 * // kindred_strip_honorifics('  Dr. John  Smith Jr ') = 'John Smith'
 */
export const STRIP_HONORIFICS_MACRO: DuckdbMacro = {
  uses: [WS_TOKENS],
  body: () => {
    const t = asciiLowerTable();
    const from = t.codes.map((cp) => String.fromCodePoint(cp)).join('');
    const folded = `regexp_replace(tok, '[^\\p{L}\\p{N}]+', '', 'g')`;
    const asciiLetters = `regexp_matches(${folded}, '^[A-Za-z0-9${t.codes.map((cp) => `\\x{${cp.toString(16).toUpperCase()}}`).join('')}]*$')`;
    const lowered = from === '' ? `lower(${folded})` : `lower(translate(${folded}, ${standardString(from)}, ${standardString(t.values.join(''))}))`;
    const titles = [...HONORIFICS].map(standardString).join(', ');
    return `array_to_string(list_filter(kindred_ws_tokens(x), lambda tok: NOT (${asciiLetters} AND ${lowered} IN (${titles}))), ' ')`;
  },
};
