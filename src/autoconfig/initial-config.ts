/** The controller's starting configuration (v0), chosen from the column profile and priors alone. */
import type { Config, ScoredField } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import type { ColumnProfile } from './column-profile.js';
import type { ColumnPrior } from './column-priors.js';
import { chooseBlocking } from './fallback-config.js';

/** How each kind of column is compared in v0. Identifier-like kinds get no case folding: the corruption rule adds it when the data needs it. */
const FIELD_RULES: Partial<Record<ColumnProfile['kind'], { scorer: string; weight: number; transforms: string[] }>> = {
  email: { scorer: 'exact', weight: 1.0, transforms: ['strip'] },
  identifier: { scorer: 'exact', weight: 1.0, transforms: ['strip'] },
  date: { scorer: 'exact', weight: 1.0, transforms: ['strip'] },
  name: { scorer: 'jaro_winkler', weight: 1.0, transforms: ['lowercase', 'normalize_whitespace'] },
  text: { scorer: 'token_set', weight: 0.75, transforms: ['lowercase', 'normalize_whitespace'] },
  long_text: { scorer: 'tfidf_cosine', weight: 1.0, transforms: ['lowercase'] },
  code: { scorer: 'exact', weight: 0.5, transforms: ['strip'] },
  number: { scorer: 'exact', weight: 0.25, transforms: ['strip'] },
  category: { scorer: 'exact', weight: 0.1, transforms: ['strip'] },
};

/** Starting match threshold of the weighted matchkey. */
export const V0_THRESHOLD = 0.75;
/** The one matchkey the controller builds and tunes. */
export const MATCHKEY_NAME = 'auto_weighted';

/**
 * v0: one weighted matchkey over the usable columns and profile-driven
 * multi-pass blocking. A high-identity column that is mostly missing (≥ 30%)
 * is left out of the positive fields: present-and-equal on a few rows would
 * dominate the weighted mean; the negative-evidence rule may use it instead.
 *
 * @example
 * const v0 = initialConfig(sample, profiles, priors, ['rec_id']);
 */
export function initialConfig(store: ColumnStore, profiles: readonly ColumnProfile[], priors: readonly ColumnPrior[], exclude: readonly string[]): Config {
  const identity = new Map(priors.map((p) => [p.column, p.identity_score]));
  const usable = profiles.filter((p) => p.nullRate < 0.95);
  const fields: ScoredField[] = [];
  for (const p of usable) {
    const rule = FIELD_RULES[p.kind];
    if (!rule) continue;
    if (p.nullRate >= 0.3 && (identity.get(p.column) ?? 0) >= 0.75) continue;
    fields.push({ field: p.column, scorer: rule.scorer, weight: rule.weight, transforms: [...rule.transforms] });
  }
  if (fields.length === 0 && usable.length > 0) {
    fields.push({ field: usable[0].column, scorer: 'token_set', weight: 1, transforms: ['lowercase'] });
  }
  return {
    matchkeys: [{ name: MATCHKEY_NAME, type: 'weighted', threshold: V0_THRESHOLD, fields, negative_evidence: [] }],
    blocking: { strategy: 'multi_pass', keys: chooseBlocking(store, [...usable]), window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' },
    review: { lo: null, hi: null },
    clustering: { max_cluster_size: 100 },
    link: null,
    exclude_columns: [...exclude],
  };
}
