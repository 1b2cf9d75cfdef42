/** Whitespace transforms: `strip`, `strip_all`, `normalize_whitespace`. */
import { noArguments } from './arguments.js';
import type { TransformDefinition } from './types.js';
import { isWhitespace, splitWhitespace, stripWhitespace } from './whitespace.js';

/**
 * Removes every whitespace character, wherever it is.
 *
 * @example
 * removeAllWhitespace(' 10 001 '); // '10001'
 */
export function removeAllWhitespace(value: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    if (isWhitespace(value.charCodeAt(i))) {
      out += value.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? value : out + value.slice(from);
}

/** `strip`: trim leading and trailing whitespace. */
export const stripTransform: TransformDefinition = {
  name: 'strip',
  description: 'remove leading and trailing whitespace',
  checkArgs: noArguments('strip'),
  create: () => stripWhitespace,
};

/** `strip_all`: remove all whitespace. */
export const stripAllTransform: TransformDefinition = {
  name: 'strip_all',
  description: 'remove every whitespace character',
  checkArgs: noArguments('strip_all'),
  create: () => removeAllWhitespace,
};

/** `normalize_whitespace`: collapse whitespace runs to one space and trim. */
export const normalizeWhitespaceTransform: TransformDefinition = {
  name: 'normalize_whitespace',
  description: 'collapse each run of whitespace to one space and trim the ends',
  checkArgs: noArguments('normalize_whitespace'),
  create: () => (v) => splitWhitespace(v).join(' '),
};
