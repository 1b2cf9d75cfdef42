/** The intermediate form of a configuration compiled to SQL: prepared columns, blocking passes, comparisons and matchkey arithmetic, independent of any dialect. */
import type { Config, FieldRef } from '../config/types.js';
import { fieldKey } from '../engine/fields/field-dictionary.js';
import { THRESHOLD_EPSILON } from '../engine/scoring/matchkey-math.js';
import { LEVEL_DEFAULTS, levelCount } from '../engine/probabilistic/levels.js';
import { parseParameters } from '../engine/probabilistic/parameters.js';
import { passSpecs } from '../engine/run.js';
import { KindredError } from '../errors/registry.js';

/** A prepared column: a source column through a transform chain. */
export interface PlanColumn {
  /** Its name in the prepared table (`c0`, `c1`, ...). */
  name: string;
  ref: FieldRef;
  /** Where it comes from in the configuration (for error messages). */
  origin: string;
}

/**
 * One blocking pass. A block pass (`window` null): rows equal (and present)
 * on every listed prepared column share a block. A sorted-neighbourhood pass:
 * the rows present on every column, sorted by them (code-point order, field
 * by field, ties by record id), are paired when fewer than `window`
 * positions apart.
 */
export interface PlanPass {
  label: string;
  columns: string[];
  window: number | null;
}

/** One similarity a matchkey reads: a prepared column compared with a scorer (each distinct pair computed once per candidate pair). */
export interface PlanComparison {
  name: string;
  column: string;
  scorer: string;
  /** Where it comes from in the configuration (for error messages). */
  origin: string;
}

/**
 * How a similarity becomes a comparison level: `count` — the number of cut
 * points at or below it; `three` — 2 at or above `top`, 1 at or above
 * `partial`, else 0 (the 3-level default, which is not a count when
 * `partial` exceeds `top`).
 */
export type LevelRule = { kind: 'count'; cuts: number[] } | { kind: 'three'; partial: number; top: number };

/** One field of a trained Fellegi–Sunter matchkey. */
export interface PlanProbabilisticField {
  comparison: string;
  level: LevelRule;
  /** Bits per level. */
  weights: number[];
  minWeight: number;
  maxWeight: number;
  /** The prepared column whose term-frequency bits apply on exact top-level agreement; null without `tf_adjustment`. */
  tfColumn: string | null;
}

/** A matchkey as arithmetic over comparisons. */
export interface PlanMatchkey {
  name: string;
  type: 'exact' | 'weighted' | 'probabilistic';
  /** A pair accepts when its score is at least this (the threshold less kindred's epsilon). */
  acceptAt: number;
  /** A pair deciding on this matchkey is kept (matched or for review) at or above this. */
  keepAt: number;
  /** Exact: the comparisons that must all be equal. Weighted: the weighted mean's terms, in configuration order. */
  fields: Array<{ comparison: string; weight: number }>;
  minWeight: number;
  negatives: Array<{ comparison: string; threshold: number; penalty: number }>;
  /** Probabilistic only: the trained model's fields, and whether a missing value is level 0 (`disagree`) or no evidence. */
  probabilistic: { fields: PlanProbabilisticField[]; missingDisagrees: boolean } | null;
}

/** A whole configuration as SQL-shaped data. */
export interface SqlPlan {
  columns: PlanColumn[];
  passes: PlanPass[];
  comparisons: PlanComparison[];
  matchkeys: PlanMatchkey[];
  /** Link mode: the prepared source column, and whether same-source pairs are left out. */
  link: { column: string; linkOnly: boolean } | null;
  /** With `oversized: skip`, blocks larger than this are not compared; null when every block is compared. */
  skipBlocksOver: number | null;
  /** Prepared columns whose term-frequency bits a probabilistic field uses. */
  tfColumns: string[];
}

function unsupported(what: string): KindredError {
  return new KindredError('sql_unsupported', `cannot compile to SQL: ${what}`);
}

/**
 * Compiles a validated configuration to the intermediate form. Passes are
 * the engine's own (`passSpecs`: blocking keys, then one per exact
 * matchkey), so both engines block alike.
 *
 * Probabilistic matchkeys need their trained parameters (`models`, by
 * matchkey name, as `FellegiSunterModel.toJSON` writes them).
 *
 * @throws KindredError `sql_unsupported` for what has no SQL form yet
 *   (split oversized blocks) and for a probabilistic matchkey without
 *   trained parameters.
 * @example
 * const plan = planSql(config);
 * plan.passes.map((p) => p.label); // ['blocking.keys[0]', 'blocking.keys[1]']
 */
export function planSql(config: Config, models: Readonly<Record<string, unknown>> = {}): SqlPlan {
  if (config.blocking.split_oversized) throw unsupported('blocking.split_oversized (set it to false, or oversized: skip)');
  const columns: PlanColumn[] = [];
  const byKey = new Map<string, string>();
  const column = (ref: FieldRef, origin: string): string => {
    const key = fieldKey(ref.field, ref.transforms);
    let name = byKey.get(key);
    if (name === undefined) {
      name = `c${columns.length}`;
      byKey.set(key, name);
      columns.push({ name, ref: { field: ref.field, transforms: [...ref.transforms] }, origin });
    }
    return name;
  };
  const comparisons: PlanComparison[] = [];
  const tfColumns: string[] = [];
  const comparison = (ref: FieldRef, scorer: string, origin: string): string => {
    const col = column(ref, origin);
    let c = comparisons.find((x) => x.column === col && x.scorer === scorer);
    if (c === undefined) {
      c = { name: `s${comparisons.length}`, column: col, scorer, origin };
      comparisons.push(c);
    }
    return c.name;
  };

  const passes = passSpecs(config).map((spec) => ({
    label: spec.label,
    columns: spec.fields.map((f, j) => column(f, `${spec.label}.fields[${j}]`)),
    window: spec.window,
  }));

  const matchkeys: PlanMatchkey[] = config.matchkeys.map((mk, k) => {
    const at = `matchkeys[${k}] (${mk.name})`;
    if (mk.type === 'weighted' && mk.swaps !== undefined) throw unsupported(`${at}.swaps: swapped columns have no SQL form yet`);
    const lo = config.review.lo ?? mk.threshold - 0.1;
    const fields =
      mk.type === 'exact'
        ? mk.fields.map((f, i) => ({ comparison: comparison(f, 'exact', `${at}.fields[${i}] (${f.field})`), weight: 1 }))
        : mk.fields.map((f, i) => ({ comparison: comparison(f, f.scorer, `${at}.fields[${i}] (${f.field})`), weight: f.weight }));
    let probabilistic: PlanMatchkey['probabilistic'] = null;
    if (mk.type === 'probabilistic') {
      if (!(mk.name in models)) throw unsupported(`${at}: a probabilistic matchkey needs its trained parameters (m, u, weights); none were given (kindred sql --sample <csv> trains them)`);
      const params = parseParameters(models[mk.name]);
      if (params.fields.length !== mk.fields.length) throw unsupported(`${at}: the trained parameters have ${params.fields.length} fields, the matchkey ${mk.fields.length}`);
      probabilistic = {
        missingDisagrees: mk.missing === 'disagree',
        fields: mk.fields.map((f, i) => {
          const p = params.fields[i];
          if (p.key !== fieldKey(f.field, f.transforms)) throw unsupported(`${at}.fields[${i}] (${f.field}): the trained parameters are for ${p.key}, the field is ${fieldKey(f.field, f.transforms)}`);
          if (p.levels !== levelCount(f)) throw unsupported(`${at}.fields[${i}] (${f.field}): trained with ${p.levels} levels, configured with ${levelCount(f)}`);
          const tfColumn = p.tfAdjustment ? column(f, `${at}.fields[${i}] (${f.field})`) : null;
          if (tfColumn !== null && !tfColumns.includes(tfColumn)) tfColumns.push(tfColumn);
          return {
            comparison: fields[i].comparison,
            level: levelRule(f),
            weights: [...p.weights],
            minWeight: Math.min(...p.weights),
            maxWeight: Math.max(...p.weights),
            tfColumn,
          };
        }),
      };
    }
    return {
      name: mk.name,
      type: mk.type,
      acceptAt: mk.threshold - THRESHOLD_EPSILON,
      keepAt: lo,
      fields,
      minWeight: mk.type === 'weighted' ? mk.min_weight : 0,
      negatives: mk.negative_evidence.map((ne, i) => ({
        comparison: comparison(ne, ne.scorer, `${at}.negative_evidence[${i}] (${ne.field})`),
        threshold: ne.threshold,
        penalty: ne.penalty,
      })),
      probabilistic,
    };
  });
  const link = config.link === null ? null : { column: column({ field: config.link.source_column, transforms: [] }, 'link.source_column'), linkOnly: config.link.mode === 'link_only' };
  return {
    columns,
    passes,
    comparisons,
    matchkeys,
    link,
    skipBlocksOver: config.blocking.oversized === 'skip' ? config.blocking.max_block_size : null,
    tfColumns,
  };
}

/** The level rule of a probabilistic field, as `levelFunction` defines it. */
function levelRule(spec: { levels?: number; partial_threshold?: number; level_thresholds?: number[] }): LevelRule {
  const n = levelCount(spec);
  if (spec.level_thresholds && spec.level_thresholds.length > 0) return { kind: 'count', cuts: [...spec.level_thresholds] };
  const partial = spec.partial_threshold ?? LEVEL_DEFAULTS.partialThreshold;
  if (n === 2) return { kind: 'count', cuts: [partial] };
  if (n === 3) return { kind: 'three', partial, top: LEVEL_DEFAULTS.threeLevelTop };
  return { kind: 'count', cuts: Array.from({ length: n - 1 }, (_, k) => (k + 1) / n) };
}
