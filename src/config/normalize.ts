/** Turns the validated input form into the normalised `Config`, filling every default. */
import { secondaryKey } from './secondary-key.js';
import type {
  BlockingConfig,
  BlockingKey,
  Config,
  ExactMatchkey,
  FieldRef,
  Matchkey,
  NegativeEvidence,
  ProbabilisticMatchkey,
  ScoredField,
  WeightedMatchkey,
} from './types.js';
import type { ConfigInput, MatchkeyInput } from './schema.js';

/** Every default of the configuration file, in one place (docs/config.md lists the same values). */
export const CONFIG_DEFAULTS = {
  threshold: { weighted: 0.8, probabilistic: 0.5, exact: 1.0, exactWithNegativeEvidence: 0.5 },
  weight: 1.0,
  levels: { fuzzy: 3, exact: 2 },
  partialThreshold: { fuzzy: 0.8, exact: 0.9 },
  tfAdjustment: false,
  negativeEvidence: { threshold: 0.4, penalty: 0.3 },
  missing: 'unobserved',
  em: { max_iterations: 20, convergence: 0.001, seed: 42, sample_pairs: 10000, u_pairs: 5000 },
  blocking: { window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' },
  maxClusterSize: 100,
  minLinkDensity: 0,
  linkMode: 'link_only',
} as const;

type FieldRefInput = { field: string; transforms?: string[] };
type ScoredFieldInput = FieldRefInput & { scorer: string; weight?: number };
type NegativeEvidenceInput = NonNullable<MatchkeyInput['negative_evidence']>[number];
type ProbabilisticFieldInput = Extract<MatchkeyInput, { type: 'probabilistic' }>['fields'][number];

/**
 * The normalised configuration for a validated input: all defaults filled,
 * key-level blocking transforms folded into each field (key-level first),
 * probabilistic level settings made explicit. Pure; never throws.
 *
 * @example
 * const config = normalizeConfig({ matchkeys: [{ name: 'e', type: 'exact', fields: [{ field: 'email' }] }] });
 * config.matchkeys[0].threshold; // 1
 * config.blocking.keys;          // [] (the engine picks keys from a column profile)
 */
export function normalizeConfig(input: ConfigInput): Config {
  const matchkeys = input.matchkeys.map(normalizeMatchkey);
  return {
    matchkeys,
    blocking: normalizeBlocking(input.blocking ?? null, matchkeys),
    review: { lo: input.review?.lo ?? null, hi: input.review?.hi ?? null },
    clustering: {
      max_cluster_size: input.clustering?.max_cluster_size ?? CONFIG_DEFAULTS.maxClusterSize,
      min_link_density: input.clustering?.min_link_density ?? CONFIG_DEFAULTS.minLinkDensity,
    },
    link: input.link ? { source_column: input.link.source_column, mode: input.link.mode ?? CONFIG_DEFAULTS.linkMode } : null,
    exclude_columns: [...(input.exclude_columns ?? [])],
    columns: { ...(input.columns ?? {}) },
  };
}

function normalizeMatchkey(mk: MatchkeyInput): Matchkey {
  const negative_evidence = (mk.negative_evidence ?? []).map(normalizeNegativeEvidence);
  switch (mk.type) {
    case 'exact': {
      const out: ExactMatchkey = {
        name: mk.name,
        type: 'exact',
        fields: mk.fields.map((f) => fieldRef(f)),
        // A bare exact key scores 1.0 or nothing; with negative evidence one disagreeing field must be able to veto.
        threshold: mk.threshold ?? (negative_evidence.length > 0
          ? CONFIG_DEFAULTS.threshold.exactWithNegativeEvidence
          : CONFIG_DEFAULTS.threshold.exact),
        negative_evidence,
      };
      return out;
    }
    case 'weighted': {
      const out: WeightedMatchkey = {
        name: mk.name,
        type: 'weighted',
        fields: mk.fields.map(scoredField),
        threshold: mk.threshold ?? CONFIG_DEFAULTS.threshold.weighted,
        min_weight: mk.min_weight ?? 0,
        negative_evidence,
      };
      if (mk.min_weight_by_rarity === true) out.min_weight_by_rarity = true;
      if (mk.swaps !== undefined && mk.swaps.length > 0) out.swaps = mk.swaps.map(([a, b]) => [a, b]);
      return out;
    }
    case 'probabilistic': {
      const out: ProbabilisticMatchkey = {
        name: mk.name,
        type: 'probabilistic',
        fields: mk.fields.map(probabilisticField),
        threshold: mk.threshold ?? CONFIG_DEFAULTS.threshold.probabilistic,
        negative_evidence,
        missing: mk.missing ?? CONFIG_DEFAULTS.missing,
        em: { ...CONFIG_DEFAULTS.em, ...definedOnly(mk.em ?? {}) },
      };
      return out;
    }
  }
}

function fieldRef(f: FieldRefInput, prefix: readonly string[] = []): FieldRef {
  return { field: f.field, transforms: [...prefix, ...(f.transforms ?? [])] };
}

function scoredField(f: ScoredFieldInput): ScoredField {
  return { ...fieldRef(f), scorer: f.scorer, weight: f.weight ?? CONFIG_DEFAULTS.weight };
}

/** The scorer's name without its arguments (`numeric_diff:abs:5` → `numeric_diff`). */
function scorerName(spec: string): string {
  const colon = spec.indexOf(':');
  return colon < 0 ? spec : spec.slice(0, colon);
}

/** An exact scorer only ever says 0 or 1, so a third "partial" level would stay empty. */
function probabilisticField(f: ProbabilisticFieldInput): ScoredField {
  const binary = scorerName(f.scorer) === 'exact';
  const out: ScoredField = {
    ...scoredField(f),
    levels: f.levels ?? (f.level_thresholds !== undefined
      ? f.level_thresholds.length + 1
      : binary ? CONFIG_DEFAULTS.levels.exact : CONFIG_DEFAULTS.levels.fuzzy),
    partial_threshold: f.partial_threshold ?? (binary ? CONFIG_DEFAULTS.partialThreshold.exact : CONFIG_DEFAULTS.partialThreshold.fuzzy),
    tf_adjustment: f.tf_adjustment ?? CONFIG_DEFAULTS.tfAdjustment,
  };
  if (f.level_thresholds !== undefined) out.level_thresholds = [...f.level_thresholds];
  return out;
}

function normalizeNegativeEvidence(ne: NegativeEvidenceInput): NegativeEvidence {
  return {
    ...fieldRef(ne),
    scorer: ne.scorer,
    threshold: ne.threshold ?? CONFIG_DEFAULTS.negativeEvidence.threshold,
    penalty: ne.penalty ?? CONFIG_DEFAULTS.negativeEvidence.penalty,
  };
}

/** With `split_oversized`, each key's secondary key is made explicit (written, else the default), so output files state it. */
function normalizeBlocking(b: NonNullable<ConfigInput['blocking']> | null, matchkeys: readonly Matchkey[]): BlockingConfig {
  const split = b?.split_oversized ?? CONFIG_DEFAULTS.blocking.split_oversized;
  const keys = (b?.keys ?? []).map((key) => {
    const out: BlockingKey = { fields: key.fields.map((f) => fieldRef(f, key.transforms ?? [])) };
    if (key.unordered === true) out.unordered = true;
    if (!split) return out;
    const splitBy = key.split_by !== undefined ? key.split_by.map((f) => fieldRef(f)) : secondaryKey(matchkeys, out);
    if (splitBy.length > 0) out.split_by = splitBy;
    return out;
  });
  return {
    strategy: b?.strategy ?? (keys.length > 1 ? 'multi_pass' : 'static'),
    keys,
    window: b?.window ?? CONFIG_DEFAULTS.blocking.window,
    max_block_size: b?.max_block_size ?? CONFIG_DEFAULTS.blocking.max_block_size,
    split_oversized: split,
    oversized: b?.oversized ?? CONFIG_DEFAULTS.blocking.oversized,
  };
}

/** Drops keys whose value is undefined so they do not override defaults when spread. */
function definedOnly<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, value]) => value !== undefined)) as Partial<T>;
}
