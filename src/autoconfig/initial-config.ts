/** The controller's starting configuration (v0), chosen from the column profile and priors alone. */
import type { Config, ScoredField } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { chooseBlocking } from './blocking-choice.js';
import { discountContained, type Containment } from './column-redundancy.js';
import { evidenceFloor } from './evidence-floor.js';
import { likelyPairs } from './pass-recall.js';
import { carriesCodes, holdsNameLists, type ColumnProfile } from './column-profile.js';
import type { ColumnPrior } from './column-priors.js';
import type { LikelyMatches } from './likely-matches.js';
import type { SourceColumn } from './link-detection.js';

/**
 * How each kind of column is compared in v0. Identifier-like kinds use an
 * edit-distance scorer so one typo costs a little, not the whole field; case
 * folding on them is left to the corruption rule, which adds it when the data
 * needs it. Text of several words is compared by token TF-IDF, so rare words
 * (model codes, surnames in a title) count more than common ones.
 */
const FIELD_RULES: Record<ColumnProfile['kind'], { scorer: string; transforms: string[] } | null> = {
  email: { scorer: 'damerau_levenshtein', transforms: ['strip'] },
  identifier: { scorer: 'damerau_levenshtein', transforms: ['strip_all'] },
  date: { scorer: 'damerau_levenshtein', transforms: ['strip'] },
  name: { scorer: 'jaro_winkler', transforms: ['lowercase', 'normalize_whitespace'] },
  text: { scorer: 'token_set', transforms: ['lowercase', 'normalize_whitespace'] },
  long_text: { scorer: 'tfidf_cosine', transforms: ['lowercase'] },
  code: { scorer: 'damerau_levenshtein', transforms: ['lowercase', 'strip_all'] },
  number: { scorer: 'numeric_diff', transforms: ['amount'] },
  category: { scorer: 'exact', transforms: ['strip'] },
};

/** Text columns averaging at least this many words are compared by token TF-IDF rather than token sets. */
const TFIDF_MIN_TOKENS = 3;
/**
 * Name columns averaging at least this many words (a full name, a street
 * address) are compared by their sorted words (`token_sort`), not by
 * Jaro–Winkler: its prefix bonus and its half-length matching window let a
 * shared first word carry a different second one ("john merti" and "john
 * helcarridge" score 0.86), so two namesakes look alike just where the
 * column is the only one left holding the surname.
 */
const MULTIWORD_NAME_TOKENS = 2;
/** Bits of evidence that make a full weight: agreement on a value shared by 1 pair in 2¹⁰ is as strong as it gets. */
const FULL_WEIGHT_BITS = 10;
/** No compared column weighs less than this: agreement on a common value is still some evidence. */
const MIN_WEIGHT = 0.05;

/** The most an amount column weighs. */
const NUMBER_MAX_WEIGHT = 0.25;
/** The most a long free-text column weighs: each source writes its own prose, so even true matches share only part of it. */
const LONG_TEXT_MAX_WEIGHT = 0.25;

/** Starting match threshold of the weighted matchkey. */
export const V0_THRESHOLD = 0.75;
/** The one matchkey the controller builds and tunes. */
export const MATCHKEY_NAME = 'auto_weighted';

/**
 * A column's weight from how rarely two random rows agree on it: the
 * agreement's evidence in bits, `log2(1 / Σ share²)`, as a fraction of
 * {@link FULL_WEIGHT_BITS}. This is the u-probability half of a
 * Fellegi–Sunter weight, which needs no labels: a state column (8 values)
 * gets about 0.3, a date of birth 1.
 *
 * @example
 * discriminativeWeight({ collision: 1 / 8 } as ColumnProfile); // 0.3
 */
export function discriminativeWeight(p: ColumnProfile): number {
  const bits = Math.log2(1 / Math.max(p.collision, 2 ** -FULL_WEIGHT_BITS));
  return Math.round(Math.max(MIN_WEIGHT, Math.min(1, bits / FULL_WEIGHT_BITS)) * 100) / 100;
}

/**
 * The scored field of a column by its kind, or null when the kind is not compared.
 *
 * @example
 * fieldFor({ column: 'title', kind: 'text', avgTokens: 9, collision: 0.001 } as ColumnProfile);
 * // { field: 'title', scorer: 'tfidf_cosine', weight: 1, transforms: ['lowercase', 'normalize_whitespace'] }
 */
export function fieldFor(p: ColumnProfile): ScoredField | null {
  const rule = FIELD_RULES[p.kind];
  if (!rule) return null;
  // Lists of person names are compared name by name (citation styles reorder them, abbreviate and misspell them).
  const scorer = holdsNameLists(p)
    ? 'monge_elkan'
    : p.kind === 'text' && p.avgTokens >= TFIDF_MIN_TOKENS
      ? 'tfidf_cosine'
      : p.kind === 'name' && p.avgTokens >= MULTIWORD_NAME_TOKENS
        ? 'token_sort'
        : rule.scorer;
  // Amounts (prices, weights) drift between sources and over time: distinct as they are, they are weak evidence.
  const cap = p.kind === 'number' ? NUMBER_MAX_WEIGHT : p.kind === 'long_text' ? LONG_TEXT_MAX_WEIGHT : 1;
  const weight = Math.min(cap, discriminativeWeight(p));
  return { field: p.column, scorer, weight, transforms: [...rule.transforms] };
}

/**
 * The columns v0 compares and blocks on: present on at least 5% of the rows, and not the table-of-origin column.
 *
 * @example
 * usableProfiles(profiles, { column: 'source', values: ['left', 'right'] }).some((p) => p.column === 'source'); // false
 */
export function usableProfiles(profiles: readonly ColumnProfile[], source: SourceColumn | null): ColumnProfile[] {
  return profiles.filter((p) => p.nullRate < 0.95 && p.column !== source?.column);
}

/**
 * v0: one weighted matchkey over the usable columns, weighted by how
 * distinctive each is (a column `contained` in another discounted), its mean
 * taken over at least the evidence that singles out one record ({@link evidenceFloor}), and multi-pass blocking chosen for the recall it
 * measures on the probe's likely matches (when given). A
 * high-identity column that is mostly missing (≥ 30%) is left out of the
 * positive fields: present-and-equal on a few rows would dominate the
 * weighted mean; the negative-evidence rule may use it instead. With a
 * table-of-origin column the tables are linked and deduplicated
 * (`link_and_dedupe`) until the data shows the tables are clean.
 *
 * @example
 * const v0 = initialConfig(sample, profiles, priors, ['rec_id'], null);
 */
export function initialConfig(
  store: ColumnStore,
  profiles: readonly ColumnProfile[],
  priors: readonly ColumnPrior[],
  exclude: readonly string[],
  source: SourceColumn | null,
  tableRows = store.rowCount,
  probe?: LikelyMatches,
  contained: readonly Containment[] = [],
): Config {
  const identity = new Map(priors.map((p) => [p.column, p.identity_score]));
  const usable = usableProfiles(profiles, source);
  const fields: ScoredField[] = [];
  for (const p of usable) {
    if (p.nullRate >= 0.3 && (identity.get(p.column) ?? 0) >= 0.75) continue;
    const field = fieldFor(p);
    if (field) fields.push(field);
    // The code is the listing's identifier: equal codes are near-proof, different ones near-disproof.
    if (carriesCodes(p)) fields.push({ field: p.column, scorer: 'exact', weight: 1, transforms: ['lowercase', 'code_token'] });
  }
  // A column repeating another (the surname inside a full name) keeps only the news in its weight: agreeing on both is mostly one agreement.
  fields.splice(0, fields.length, ...discountContained(fields, contained));
  if (fields.length === 0 && usable.length > 0) {
    fields.push({ field: usable[0].column, scorer: 'token_set', weight: 1, transforms: ['lowercase'] });
  }
  return {
    matchkeys: [{ name: MATCHKEY_NAME, type: 'weighted', threshold: V0_THRESHOLD, min_weight: probe ? evidenceFloor(fields, probe, likelyPairs(store, probe, source?.column), tableRows) : 0, fields, negative_evidence: [] }],
    blocking: { strategy: 'multi_pass', keys: chooseBlocking(store, [...usable], { tableRows, probe, probeAcross: source?.column }), window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' },
    review: { lo: null, hi: null },
    clustering: { max_cluster_size: 100, min_link_density: 0.1 },
    link: source ? { source_column: source.column, mode: 'link_and_dedupe' } : null,
    exclude_columns: [...exclude],
    columns: {},
  };
}
