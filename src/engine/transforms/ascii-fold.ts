/** `ascii_fold`: strip accents and spell out common letters that have no decomposition. */
import { noArguments } from './arguments.js';
import type { TransformDefinition } from './types.js';

// Letters NFKD leaves whole (they are distinct letters, not base + accent).
const SPELLED_OUT: Readonly<Record<string, string>> = {
  'ß': 'ss',
  'ẞ': 'SS',
  'æ': 'ae',
  'Æ': 'AE',
  'œ': 'oe',
  'Œ': 'OE',
  'ø': 'o',
  'Ø': 'O',
  'ł': 'l',
  'Ł': 'L',
  'đ': 'd',
  'Đ': 'D',
  'ð': 'd',
  'Ð': 'D',
  'þ': 'th',
  'Þ': 'TH',
  'ı': 'i',
};
const SPELLED_OUT_PATTERN = /[ßẞæÆœŒøØłŁđĐðÐþÞı]/g;

/**
 * Folds `value` towards ASCII: NFKD decomposition, nonspacing combining marks
 * (category Mn) removed, then ß→ss, æ→ae, œ→oe, ø→o, ł→l, đ/ð→d, þ→th, ı→i
 * (upper-case forms keep their case). Everything else is kept, so non-Latin
 * scripts pass through (decomposed).
 *
 * @example
 * asciiFold('Łódź Straße'); // 'Lodz Strasse'
 * asciiFold('Ｊｏｓé');       // 'Jose' (NFKD also maps full-width forms)
 */
export function asciiFold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{Mn}+/gu, '')
    .replace(SPELLED_OUT_PATTERN, (ch) => SPELLED_OUT[ch] ?? ch);
}

/** The `ascii_fold` transform. */
export const asciiFoldTransform: TransformDefinition = {
  name: 'ascii_fold',
  description: 'NFKD, drop combining marks, spell out ß æ œ ø ł đ ð þ ı; other characters kept',
  checkArgs: noArguments('ascii_fold'),
  create: () => asciiFold,
};
