/** `ensemble`: the best of Jaro–Winkler, token_sort and 0.8 × soundex agreement. */
import { stringToCodes } from '../fields/field-dictionary.js';
import { noArguments } from '../transforms/arguments.js';
import { soundex } from '../transforms/soundex.js';
import { jaroWinklerCodes } from './jaro.js';
import { perValueScorer } from './per-value-scorer.js';
import { sameCode } from './phonetic-match.js';
import { compareSortedTokens, sortedTokenCodes } from './token-ratio.js';
import type { ScorerDefinition } from './types.js';

/** What `ensemble` needs of one value. */
export interface EnsembleProfile {
  codes: Uint32Array;
  sortedTokens: Uint32Array;
  soundex: string;
}

/**
 * Prepares a value for `ensemble`.
 *
 * @example
 * ensembleProfile('Jon Smith').soundex; // 'J525'
 */
export function ensembleProfile(value: string): EnsembleProfile {
  return { codes: stringToCodes(value), sortedTokens: sortedTokenCodes(value), soundex: soundex(value) };
}

/**
 * `ensemble` on prepared data: `max(jaro_winkler, token_sort, 0.8·soundex_match)`.
 *
 * @example
 * compareEnsembleProfiles(ensembleProfile('Smith John'), ensembleProfile('John Smith')); // 1
 */
export function compareEnsembleProfiles(x: EnsembleProfile, y: EnsembleProfile): number {
  const jw = jaroWinklerCodes(x.codes, 0, x.codes.length, y.codes, 0, y.codes.length);
  const ts = compareSortedTokens(x.sortedTokens, y.sortedTokens);
  const sx = 0.8 * sameCode(x.soundex, y.soundex);
  return Math.max(jw, ts, sx);
}

/**
 * The ensemble similarity of two strings.
 *
 * @example
 * ensembleSimilarity('Smith John', 'John Smith'); // 1
 */
export function ensembleSimilarity(a: string, b: string): number {
  return compareEnsembleProfiles(ensembleProfile(a), ensembleProfile(b));
}

/** `ensemble`. */
export const ensembleScorer: ScorerDefinition = {
  name: 'ensemble',
  description: 'max(jaro_winkler, token_sort, 0.8 x soundex_match)',
  checkArgs: noArguments('ensemble'),
  create: (_args, dict) => perValueScorer('ensemble', dict, ensembleProfile, compareEnsembleProfiles),
};
