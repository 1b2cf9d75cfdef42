/** Token transforms: `first_token`, `last_token`, `token_sort`, `strip_honorifics`. */
import { noArguments } from './arguments.js';
import { sortByCodePoint } from './code-point-order.js';
import type { TransformDefinition } from './types.js';
import { splitWhitespace } from './whitespace.js';

/**
 * The titles and suffixes `strip_honorifics` drops (lower case, letters and digits only).
 *
 * @example
 * HONORIFICS.has('phd'); // true
 */
export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mstr', 'dr', 'prof', 'professor', 'rev', 'revd', 'reverend',
  'sir', 'dame', 'kt', 'bt', 'baronet', 'jr', 'sr', 'esq', 'esquire', 'phd', 'md', 'dds', 'dvm',
]);

/**
 * Drops titles and suffixes (Dr, Mrs, Jr, PhD, ...) from a name. A token is
 * dropped when its letters and digits, lower-cased, form one of the known
 * honorifics (so `Dr.` and `Ph.D.` are caught); the rest are joined by one space.
 *
 * @example
 * stripHonorifics('  Dr. John  Smith Jr '); // 'John Smith'
 * stripHonorifics('Mr.');                  // '' (missing)
 */
export function stripHonorifics(value: string): string {
  return splitWhitespace(value)
    .filter((t) => !HONORIFICS.has(t.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase()))
    .join(' ');
}

/**
 * Sorts the whitespace tokens by code point and joins them with one space.
 *
 * @example
 * sortTokens('Smith  John'); // 'John Smith'
 */
export function sortTokens(value: string): string {
  return sortByCodePoint(splitWhitespace(value)).join(' ');
}

/** `first_token`: the first whitespace token (the value itself when it has none). */
export const firstTokenTransform: TransformDefinition = {
  name: 'first_token',
  description: 'the first whitespace-separated token (the value unchanged when it has none)',
  checkArgs: noArguments('first_token'),
  create: () => (v) => {
    const tokens = splitWhitespace(v);
    return tokens.length > 0 ? tokens[0] : v;
  },
};

/** `last_token`: the last whitespace token (the value itself when it has none). */
export const lastTokenTransform: TransformDefinition = {
  name: 'last_token',
  description: 'the last whitespace-separated token (the value unchanged when it has none)',
  checkArgs: noArguments('last_token'),
  create: () => (v) => {
    const tokens = splitWhitespace(v);
    return tokens.length > 0 ? tokens[tokens.length - 1] : v;
  },
};

/** `token_sort`: tokens sorted by code point, joined by one space. */
export const tokenSortTransform: TransformDefinition = {
  name: 'token_sort',
  description: 'split on whitespace, sort the tokens by code point, join with one space',
  checkArgs: noArguments('token_sort'),
  create: () => sortTokens,
};

/** `strip_honorifics`: drop titles and name suffixes. */
export const stripHonorificsTransform: TransformDefinition = {
  name: 'strip_honorifics',
  description: 'drop tokens that are titles or suffixes (mr, mrs, dr, prof, jr, sr, phd, ...); nothing left → missing',
  checkArgs: noArguments('strip_honorifics'),
  create: () => stripHonorifics,
};
