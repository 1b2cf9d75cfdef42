/** The valibot schema of the configuration file as written (the input form, before defaults). */
import * as v from 'valibot';
import { describeValue } from './describe-value.js';
import {
  columnName,
  columnPair,
  isMapping,
  listChoices,
  listOf,
  matchkeyName,
  numberIn,
  oneOf,
  scorerSpec,
  strictEntries,
  strictMapping,
  transformList,
  wholeNumberAtLeast,
  yesNo,
  type MisplacedKeys,
} from './schema-parts.js';

/** The matchkey types, in the order the docs present them. */
export const MATCHKEY_TYPES = ['exact', 'weighted', 'probabilistic'] as const;
/** Blocking strategies. */
export const BLOCKING_STRATEGIES = ['static', 'multi_pass', 'sorted_neighborhood'] as const;

const unitInterval = () => numberIn({ min: 0, max: 1 });

/**
 * A column given either as its bare name or as `{field, transforms}`; the
 * bare name is widened first so both spellings meet one strict mapping.
 */
function fieldRef(misplaced: MisplacedKeys = {}) {
  return v.pipe(
    v.unknown(),
    v.transform((input): unknown => (typeof input === 'string' ? { field: input } : input)),
    strictMapping(
      { field: columnName(), transforms: v.optional(transformList()) },
      'a column name or a mapping {field, transforms}',
      { misplaced, bareColumnAllowed: true },
    ),
  );
}

const PROBABILISTIC_ONLY = 'is only allowed on a field of a probabilistic matchkey';
const SCORED_ONLY = 'is not allowed on a field of an exact matchkey: exact fields are compared for equality (use type: weighted to score similarity)';

/** Keys of a probabilistic field that mean nothing on a weighted one. */
const probabilisticFieldKeys: MisplacedKeys = {
  levels: `"levels" ${PROBABILISTIC_ONLY}`,
  partial_threshold: `"partial_threshold" ${PROBABILISTIC_ONLY}`,
  level_thresholds: `"level_thresholds" ${PROBABILISTIC_ONLY}`,
  tf_adjustment: `"tf_adjustment" ${PROBABILISTIC_ONLY}`,
};

const exactField = fieldRef({ scorer: `"scorer" ${SCORED_ONLY}`, weight: `"weight" ${SCORED_ONLY}` });

const scoredFieldEntries = {
  field: columnName(),
  scorer: scorerSpec(),
  weight: v.optional(numberIn({ min: 0, minOpen: true })),
  transforms: v.optional(transformList()),
};

const weightedField = strictMapping(scoredFieldEntries, 'a mapping {field, scorer, weight, transforms}', {
  misplaced: probabilisticFieldKeys,
});

/** Cut points must climb strictly, or two levels would never be distinguishable. */
const levelThresholds = v.pipe(
  listOf(numberIn({ min: 0, max: 1, minOpen: true }), 'numbers', { nonEmpty: 'threshold' }),
  v.check(
    (cuts) => cuts.every((c, i) => i === 0 || c > cuts[i - 1]),
    (issue) => `expected strictly ascending numbers, got [${Array.isArray(issue.input) ? issue.input.join(', ') : ''}]`,
  ),
);

const probabilisticField = strictMapping(
  {
    ...scoredFieldEntries,
    levels: v.optional(wholeNumberAtLeast(2)),
    partial_threshold: v.optional(numberIn({ min: 0, max: 1, minOpen: true })),
    level_thresholds: v.optional(levelThresholds),
    tf_adjustment: v.optional(yesNo()),
  },
  'a mapping {field, scorer, weight, transforms, levels, partial_threshold, level_thresholds, tf_adjustment}',
);

const negativeEvidence = strictMapping(
  {
    field: columnName(),
    scorer: scorerSpec(),
    transforms: v.optional(transformList()),
    threshold: v.optional(unitInterval()),
    penalty: v.optional(numberIn({ min: 0, max: 1, minOpen: true })),
  },
  'a mapping {field, scorer, transforms, threshold, penalty}',
);

const negativeEvidenceList = v.optional(listOf(negativeEvidence, 'negative evidence mappings'));

const em = strictMapping(
  {
    max_iterations: v.optional(wholeNumberAtLeast(1)),
    convergence: v.optional(numberIn({ min: 0, minOpen: true })),
    seed: v.optional(wholeNumberAtLeast(0)),
    sample_pairs: v.optional(wholeNumberAtLeast(1)),
    u_pairs: v.optional(wholeNumberAtLeast(1)),
  },
  'a mapping {max_iterations, convergence, seed, sample_pairs, u_pairs}',
);

const PROBABILISTIC_MATCHKEY_ONLY = 'is only allowed on a probabilistic matchkey';
const WEIGHTED_MATCHKEY_ONLY = 'is only allowed on a weighted matchkey';

/* Key order here is the order listed in "expected one of" messages. */
const exactMatchkey = strictEntries(
  {
    name: matchkeyName(),
    type: v.literal('exact'),
    threshold: v.optional(unitInterval()),
    fields: listOf(exactField, 'columns', { nonEmpty: 'field' }),
    negative_evidence: negativeEvidenceList,
  },
  { missing: `"missing" ${PROBABILISTIC_MATCHKEY_ONLY}`, em: `"em" ${PROBABILISTIC_MATCHKEY_ONLY}`, swaps: `"swaps" ${WEIGHTED_MATCHKEY_ONLY}` },
);

const weightedMatchkey = strictEntries(
  {
    name: matchkeyName(),
    type: v.literal('weighted'),
    threshold: v.optional(unitInterval()),
    min_weight: v.optional(numberIn({ min: 0 })),
    min_weight_by_rarity: v.optional(v.boolean()),
    fields: listOf(weightedField, 'field mappings', { nonEmpty: 'field' }),
    swaps: v.optional(listOf(columnPair(), 'column pairs such as [first_name, surname]')),
    negative_evidence: negativeEvidenceList,
  },
  { missing: `"missing" ${PROBABILISTIC_MATCHKEY_ONLY}`, em: `"em" ${PROBABILISTIC_MATCHKEY_ONLY}` },
);

const probabilisticMatchkey = strictEntries({
  name: matchkeyName(),
  type: v.literal('probabilistic'),
  threshold: v.optional(unitInterval()),
  fields: listOf(probabilisticField, 'field mappings', { nonEmpty: 'field' }),
  negative_evidence: negativeEvidenceList,
  missing: v.optional(oneOf(['unobserved', 'disagree'])),
  em: v.optional(em),
}, { swaps: `"swaps" ${WEIGHTED_MATCHKEY_ONLY} (a probabilistic model scores one reading of the columns)` });

const matchkey = v.pipe(
  v.custom<Record<string, unknown>>(
    isMapping,
    (issue) => `expected a matchkey mapping {name, type, threshold, fields, negative_evidence}, got ${describeValue(issue.input)}`,
  ),
  v.variant('type', [exactMatchkey, weightedMatchkey, probabilisticMatchkey], (issue) =>
    issue.input === undefined
      ? `missing required key "type" (${listChoices(MATCHKEY_TYPES)})`
      : `expected ${listChoices(MATCHKEY_TYPES)}, got ${describeValue(issue.input)}`,
  ),
);

const blockingKey = strictMapping(
  {
    fields: listOf(fieldRef(), 'columns', { nonEmpty: 'field' }),
    transforms: v.optional(transformList()),
    split_by: v.optional(listOf(fieldRef(), 'columns', { nonEmpty: 'field' })),
    unordered: v.optional(yesNo()),
  },
  'a blocking key mapping {fields, transforms, split_by, unordered}',
);

const blocking = strictMapping(
  {
    strategy: v.optional(oneOf(BLOCKING_STRATEGIES)),
    keys: v.optional(listOf(blockingKey, 'blocking keys')),
    window: v.optional(wholeNumberAtLeast(2)),
    max_block_size: v.optional(wholeNumberAtLeast(2)),
    split_oversized: v.optional(yesNo()),
    oversized: v.optional(oneOf(['score', 'skip'])),
  },
  'a mapping {strategy, keys, window, max_block_size, split_oversized, oversized}',
);

const review = strictMapping(
  { lo: v.nullish(unitInterval()), hi: v.nullish(unitInterval()) },
  'a mapping {lo, hi}',
);

const clustering = strictMapping(
  { max_cluster_size: v.optional(wholeNumberAtLeast(2)), min_link_density: v.optional(unitInterval()) },
  'a mapping {max_cluster_size, min_link_density}',
);

const link = strictMapping(
  { source_column: columnName(), mode: v.optional(oneOf(['link_only', 'link_and_dedupe'])) },
  'a mapping {source_column, mode}',
);

/**
 * The whole configuration file as written. Every mapping is strict: an
 * unknown key is an error, so a typo can never silently become a default.
 * Optional sections may also be written as an empty key (`blocking:`), which
 * YAML reads as null.
 *
 * @example
 * const result = v.safeParse(configSchema, YAML.parse(text));
 */
export const configSchema = strictEntries({
  matchkeys: listOf(matchkey, 'matchkey mappings', { nonEmpty: 'matchkey' }),
  blocking: v.nullish(blocking),
  review: v.nullish(review),
  clustering: v.nullish(clustering),
  link: v.nullish(link),
  exclude_columns: v.optional(listOf(columnName(), 'column names')),
  // Linking two files: a column of the second file → the column of the first it is, or null to keep it apart (overrides the automatic alignment).
  columns: v.nullish(
    v.pipe(
      v.custom<Record<string, unknown>>(isMapping, (issue) => `expected a mapping {second-file column: first-file column or null}, got ${describeValue(issue.input)}`),
      v.record(v.string(), v.nullable(columnName())),
    ),
  ),
});

/**
 * The validated input form: what the user wrote, typed, before defaults.
 *
 * @example
 * const mk: ConfigInput['matchkeys'][number] = { name: 'e', type: 'exact', fields: [{ field: 'email' }] };
 */
export type ConfigInput = v.InferOutput<typeof configSchema>;
/** A matchkey as written. */
export type MatchkeyInput = ConfigInput['matchkeys'][number];
