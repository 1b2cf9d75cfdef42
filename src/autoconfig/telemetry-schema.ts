/** The one telemetry shape (API.md §5.1): a valibot schema, its TypeScript type and the parser every producer and reader uses. */
import * as v from 'valibot';
import { KindredError } from '../errors/registry.js';

// Every key but `available`/`source` may be missing or null so the shape can grow without breaking readers;
// `v.object` drops unknown keys instead of rejecting them, for the same reason.
const num = v.nullish(v.number());
const str = v.nullish(v.string());

const JsonValue: v.GenericSchema<unknown> = v.unknown();

/** One fired controller rule. */
export const DecisionSchema = v.object({
  iteration: num,
  rule_name: str,
  rationale: str,
  config_diff: v.nullish(v.record(v.string(), v.object({ from: v.optional(JsonValue), to: v.optional(JsonValue) }))),
  wall_clock_ms: num,
});

/** How one model's accepted pairs agree with the probe's likely matches. */
const ModelFiguresSchema = v.object({ threshold: num, precision: num, recall: num, f1: num, accepted: num });

/** One field of a committed matchkey. */
const MatchkeyFieldSchema = v.object({ column: str, scorer: str, weight: num });

/** The validator of the telemetry object. */
export const TelemetrySchema = v.object({
  available: v.boolean(),
  source: v.nullable(v.string()),
  stop_reason: v.nullish(
    v.picklist(['green', 'converged', 'no_progress', 'budget_iterations', 'budget_time', 'degenerate_blocking']),
  ),
  health: v.nullish(v.picklist(['green', 'yellow', 'red'])),
  elapsed_ms: num,
  scoring: v.nullish(v.object({ n_pairs_scored: num, mass_above_threshold: num, mass_in_borderline: num })),
  blocking: v.nullish(
    v.object({
      n_blocks: num,
      reduction_ratio: num,
      block_size_max: num,
      block_size_p99: num,
      keys_used: v.nullish(v.array(v.string())),
      estimated_recall: num,
      likely_matches: num,
      passes: v.nullish(v.array(v.object({ key: str, estimated_recall: num, held_out_matches: num }))),
    }),
  ),
  cluster: v.nullish(v.object({ n_clusters: num, transitivity_rate: num, cluster_size_max: num })),
  column_priors: v.nullish(v.array(v.object({ column: str, identity_score: num, corruption_score: num }))),
  /** Columns repeating another within records (all of `inner`'s words among `outer`'s on `share` of the rows, making up `coverage` of them): its weight keeps only the news. */
  contained_columns: v.nullish(v.array(v.object({ inner: str, outer: str, share: num, coverage: num }))),
  /** Fields compared alike, read both ways on likely matches judged without them: how many were transposed, against chance, and whether v0 crosses them. */
  swapped_columns: v.nullish(v.array(v.object({ columns: v.array(str), pairs: num, crossed: num, chance: num, declared: v.boolean() }))),
  /** Two linked tables: each v0 field's mean similarity on record pairs found by their words alone (agreement) and on shuffled pairs (chance), its lift, and its weight before and after scaling by it. */
  anchored_weights: v.nullish(
    v.array(v.object({ field: str, scorer: str, pairs: num, agreement: num, chance: num, lift: num, weight_before: num, weight_after: num })),
  ),
  /** Two files linked: which second-file column became which first-file column, and what stayed alone. */
  column_alignment: v.nullish(
    v.object({
      pairs: v.nullish(
        v.array(
          v.object({
            first: str,
            second: str,
            score: num,
            name_score: num,
            value_score: num,
            by: str,
            evidence: v.nullish(v.object({ pairs: num, agreement: num, chance: num, z: num })),
          }),
        ),
      ),
      first_only: v.nullish(v.array(v.string())),
      second_only: v.nullish(v.array(v.string())),
      likely_pairs: v.nullish(num),
    }),
  ),
  decisions: v.nullish(v.array(DecisionSchema)),
  /** Weighted or Fellegi–Sunter, chosen by agreement with the probe's likely matches (docs/autoconfig.md §3.3). */
  model_choice: v.nullish(
    v.object({
      chosen: v.nullish(v.picklist(['weighted', 'probabilistic'])),
      criterion: str,
      judged_pairs: num,
      likely_matches: num,
      weighted: v.nullish(ModelFiguresSchema),
      probabilistic: v.nullish(v.object({ ...ModelFiguresSchema.entries, em_converged: v.nullish(v.boolean()) })),
      skipped: str,
      rationale: str,
    }),
  ),
  committed_matchkeys: v.nullish(
    v.array(
      v.object({
        name: str,
        type: str,
        threshold: num,
        /** Least weight a weighted mean is taken over (0: the plain mean). */
        min_weight: num,
        fields: v.nullish(v.array(MatchkeyFieldSchema)),
        has_negative_evidence: v.nullish(v.boolean()),
        /** Weighted matchkeys: the column pairs read crossed as well as written. */
        swaps: v.nullish(v.array(v.array(str))),
      }),
    ),
  ),
  negative_evidence: v.nullish(
    v.array(v.object({ matchkey_name: str, field: str, scorer: str, threshold: num, penalty: num })),
  ),
});

/** The telemetry object as every producer emits it and every reader sees it. */
export type Telemetry = v.InferOutput<typeof TelemetrySchema>;

/** One fired rule, as recorded in `decisions`. */
export type Decision = v.InferOutput<typeof DecisionSchema>;

/** Why the controller stopped. */
export type StopReason = NonNullable<Telemetry['stop_reason']>;

/** The health verdict of a configuration. */
export type Health = NonNullable<Telemetry['health']>;

/**
 * The `source` of each kind of controller run, as saved in the state
 * database. Only `rest` (POST /autoconfig) fills the contract's slot
 * (`GET /controller/telemetry`, `autoconfig_telemetry()`); a server's
 * zero-config start-up run is `startup`.
 *
 * @example
 * db.saveTelemetry(TELEMETRY_SOURCES.startup, JSON.stringify(telemetry));
 */
export const TELEMETRY_SOURCES = { rest: 'rest_autoconfig', startup: 'startup', cli: 'cli_autoconfig', sql: 'sql_autoconfig' } as const;

/**
 * The exact object served before any autoconfig run.
 *
 * @example
 * JSON.stringify(TELEMETRY_SENTINEL); // '{"available":false,"source":null}'
 */
export const TELEMETRY_SENTINEL: Telemetry = Object.freeze({ available: false, source: null });

/**
 * Parses a telemetry object (already JSON-decoded). Unknown keys are dropped,
 * missing optional keys stay missing; a wrong type is an `internal` error
 * because telemetry only ever comes from our own controller.
 *
 * @example
 * const t = parseTelemetry(JSON.parse(stdout));
 * t.health; // 'green'
 */
export function parseTelemetry(json: unknown): Telemetry {
  const result = v.safeParse(TelemetrySchema, json);
  if (result.success) return result.output;
  const issues = result.issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message }));
  throw new KindredError('internal', `invalid telemetry: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
}
