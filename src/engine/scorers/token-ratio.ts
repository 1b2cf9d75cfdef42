/** Token-based ratios (`token_sort`, `token_set`) with RapidFuzz semantics, as fractions in [0, 1]. */
import { stringToCodes } from '../fields/field-dictionary.js';
import { noArguments } from '../transforms/arguments.js';
import { sortByCodePoint } from '../transforms/code-point-order.js';
import { sortTokens } from '../transforms/token-transforms.js';
import { splitWhitespace } from '../transforms/whitespace.js';
import { ensureUint32 } from './code-buffer.js';
import { indelSimilarityCodes, longestCommonSubsequenceCodes } from './indel.js';
import { perValueScorer } from './per-value-scorer.js';
import type { ScorerDefinition } from './types.js';

/**
 * The code points of a value's tokens sorted and joined by one space: what
 * `token_sort` compares.
 *
 * @example
 * sortedTokenCodes('Smith John'); // code points of 'John Smith'
 */
export function sortedTokenCodes(value: string): Uint32Array {
  return stringToCodes(sortTokens(value));
}

/**
 * `token_sort` on prepared data: the normalised Indel similarity of two
 * sorted-token code arrays.
 *
 * @example
 * compareSortedTokens(sortedTokenCodes('John Smith'), sortedTokenCodes('Smith John')); // 1
 */
export function compareSortedTokens(a: Uint32Array, b: Uint32Array): number {
  return indelSimilarityCodes(a, 0, a.length, b, 0, b.length);
}

/**
 * RapidFuzz `token_sort_ratio` / 100: tokens sorted and re-joined, then the
 * normalised Indel similarity. Case-sensitive.
 *
 * @example
 * tokenSortRatio('John Smith', 'Smith John');         // 1
 * tokenSortRatio('Foo', 'foo');                       // 0.666667
 * tokenSortRatio('new york mets', 'new york meats');  // 0.962963
 */
export function tokenSortRatio(a: string, b: string): number {
  return compareSortedTokens(sortedTokenCodes(a), sortedTokenCodes(b));
}

/** A value's distinct whitespace tokens in code-point order, as code arrays. */
export type TokenSet = Uint32Array[];

/**
 * The distinct tokens of a value, sorted by code point: what `token_set` compares.
 *
 * @example
 * tokenSetOf('b a b').length; // 2
 */
export function tokenSetOf(value: string): TokenSet {
  return sortByCodePoint([...new Set(splitWhitespace(value))]).map(stringToCodes);
}

// Numeric order of code points: the same order sortByCodePoint gives the token strings.
function compareCodeArrays(a: Uint32Array, b: Uint32Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

// Scratch for the two joined difference strings.
let diffA = new Uint32Array(64);
let diffB = new Uint32Array(64);

function joinInto(target: Uint32Array, tokens: readonly Uint32Array[]): number {
  let n = 0;
  for (let t = 0; t < tokens.length; t++) {
    if (t > 0) target[n++] = 0x20;
    target.set(tokens[t], n);
    n += tokens[t].length;
  }
  return n;
}

function joinedLength(tokens: readonly Uint32Array[]): number {
  let n = tokens.length > 0 ? tokens.length - 1 : 0;
  for (const t of tokens) n += t.length;
  return n;
}

/**
 * `token_set` on prepared data (RapidFuzz `token_set_ratio` / 100): with the
 * shared tokens S and the leftovers A∖B and B∖A (each sorted and joined), 1
 * when one set contains the other, else the best of the Indel ratios of
 * `S+A∖B` vs `S+B∖A`, `S` vs `S+A∖B` and `S` vs `S+B∖A`. One side without
 * tokens → 0; both without tokens → 1 (RapidFuzz says 0; we keep "identical
 * values score 1").
 *
 * @example
 * compareTokenSets(tokenSetOf('fuzzy was a bear'), tokenSetOf('fuzzy fuzzy was a bear')); // 1
 */
export function compareTokenSets(a: TokenSet, b: TokenSet): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const shared: Uint32Array[] = [];
  const onlyA: Uint32Array[] = [];
  const onlyB: Uint32Array[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = compareCodeArrays(a[i], b[j]);
    if (c === 0) {
      shared.push(a[i]);
      i++;
      j++;
    } else if (c < 0) onlyA.push(a[i++]);
    else onlyB.push(b[j++]);
  }
  while (i < a.length) onlyA.push(a[i++]);
  while (j < b.length) onlyB.push(b[j++]);

  if (shared.length > 0 && (onlyA.length === 0 || onlyB.length === 0)) return 1;

  const aLen = joinedLength(onlyA);
  const bLen = joinedLength(onlyB);
  const sharedLen = joinedLength(shared);
  const separator = sharedLen !== 0 ? 1 : 0;
  const sharedPlusA = sharedLen + separator + aLen;
  const sharedPlusB = sharedLen + separator + bLen;

  diffA = ensureUint32(diffA, aLen);
  diffB = ensureUint32(diffB, bLen);
  joinInto(diffA, onlyA);
  joinInto(diffB, onlyB);
  // The shared part is the same on both sides, so RapidFuzz measures the
  // Indel distance of the leftovers alone and normalises by the full lengths.
  const distance = aLen + bLen - 2 * longestCommonSubsequenceCodes(diffA, 0, aLen, diffB, 0, bLen);
  const total = sharedPlusA + sharedPlusB;
  const best = total === 0 ? 1 : 1 - distance / total;
  if (sharedLen === 0) return best;
  const withA = 1 - (separator + aLen) / (sharedLen + sharedPlusA);
  const withB = 1 - (separator + bLen) / (sharedLen + sharedPlusB);
  return Math.max(best, withA, withB);
}

/**
 * RapidFuzz `token_set_ratio` / 100 of two strings.
 *
 * @example
 * tokenSetRatio('fuzzy was a bear but not a dog', 'fuzzy was a bear but not a cat'); // 0.923077
 */
export function tokenSetRatio(a: string, b: string): number {
  return compareTokenSets(tokenSetOf(a), tokenSetOf(b));
}

/** `token_sort`: Indel ratio of the sorted tokens. */
export const tokenSortScorer: ScorerDefinition = {
  name: 'token_sort',
  description: 'sort whitespace tokens, join with one space, then normalised Indel similarity (case-sensitive)',
  checkArgs: noArguments('token_sort'),
  create: (_args, dict) => perValueScorer('token_sort', dict, sortedTokenCodes, compareSortedTokens),
};

/** `token_set`: RapidFuzz token_set_ratio as a fraction. */
export const tokenSetScorer: ScorerDefinition = {
  name: 'token_set',
  description: 'RapidFuzz token_set_ratio / 100: 1 when one token set contains the other, else best Indel ratio of shared+leftover strings',
  checkArgs: noArguments('token_set'),
  create: (_args, dict) => perValueScorer('token_set', dict, tokenSetOf, compareTokenSets),
};
