/** `tfidf_cosine`: cosine of token TF-IDF vectors, with IDF learned from the prepared field. */
import type { FieldDictionary } from '../fields/field-dictionary.js';
import { noArguments } from '../transforms/arguments.js';
import { perValueScorer } from './per-value-scorer.js';
import type { BoundScorer, ScorerDefinition } from './types.js';

const TOKEN = /[\p{L}\p{N}]+/gu;

/**
 * The tokens of a value: runs of Unicode letters and digits, lower-cased.
 *
 * @example
 * wordTokens('Acme-Corp, Inc. 2'); // ['acme', 'corp', 'inc', '2']
 */
export function wordTokens(value: string): string[] {
  return value.toLowerCase().match(TOKEN) ?? [];
}

/** A value's TF-IDF vector: distinct tokens in sorted order, with weights and term counts. */
export interface TfidfVector {
  value: string;
  tokens: string[];
  counts: Int32Array;
  weights: Float64Array;
  norm: number;
}

/** Inverse document frequencies for one prepared field. */
export interface IdfTable {
  /** `ln((1 + N) / (1 + df)) + 1`; tokens never seen have df = 0. */
  idf(token: string): number;
}

/** IDF = 1 for every token: plain term-frequency cosine (used without data). */
export const UNIT_IDF: IdfTable = { idf: () => 1 };

/**
 * Learns document frequencies from a prepared field: N = rows with a value,
 * df = rows whose value contains the token (each distinct value counted with
 * its row count).
 *
 * @example
 * const t = idfFromDictionary(dict);
 * t.idf('smith'); // small for a common surname, large for a rare token
 */
export function idfFromDictionary(dict: FieldDictionary): IdfTable {
  const df = new Map<string, number>();
  let rows = 0;
  for (let id = 0; id < dict.count; id++) {
    const n = dict.counts[id];
    rows += n;
    for (const t of new Set(wordTokens(dict.value(id)))) df.set(t, (df.get(t) ?? 0) + n);
  }
  return { idf: (token) => Math.log((1 + rows) / (1 + (df.get(token) ?? 0))) + 1 };
}

/**
 * The TF-IDF vector of a value (term count × IDF per distinct token).
 *
 * @example
 * tfidfVector('a b a', UNIT_IDF).weights; // Float64Array [2, 1]
 */
export function tfidfVector(value: string, table: IdfTable): TfidfVector {
  const tf = new Map<string, number>();
  for (const t of wordTokens(value)) tf.set(t, (tf.get(t) ?? 0) + 1);
  // Any fixed order works for the merge in compareTfidf; sorting makes the
  // summation order, and so the exact float result, independent of argument order.
  const tokens = [...tf.keys()].sort();
  const counts = new Int32Array(tokens.length);
  const weights = new Float64Array(tokens.length);
  let squares = 0;
  for (let i = 0; i < tokens.length; i++) {
    counts[i] = tf.get(tokens[i]) as number;
    weights[i] = counts[i] * table.idf(tokens[i]);
    squares += weights[i] * weights[i];
  }
  return { value, tokens, counts, weights, norm: Math.sqrt(squares) };
}

/**
 * Cosine of two TF-IDF vectors in [0, 1]. Vectors with the same tokens and
 * counts score exactly 1; when either has no tokens the text is compared for
 * exact equality instead.
 *
 * @example
 * compareTfidf(tfidfVector('Acme Corp', UNIT_IDF), tfidfVector('corp acme', UNIT_IDF)); // 1
 */
export function compareTfidf(x: TfidfVector, y: TfidfVector): number {
  if (x.tokens.length === 0 || y.tokens.length === 0) return x.value === y.value ? 1 : 0;
  let dot = 0;
  let sameTerms = x.tokens.length === y.tokens.length;
  let i = 0;
  let j = 0;
  while (i < x.tokens.length && j < y.tokens.length) {
    const a = x.tokens[i];
    const b = y.tokens[j];
    if (a === b) {
      dot += x.weights[i] * y.weights[j];
      if (x.counts[i] !== y.counts[j]) sameTerms = false;
      i++;
      j++;
    } else {
      sameTerms = false;
      if (a < b) i++;
      else j++;
    }
  }
  if (sameTerms) return 1;
  const cosine = dot / (x.norm * y.norm);
  return cosine > 1 ? 1 : cosine < 0 ? 0 : cosine;
}

/**
 * Term-frequency cosine of two strings with IDF = 1 (no field statistics).
 *
 * @example
 * tfidfCosine('john smith', 'smith john'); // 1
 * tfidfCosine('a b', 'a c');               // 0.5 (up to float rounding)
 */
export function tfidfCosine(a: string, b: string): number {
  return compareTfidf(tfidfVector(a, UNIT_IDF), tfidfVector(b, UNIT_IDF));
}

function tfidfBound(dict: FieldDictionary | null): BoundScorer {
  // IDF needs a pass over the whole dictionary; defer it to the first comparison.
  let table: IdfTable | null = dict === null ? UNIT_IDF : null;
  const idfTable = (): IdfTable => {
    if (table === null) table = idfFromDictionary(dict as FieldDictionary);
    return table;
  };
  return perValueScorer('tfidf_cosine', dict, (value) => tfidfVector(value, idfTable()), compareTfidf);
}

/** `tfidf_cosine`. */
export const tfidfCosineScorer: ScorerDefinition = {
  name: 'tfidf_cosine',
  description: 'cosine of token TF-IDF vectors (tokens: lower-cased letter/digit runs; IDF = ln((1+N)/(1+df)) + 1 from the loaded column)',
  checkArgs: noArguments('tfidf_cosine'),
  learnsFromColumn: true,
  create: (_args, dict) => tfidfBound(dict),
};
