/** Canonical American Soundex, with separators that break runs of equal codes. */
import { noArguments } from './arguments.js';
import type { TransformDefinition } from './types.js';

// Digit per letter A..Z: 0 = vowel or Y (resets adjacency), -1 = H or W (transparent).
const LETTER_CODES = [
  0, 1, 2, 3, 0, 1, 2, -1, 0, 2, 2, 4, 5, 5, 0, 1, 2, 6, 2, 3, 0, 1, -1, 2, 0, 2,
];

/**
 * The Soundex code of `value`: four characters (a letter then three digits),
 * or `""` when the value has no letter A–Z.
 *
 * The value is NFKD-decomposed and upper-cased, so accented letters count as
 * their base letter. Only ASCII A–Z are letters; anything else (digit, space,
 * punctuation, combining mark) separates, so equal codes on both sides of it
 * are both kept. H and W do not separate; vowels and Y do.
 *
 * @example
 * soundex('Ashcraft');        // 'A261'
 * soundex('joseph bradshaw'); // 'J211' (the space keeps the second 1)
 * soundex('José');            // 'J200'
 * soundex('123');             // ''
 */
export function soundex(value: string): string {
  const s = value.normalize('NFKD').toUpperCase();
  let out = '';
  let digits = 0;
  let previous = 0;
  for (let i = 0; i < s.length && digits < 3; i++) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) {
      previous = 0;
      continue;
    }
    const code = LETTER_CODES[c - 65];
    if (out === '') {
      out = s[i];
      previous = code > 0 ? code : 0;
      continue;
    }
    if (code < 0) continue;
    if (code > 0 && code !== previous) {
      out += String(code);
      digits++;
    }
    previous = code;
  }
  if (out === '') return '';
  return out + '000'.slice(digits);
}

/** The `soundex` transform. */
export const soundexTransform: TransformDefinition = {
  name: 'soundex',
  description: 'canonical American Soundex code (letter + 3 digits); no letters → missing',
  checkArgs: noArguments('soundex'),
  create: () => soundex,
};
