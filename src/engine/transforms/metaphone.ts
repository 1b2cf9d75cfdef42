/** Original Metaphone, producing the same codes as the jellyfish library. */
import { noArguments } from './arguments.js';
import type { TransformDefinition } from './types.js';

// jellyfish marks "past the end" with '*', so a literal '*' in the input
// behaves the same as the end of the string; we keep that for identical codes.
const END = '*';

const isVowel = (c: string): boolean => c === 'A' || c === 'E' || c === 'I' || c === 'O' || c === 'U';
const isFrontVowel = (c: string): boolean => c === 'I' || c === 'E' || c === 'Y';

/**
 * The original Metaphone code of `value` (upper-case letters, `0` for "th",
 * single spaces between words), or `""` when nothing is encodable.
 *
 * Quirks kept for parity with jellyfish: the value is upper-cased and then
 * NFKD-decomposed (combining marks are ignored but still count as "the
 * previous character"); a leading KN, GN, PN, WR or AE drops its first letter;
 * repeated letters other than C collapse; a vowel is kept only at the start
 * of a word; a trailing space is kept.
 *
 * @example
 * metaphone('Thompson');   // '0MPSN' (TH is 0)
 * metaphone('knight');     // 'NT'
 * metaphone('sunlight labs'); // 'SNLT LBS'
 */
export function metaphone(value: string): string {
  if (value === '') return '';
  const upper = value.toUpperCase();
  const v = Array.from(upper.normalize('NFKD'));
  if (/^(KN|GN|PN|WR|AE)/.test(upper)) v.shift();

  const out: string[] = [];
  const at = (k: number): string => (k < v.length ? v[k] : END);
  let i = 0;
  while (i < v.length) {
    const c = v[i];
    const next = at(i + 1);
    const after = at(i + 2);
    const prev = i > 0 ? v[i - 1] : '';
    if (c === next && c !== 'C') {
      // Only the last letter of a doubled run is encoded.
      i++;
      continue;
    }
    switch (c) {
      case 'A':
      case 'E':
      case 'I':
      case 'O':
      case 'U':
        if (i === 0 || prev === ' ') out.push(c);
        break;
      case 'B':
        // Silent only as a word-final "MB" at the very end.
        if (prev !== 'M' || next !== END) out.push('B');
        break;
      case 'C':
        if ((next === 'I' && after === 'A') || next === 'H') {
          out.push('X');
          i++;
        } else if (isFrontVowel(next)) {
          out.push('S');
          i++;
        } else {
          out.push('K');
        }
        break;
      case 'D':
        if (next === 'G' && isFrontVowel(after)) {
          out.push('J');
          i += 2;
        } else {
          out.push('T');
        }
        break;
      case 'F':
      case 'J':
      case 'L':
      case 'M':
      case 'N':
      case 'R':
        out.push(c);
        break;
      case 'G':
        if (isFrontVowel(next)) out.push('J');
        else if ((next === 'H' && after !== END && !isVowel(after)) || (next === 'N' && after === END)) i++;
        else out.push('K');
        break;
      case 'H':
        if (i === 0 || isVowel(next) || !isVowel(prev)) out.push('H');
        break;
      case 'K':
        if (prev !== 'C') out.push('K');
        break;
      case 'P':
        if (next === 'H') {
          out.push('F');
          i++;
        } else {
          out.push('P');
        }
        break;
      case 'Q':
        out.push('K');
        break;
      case 'S':
        if (next === 'H') {
          out.push('X');
          i++;
        } else if (next === 'I' && (after === 'O' || after === 'A')) {
          out.push('X');
          i += 2;
        } else {
          out.push('S');
        }
        break;
      case 'T':
        if (next === 'I' && (after === 'O' || after === 'A')) out.push('X');
        else if (next === 'H') {
          out.push('0');
          i++;
        } else if (next !== 'C' || after !== 'H') out.push('T');
        break;
      case 'V':
        out.push('F');
        break;
      case 'W':
        if (i === 0 && next === 'H') {
          out.push('W');
          i++;
        } else if (isVowel(next)) {
          out.push('W');
        }
        break;
      case 'X':
        if (i > 0) out.push('K', 'S');
        else if (next === 'H' || (next === 'I' && (after === 'O' || after === 'A'))) out.push('X');
        else out.push('S');
        break;
      case 'Y':
        if (isVowel(next)) out.push('Y');
        break;
      case 'Z':
        out.push('S');
        break;
      case ' ':
        if (out.length > 0 && out[out.length - 1] !== ' ') out.push(' ');
        break;
      default:
        // Digits, punctuation, combining marks and other scripts encode to nothing.
        break;
    }
    i++;
  }
  return out.join('');
}

/** The `metaphone` transform. */
export const metaphoneTransform: TransformDefinition = {
  name: 'metaphone',
  description: 'original Metaphone phonetic code (jellyfish-compatible); nothing encodable → missing',
  checkArgs: noArguments('metaphone'),
  create: () => metaphone,
};
