/** The scorer registry: names → definitions, spec validation, and bound scorers; also re-exports the pure string functions. */
import { KindredError } from '../../errors/registry.js';
import type { FieldDictionary } from '../fields/field-dictionary.js';
import { dateDiffScorer, dateScorer } from './date-diff.js';
import {
  damerauLevenshteinScorer,
  jaroScorer,
  jaroWinklerScorer,
  levenshteinScorer,
} from './edit-scorers.js';
import { ensembleScorer } from './ensemble.js';
import { exactScorer } from './exact.js';
import { geoHaversineScorer } from './geo-haversine.js';
import { numericDiffScorer } from './numeric-diff.js';
import { mongeElkanScorer } from './monge-elkan.js';
import { metaphoneMatchScorer, soundexMatchScorer } from './phonetic-match.js';
import { qgramScorer } from './qgram.js';
import { tfidfCosineScorer } from './tfidf-cosine.js';
import { tokenSetScorer, tokenSortScorer } from './token-ratio.js';
import type { BoundScorer, ScorerDefinition } from './types.js';

export { damerauLevenshteinDistance, damerauLevenshteinSimilarity } from './damerau-levenshtein.js';
export { dateDiff, dateSimilarity, parseDate } from './date-diff.js';
export { ensembleSimilarity } from './ensemble.js';
export { geoHaversine, haversineKm, parseGeoPoint } from './geo-haversine.js';
export { jaro, jaroWinkler } from './jaro.js';
export { levenshteinDistance, levenshteinSimilarity } from './levenshtein.js';
export { numericDiff } from './numeric-diff.js';
export { mongeElkan, nameWords } from './monge-elkan.js';
export { metaphoneMatch, soundexMatch } from './phonetic-match.js';
export { qgramSimilarity } from './qgram.js';
export { tfidfCosine } from './tfidf-cosine.js';
export { tokenSetRatio, tokenSortRatio } from './token-ratio.js';
export { metaphone } from '../transforms/metaphone.js';
export { soundex } from '../transforms/soundex.js';

const DEFINITIONS: readonly ScorerDefinition[] = [
  exactScorer,
  jaroScorer,
  jaroWinklerScorer,
  levenshteinScorer,
  damerauLevenshteinScorer,
  tokenSortScorer,
  tokenSetScorer,
  qgramScorer,
  soundexMatchScorer,
  metaphoneMatchScorer,
  ensembleScorer,
  numericDiffScorer,
  dateScorer,
  dateDiffScorer,
  geoHaversineScorer,
  tfidfCosineScorer,
  mongeElkanScorer,
];

const BY_NAME = new Map(DEFINITIONS.map((d) => [d.name, d]));

function parseSpec(spec: string): { name: string; args: string[] } {
  const [name, ...args] = spec.split(':');
  return { name, args };
}

/**
 * Every scorer name, in documentation order.
 *
 * @example
 * listScorers().includes('jaro_winkler'); // true
 */
export function listScorers(): string[] {
  return DEFINITIONS.map((d) => d.name);
}

/**
 * Every scorer with its one-line description (for docs and `--help`).
 *
 * @example
 * describeScorers().find((s) => s.name === 'exact')?.description;
 */
export function describeScorers(): Array<{ name: string; description: string }> {
  return DEFINITIONS.map((d) => ({ name: d.name, description: d.description }));
}

/**
 * Validates a scorer spec such as `jaro_winkler` or `numeric_diff:abs:5`.
 * Returns null when it is valid, else a message naming what was expected.
 *
 * @example
 * checkScorer('numeric_diff:abs:5'); // null
 * checkScorer('jaro_winkle');        // 'unknown scorer "jaro_winkle"; expected one of: exact, jaro, ...'
 */
export function checkScorer(spec: string): string | null {
  if (typeof spec !== 'string') return `a scorer must be a string, got ${typeof spec}`;
  const { name, args } = parseSpec(spec);
  const def = BY_NAME.get(name);
  if (def === undefined) return `unknown scorer "${spec}"; expected one of: ${listScorers().join(', ')}`;
  return def.checkArgs(args);
}

/**
 * Whether a (valid) scorer spec learns statistics from its column, so that
 * two columns cannot be compared crossed with it (see `ScorerDefinition.learnsFromColumn`).
 *
 * @example
 * learnsFromColumn('tfidf_cosine'); // true
 * learnsFromColumn('jaro_winkler'); // false
 */
export function learnsFromColumn(spec: string): boolean {
  return BY_NAME.get(parseSpec(spec).name)?.learnsFromColumn === true;
}

/**
 * A scorer bound to a prepared field (`dict`), or to no data (`null`: only
 * `values()` works, and `tfidf_cosine` uses IDF = 1).
 *
 * @throws KindredError `config_invalid` when the spec is unknown or its arguments are wrong.
 * @example
 * const s = createScorer('jaro_winkler', dict);
 * s.ids(0, 1) === s.values(dict.value(0), dict.value(1)); // true
 */
export function createScorer(spec: string, dict: FieldDictionary | null): BoundScorer {
  const problem = checkScorer(spec);
  if (problem !== null) throw new KindredError('config_invalid', problem);
  const { name, args } = parseSpec(spec);
  return (BY_NAME.get(name) as ScorerDefinition).create(args, dict);
}
