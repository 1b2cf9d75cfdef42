/** `qgram`: Jaccard similarity of padded, lower-cased character 3-gram sets. */
import { noArguments } from '../transforms/arguments.js';
import { perValueScorer } from './per-value-scorer.js';
import type { ScorerDefinition } from './types.js';

const Q = 3;
const PAD = '#'.repeat(Q - 1);

/** A value with its distinct 3-grams, sorted (any fixed order works for the merge). */
export interface QgramProfile {
  value: string;
  grams: string[];
}

/**
 * The distinct 3-grams of `##lowercase(value)##`, by code point.
 *
 * @example
 * qgramProfile('Ab').grams; // ['##a', '#ab', 'ab#', 'b##']
 */
export function qgramProfile(value: string): QgramProfile {
  const chars = Array.from(PAD + value.toLowerCase() + PAD);
  const grams = new Set<string>();
  for (let i = 0; i + Q <= chars.length; i++) grams.add(chars[i] + chars[i + 1] + chars[i + 2]);
  return { value, grams: [...grams].sort() };
}

/**
 * `qgram` on prepared data: 1 for identical values, else |A∩B| / |A∪B|.
 *
 * @example
 * compareQgramProfiles(qgramProfile('abc'), qgramProfile('abd')); // 0.25 (2 shared of 8)
 */
export function compareQgramProfiles(x: QgramProfile, y: QgramProfile): number {
  if (x.value === y.value) return 1;
  const a = x.grams;
  const b = y.grams;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  const union = a.length + b.length - shared;
  return union === 0 ? 1 : shared / union;
}

/**
 * q-gram similarity of two strings: identical → 1, else the Jaccard index of
 * their padded lower-case character 3-gram sets.
 *
 * @example
 * qgramSimilarity('Smith', 'smith'); // 1 (same 3-grams after lower-casing)
 * qgramSimilarity('abc', 'xyz');     // 0
 */
export function qgramSimilarity(a: string, b: string): number {
  return compareQgramProfiles(qgramProfile(a), qgramProfile(b));
}

/** `qgram`: Jaccard of character 3-gram sets. */
export const qgramScorer: ScorerDefinition = {
  name: 'qgram',
  description: 'identical → 1, else Jaccard index of the lower-cased character 3-gram sets of "##value##"',
  checkArgs: noArguments('qgram'),
  create: (_args, dict) => perValueScorer('qgram', dict, qgramProfile, compareQgramProfiles),
};
