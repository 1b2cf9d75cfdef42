/** `monge_elkan`: a soft token match for lists of names, each word scored against its best Jaro–Winkler partner on the other side. */
import { noArguments } from '../transforms/arguments.js';
import { jaroWinkler } from './jaro.js';
import { perValueScorer } from './per-value-scorer.js';
import type { ScorerDefinition } from './types.js';

/**
 * Words that join the names of a list rather than belong to one (besides
 * punctuation and `&`). Shared with the profile's test for name lists.
 */
export const LIST_CONJUNCTIONS: ReadonlySet<string> = new Set(['and']);

/**
 * The words of a value that a name list is compared on: runs of letters and
 * digits, without the list's conjunctions, initials (one character) dropped
 * unless nothing else is left. Initials carry almost nothing ("r." matches
 * every R) and are the part citation styles drop or move ("r. e. schapire" /
 * "schapire, r."); an "and" in most lists would make any two lists look alike.
 *
 * @example
 * nameWords('p. auer, n. cesa-bianchi, and r. e. schapire'); // ['auer', 'cesa', 'bianchi', 'schapire']
 * nameWords('j. k.'); // ['j', 'k']
 */
export function nameWords(value: string): string[] {
  // NFC first: a name typed with combining accents (u + ¨) is one word, as its composed form (ü) is.
  const words = (value.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter((w) => !LIST_CONJUNCTIONS.has(w.toLowerCase()));
  const long = words.filter((w) => [...w].length > 1);
  return long.length > 0 ? long : words;
}

function meanBest(xs: readonly string[], ys: readonly string[]): number {
  let sum = 0;
  for (const x of xs) {
    let best = 0;
    for (const y of ys) {
      const s = jaroWinkler(x, y);
      if (s > best) best = s;
      if (best === 1) break;
    }
    sum += best;
  }
  return sum / xs.length;
}

/**
 * Symmetric Monge–Elkan similarity of two word lists: each word's best
 * Jaro–Winkler score against the other list, averaged, in both directions,
 * and the two averages averaged. Word order and punctuation do not matter
 * and a misspelt name still scores high, where TF-IDF cosine needs the exact
 * word. 0 when either list is empty.
 *
 * @example
 * mongeElkan(['schapire', 'freund'], ['freund', 'schapire']); // 1
 * mongeElkan(['shapire'], ['schapire']);                       // 0.9625
 */
export function mongeElkan(xs: readonly string[], ys: readonly string[]): number {
  if (xs.length === 0 || ys.length === 0) return 0;
  return (meanBest(xs, ys) + meanBest(ys, xs)) / 2;
}

/** `monge_elkan`. */
export const mongeElkanScorer: ScorerDefinition = {
  name: 'monge_elkan',
  description: 'symmetric Monge–Elkan over words (initials dropped), Jaro–Winkler within words: for lists of person names',
  checkArgs: noArguments('monge_elkan'),
  create: (_args, dict) => perValueScorer('monge_elkan', dict, nameWords, mongeElkan),
};
