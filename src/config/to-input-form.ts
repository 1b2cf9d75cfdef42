/** Writes a normalised `Config` back in the configuration file's structure (what YAML and JSON emit). */
import type { Config, FieldRef, Matchkey, NegativeEvidence, ScoredField } from './types.js';

/** A JSON/YAML value. */
export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue };
/** A mapping of {@link PlainValue}s. */
export type PlainMapping = { [key: string]: PlainValue };

/**
 * The configuration in the file's structure, with every setting explicit
 * (defaults written out, so the file still means the same if a default ever
 * changes). Empty lists and null sections are left out, and a field without
 * transforms is written as its bare column name where the file allows it.
 * Loading the result gives back a deep-equal `Config`.
 *
 * @example
 * configToInputForm(config).matchkeys; // [{ name: 'by_email', type: 'exact', threshold: 1, fields: ['email'] }]
 */
export function configToInputForm(config: Config): PlainMapping {
  const out: PlainMapping = { matchkeys: config.matchkeys.map(matchkeyForm) };
  const b = config.blocking;
  out.blocking = {
    strategy: b.strategy,
    keys: b.keys.map((key) => blockingKeyForm(key.fields, key.split_by, key.unordered === true)),
    window: b.window,
    max_block_size: b.max_block_size,
    split_oversized: b.split_oversized,
    oversized: b.oversized,
  };
  const review: PlainMapping = {};
  if (config.review.lo !== null) review.lo = config.review.lo;
  if (config.review.hi !== null) review.hi = config.review.hi;
  if (Object.keys(review).length > 0) out.review = review;
  out.clustering = { max_cluster_size: config.clustering.max_cluster_size, min_link_density: config.clustering.min_link_density };
  if (config.link) out.link = { source_column: config.link.source_column, mode: config.link.mode };
  if (config.exclude_columns.length > 0) out.exclude_columns = [...config.exclude_columns];
  if (Object.keys(config.columns).length > 0) out.columns = { ...config.columns };
  return out;
}

function matchkeyForm(mk: Matchkey): PlainMapping {
  const out: PlainMapping = { name: mk.name, type: mk.type, threshold: mk.threshold };
  switch (mk.type) {
    case 'exact':
      out.fields = mk.fields.map(bareOrMapping);
      break;
    case 'weighted':
      if (mk.min_weight > 0) out.min_weight = mk.min_weight;
      if (mk.min_weight_by_rarity === true) out.min_weight_by_rarity = true;
      out.fields = mk.fields.map((f) => scoredFieldForm(f, false));
      if (mk.swaps !== undefined && mk.swaps.length > 0) out.swaps = mk.swaps.map(([a, b]) => [a, b]);
      break;
    case 'probabilistic':
      out.fields = mk.fields.map((f) => scoredFieldForm(f, true));
      break;
  }
  if (mk.negative_evidence.length > 0) out.negative_evidence = mk.negative_evidence.map(negativeEvidenceForm);
  if (mk.type === 'probabilistic') {
    out.missing = mk.missing;
    out.em = { ...mk.em };
  }
  return out;
}

function bareOrMapping(f: FieldRef): PlainValue {
  return f.transforms.length === 0 ? f.field : { field: f.field, transforms: [...f.transforms] };
}

function withTransforms(out: PlainMapping, transforms: readonly string[]): PlainMapping {
  if (transforms.length > 0) out.transforms = [...transforms];
  return out;
}

function scoredFieldForm(f: ScoredField, probabilistic: boolean): PlainMapping {
  const out = withTransforms({ field: f.field, scorer: f.scorer, weight: f.weight }, f.transforms);
  // Level settings are only legal on probabilistic fields; a stray one on a weighted field is dropped, not emitted.
  if (!probabilistic) return out;
  if (f.levels !== undefined) out.levels = f.levels;
  if (f.partial_threshold !== undefined) out.partial_threshold = f.partial_threshold;
  if (f.level_thresholds !== undefined) out.level_thresholds = [...f.level_thresholds];
  if (f.tf_adjustment !== undefined) out.tf_adjustment = f.tf_adjustment;
  return out;
}

function negativeEvidenceForm(ne: NegativeEvidence): PlainMapping {
  const out = withTransforms({ field: ne.field, scorer: ne.scorer }, ne.transforms);
  out.threshold = ne.threshold;
  out.penalty = ne.penalty;
  return out;
}

/**
 * A blocking key; transforms shared by every field (of a multi-field key) are
 * written once at key level, which loads back to the same per-field chains.
 */
function blockingKeyForm(fields: readonly FieldRef[], splitBy: readonly FieldRef[] | undefined, unordered: boolean): PlainMapping {
  const shared = fields.length > 1 ? commonPrefix(fields.map((f) => f.transforms)) : [];
  const out: PlainMapping = {
    fields: fields.map((f) => bareOrMapping({ field: f.field, transforms: f.transforms.slice(shared.length) })),
  };
  withTransforms(out, shared);
  // The key's transforms do not apply to split_by, so its fields are written with their whole chains.
  if (splitBy !== undefined && splitBy.length > 0) out.split_by = splitBy.map(bareOrMapping);
  if (unordered) out.unordered = true;
  return out;
}

function commonPrefix(chains: readonly (readonly string[])[]): string[] {
  const first = chains[0] ?? [];
  let n = 0;
  while (n < first.length && chains.every((c) => c[n] === first[n])) n++;
  return first.slice(0, n);
}
