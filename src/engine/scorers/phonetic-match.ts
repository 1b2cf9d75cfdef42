/** Phonetic agreement scorers: `soundex_match` and `metaphone_match`. */
import { noArguments } from '../transforms/arguments.js';
import { metaphone } from '../transforms/metaphone.js';
import { soundex } from '../transforms/soundex.js';
import { perValueScorer } from './per-value-scorer.js';
import type { ScorerDefinition } from './types.js';

/**
 * 1 when two phonetic codes are non-empty and equal, else 0 (a value with no
 * encodable letters agrees with nothing, not even itself).
 *
 * @example
 * sameCode('R163', 'R163'); // 1
 * sameCode('', '');         // 0
 */
export function sameCode(a: string, b: string): number {
  return a !== '' && a === b ? 1 : 0;
}

/**
 * 1 iff both values have the same non-empty Soundex code.
 *
 * @example
 * soundexMatch('Robert', 'Rupert'); // 1
 */
export function soundexMatch(a: string, b: string): number {
  return sameCode(soundex(a), soundex(b));
}

/**
 * 1 iff both values have the same non-empty Metaphone code.
 *
 * @example
 * metaphoneMatch('Knight', 'Night'); // 1
 */
export function metaphoneMatch(a: string, b: string): number {
  return sameCode(metaphone(a), metaphone(b));
}

/** `soundex_match`. */
export const soundexMatchScorer: ScorerDefinition = {
  name: 'soundex_match',
  description: '1 iff both Soundex codes are non-empty and equal, else 0',
  checkArgs: noArguments('soundex_match'),
  create: (_args, dict) => perValueScorer('soundex_match', dict, soundex, sameCode),
};

/** `metaphone_match`. */
export const metaphoneMatchScorer: ScorerDefinition = {
  name: 'metaphone_match',
  description: '1 iff both Metaphone codes are non-empty and equal, else 0',
  checkArgs: noArguments('metaphone_match'),
  create: (_args, dict) => perValueScorer('metaphone_match', dict, metaphone, sameCode),
};
