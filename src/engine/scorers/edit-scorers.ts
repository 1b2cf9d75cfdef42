/** Scorer definitions for the character-level similarities that read dictionary code points directly. */
import type { FieldDictionary } from '../fields/field-dictionary.js';
import { noArguments } from '../transforms/arguments.js';
import { damerauLevenshteinSimilarity, damerauLevenshteinSimilarityCodes } from './damerau-levenshtein.js';
import { jaro, jaroCodes, jaroWinkler, jaroWinklerCodes } from './jaro.js';
import { levenshteinSimilarity, levenshteinSimilarityCodes } from './levenshtein.js';
import { noDictionary } from './per-value-scorer.js';
import type { BoundScorer, ScorerDefinition } from './types.js';

// Each scorer spells out its own ids() rather than sharing a generic wrapper:
// a direct call to one core keeps the hot call site monomorphic, so V8 can
// inline it. values() is the module's exported string function (same core).

function jaroBound(dict: FieldDictionary | null): BoundScorer {
  const codes = dict?.codes ?? new Uint32Array(0);
  const o = dict?.offsets ?? new Int32Array(0);
  return {
    ids:
      dict === null
        ? () => {
            throw noDictionary('jaro');
          }
        : (a, b) => jaroCodes(codes, o[a], o[a + 1], codes, o[b], o[b + 1]),
    codesId: dict === null ? undefined : (a, b) => jaroCodes(a, 0, a.length, codes, o[b], o[b + 1]),
    rangeId: dict === null ? undefined : (a, from, to, b) => jaroCodes(a, from, to, codes, o[b], o[b + 1]),
    values: jaro,
  };
}

function jaroWinklerBound(dict: FieldDictionary | null): BoundScorer {
  const codes = dict?.codes ?? new Uint32Array(0);
  const o = dict?.offsets ?? new Int32Array(0);
  return {
    ids:
      dict === null
        ? () => {
            throw noDictionary('jaro_winkler');
          }
        : (a, b) => jaroWinklerCodes(codes, o[a], o[a + 1], codes, o[b], o[b + 1]),
    codesId: dict === null ? undefined : (a, b) => jaroWinklerCodes(a, 0, a.length, codes, o[b], o[b + 1]),
    rangeId: dict === null ? undefined : (a, from, to, b) => jaroWinklerCodes(a, from, to, codes, o[b], o[b + 1]),
    values: jaroWinkler,
  };
}

function levenshteinBound(dict: FieldDictionary | null): BoundScorer {
  const codes = dict?.codes ?? new Uint32Array(0);
  const o = dict?.offsets ?? new Int32Array(0);
  return {
    ids:
      dict === null
        ? () => {
            throw noDictionary('levenshtein');
          }
        : (a, b) => levenshteinSimilarityCodes(codes, o[a], o[a + 1], codes, o[b], o[b + 1]),
    codesId: dict === null ? undefined : (a, b) => levenshteinSimilarityCodes(a, 0, a.length, codes, o[b], o[b + 1]),
    rangeId: dict === null ? undefined : (a, from, to, b) => levenshteinSimilarityCodes(a, from, to, codes, o[b], o[b + 1]),
    values: levenshteinSimilarity,
  };
}

function damerauLevenshteinBound(dict: FieldDictionary | null): BoundScorer {
  const codes = dict?.codes ?? new Uint32Array(0);
  const o = dict?.offsets ?? new Int32Array(0);
  return {
    ids:
      dict === null
        ? () => {
            throw noDictionary('damerau_levenshtein');
          }
        : (a, b) => damerauLevenshteinSimilarityCodes(codes, o[a], o[a + 1], codes, o[b], o[b + 1]),
    codesId: dict === null ? undefined : (a, b) => damerauLevenshteinSimilarityCodes(a, 0, a.length, codes, o[b], o[b + 1]),
    rangeId: dict === null ? undefined : (a, from, to, b) => damerauLevenshteinSimilarityCodes(a, from, to, codes, o[b], o[b + 1]),
    values: damerauLevenshteinSimilarity,
  };
}

/** `jaro`: Jaro similarity. */
export const jaroScorer: ScorerDefinition = {
  name: 'jaro',
  description: 'Jaro similarity (matching characters within a window, penalised for transpositions)',
  checkArgs: noArguments('jaro'),
  create: (_args, dict) => jaroBound(dict),
};

/** `jaro_winkler`: Jaro–Winkler similarity (prefix boost above 0.7). */
export const jaroWinklerScorer: ScorerDefinition = {
  name: 'jaro_winkler',
  description: 'Jaro-Winkler similarity: Jaro plus a boost for a common prefix (up to 4) when Jaro > 0.7',
  checkArgs: noArguments('jaro_winkler'),
  create: (_args, dict) => jaroWinklerBound(dict),
};

/** `levenshtein`: 1 − edit distance / longer length. */
export const levenshteinScorer: ScorerDefinition = {
  name: 'levenshtein',
  description: '1 - Levenshtein distance / length of the longer value',
  checkArgs: noArguments('levenshtein'),
  create: (_args, dict) => levenshteinBound(dict),
};

/** `damerau_levenshtein`: like levenshtein, with adjacent transpositions costing 1. */
export const damerauLevenshteinScorer: ScorerDefinition = {
  name: 'damerau_levenshtein',
  description: '1 - unrestricted Damerau-Levenshtein distance / length of the longer value',
  checkArgs: noArguments('damerau_levenshtein'),
  create: (_args, dict) => damerauLevenshteinBound(dict),
};
