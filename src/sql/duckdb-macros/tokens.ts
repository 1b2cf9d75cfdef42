/** Token transforms as DuckDB macros: `token_sort` (src/engine/transforms/token-transforms.ts) and `code_token` (src/engine/transforms/code-token.ts). */
import { JS_WHITESPACE } from '../functions/shared-code.js';
import { reClass, WS_TOKENS_BODY } from './character-classes.js';
import type { DuckdbHelper, DuckdbMacro } from './macro.js';

/**
 * `kindred_ws_tokens(x)`: Python's `str.split()`, the tokens kindred's token transforms and scorers use.
 *
 * @example
 * // kindred_ws_tokens('Smith  John') = ['Smith', 'John']
 */
export const WS_TOKENS: DuckdbHelper = { name: 'kindred_ws_tokens', params: ['x'], body: () => WS_TOKENS_BODY };

/**
 * `kindred_utf16_length(x)`: the length of `x` in UTF-16 units, kindred's
 * `length` (an astral code point counts two).
 *
 * @example
 * // kindred_utf16_length('𝐀1') = 3
 */
export const UTF16_LENGTH: DuckdbHelper = {
  name: 'kindred_utf16_length',
  params: ['x'],
  body: () => `length(x) + len(regexp_extract_all(x, '[\\x{10000}-\\x{10FFFF}]'))`,
};

/**
 * `kindred_sorted_tokens(x)`: tokens sorted by code point (DuckDB orders
 * VARCHAR by its UTF-8 bytes, which is code-point order; the order is
 * spelled out so `default_order` cannot flip it), joined by one space.
 *
 * @example
 * // kindred_sorted_tokens('Smith  John') = 'John Smith'
 */
export const SORTED_TOKENS: DuckdbHelper = { name: 'kindred_sorted_tokens', params: ['x'], uses: [WS_TOKENS], body: () => `array_to_string(list_sort(kindred_ws_tokens(x), 'ASC'), ' ')` };

/**
 * The `token_sort` transform.
 *
 * @example
 * // kindred_token_sort('Smith  John') = 'John Smith'
 */
export const TOKEN_SORT_MACRO: DuckdbMacro = { uses: [SORTED_TOKENS], body: () => 'kindred_sorted_tokens(x)' };

// A code_token piece: anything but JavaScript's whitespace (the u flag's \s) and list punctuation.
const CODE_PIECE = reClass(JS_WHITESPACE, true, '/,;:()\\[\\]{}|+');

/**
 * The `code_token` transform: of the pieces between separators, with all
 * but letters and numbers removed, the first of the longest (in UTF-16
 * units, at least 3) holding a letter and a number; '' when none does.
 * `\p{L}` and `\p{N}` are RE2's Unicode classes (V8's in kindred).
 *
 * @example
 * // kindred_code_token('Sony PS-LX350H Belt-Drive Turntable') = 'PSLX350H'
 */
export const CODE_TOKEN_MACRO: DuckdbMacro = {
  uses: [UTF16_LENGTH],
  body: () => {
    const cleaned = `list_transform(regexp_extract_all(x, '${CODE_PIECE}+'), lambda tok: regexp_replace(tok, '[^\\p{L}\\p{N}]+', '', 'g'))`;
    const mixed = `list_filter(${cleaned}, lambda tok: kindred_utf16_length(tok) >= 3 AND regexp_matches(tok, '\\p{L}') AND regexp_matches(tok, '\\p{N}'))`;
    return `list_transform([${mixed}], lambda toks: coalesce(list_filter(toks, lambda tok: kindred_utf16_length(tok) = list_max(list_transform(toks, lambda t: kindred_utf16_length(t))))[1], ''))[1]`;
  },
};
