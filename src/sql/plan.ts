/** The intermediate form of a configuration compiled to SQL: prepared columns, blocking passes, comparisons and matchkey arithmetic, independent of any dialect. */
import type { Config, FieldRef } from '../config/types.js';
import { fieldKey } from '../engine/fields/field-dictionary.js';
import { THRESHOLD_EPSILON } from '../engine/scoring/matchkey-math.js';
import { swapLayout, type SwapLayout } from '../engine/scoring/swap-readings.js';
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
 *
 * An unordered pass (`unordered` set) is keyed on two derived columns, the
 * least and the greatest of its two prepared columns (null when either is
 * null): `columns` names those, `unordered.of` the prepared columns they are made from.
 */
export interface PlanPass {
  label: string;
  columns: string[];
  window: number | null;
  unordered: { of: [string, string] } | null;
}

/**
 * One similarity a matchkey reads: a prepared column of record a compared
 * with a prepared column of record b by a scorer (each distinct triple
 * computed once per candidate pair). The two columns are the same except
 * in a crossed comparison of swapped columns (a's first name against b's
 * surname).
 */
export interface PlanComparison {
  name: string;
  /** The prepared column read on record a (the left row). */
  column: string;
  /** The prepared column read on record b (the right row). */
  right: string;
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

/**
 * A weighted matchkey read with some of its swaps crossed (as `bestReading`
 * scores it): the weighted mean's terms in configuration order, a crossed
 * field's term being its crossed comparison at the swap's mean weight. The
 * reading is not scored (it counts as 0, below the reading as written)
 * when a swap it crosses agrees fully as written: both direct comparisons
 * of one of the `unlessAgreeing` pairs exactly 1, as the engine skips it.
 */
export interface PlanReading {
  fields: Array<{ comparison: string; weight: number }>;
  unlessAgreeing: Array<[string, string]>;
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
  /**
   * Weighted with `swaps`: the crossed readings (see {@link PlanReading}),
   * one per non-empty combination of the swaps; the score before negative
   * evidence is the greatest of the reading as written (`fields`) and these.
   * Empty otherwise.
   */
  crossed: PlanReading[];
  minWeight: number;
  /** `min_weight_by_rarity`: each term counts toward `minWeight` at its weight times its value share (`sh_` of its comparison). */
  byRarity: boolean;
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
  /** Prepared columns whose values' rarity shares (`rar_`) a `min_weight_by_rarity` matchkey reads, and the comparisons whose pair share (`sh_`) it reads. */
  rarity: { columns: string[]; comparisons: string[] };
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
  const rarity: SqlPlan['rarity'] = { columns: [], comparisons: [] };
  // `right`: the field read on record b, when it is not `ref` (a crossed comparison of swapped columns).
  const comparison = (ref: FieldRef, scorer: string, origin: string, right: FieldRef = ref): string => {
    const col = column(ref, origin);
    const rightCol = column(right, origin);
    let c = comparisons.find((x) => x.column === col && x.right === rightCol && x.scorer === scorer);
    if (c === undefined) {
      c = { name: `s${comparisons.length}`, column: col, right: rightCol, scorer, origin };
      comparisons.push(c);
    }
    return c.name;
  };

  const passes: PlanPass[] = passSpecs(config).map((spec, i) => {
    const columns = spec.fields.map((f, j) => column(f, `${spec.label}.fields[${j}]`));
    if (!spec.unordered) return { label: spec.label, columns, window: spec.window, unordered: null };
    const [a, b] = columns;
    return { label: spec.label, columns: [`u${i}_least`, `u${i}_greatest`], window: spec.window, unordered: { of: [a, b] } };
  });

  const matchkeys: PlanMatchkey[] = config.matchkeys.map((mk, k) => {
    const at = `matchkeys[${k}] (${mk.name})`;
    const lo = config.review.lo ?? mk.threshold - 0.1;
    const fields =
      mk.type === 'exact'
        ? mk.fields.map((f, i) => ({ comparison: comparison(f, 'exact', `${at}.fields[${i}] (${f.field})`), weight: 1 }))
        : mk.fields.map((f, i) => ({ comparison: comparison(f, f.scorer, `${at}.fields[${i}] (${f.field})`), weight: f.weight }));
    const crossed =
      mk.type === 'weighted'
        ? crossedReadings(swapLayout(mk.swaps ?? [], mk.fields), fields, (k, from, to) => {
            const [a, b] = [mk.fields[from], mk.fields[to]];
            // The scorer of the field read on record b, as the engine's crossed comparison has it (the two share one).
            return comparison(a, b.scorer, `${at}.swaps[${k}] (${a.field} against ${b.field})`, b);
          })
        : [];
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
    const byRarity = mk.type === 'weighted' && mk.min_weight_by_rarity === true;
    if (byRarity) {
      for (const term of [...fields, ...crossed.flatMap((r) => r.fields)]) {
        const c = comparisons.find((x) => x.name === term.comparison) as PlanComparison;
        for (const col of [c.column, c.right]) if (!rarity.columns.includes(col)) rarity.columns.push(col);
        if (!rarity.comparisons.includes(c.name)) rarity.comparisons.push(c.name);
      }
    }
    return {
      name: mk.name,
      type: mk.type,
      acceptAt: mk.threshold - THRESHOLD_EPSILON,
      keepAt: lo,
      fields,
      crossed,
      minWeight: mk.type === 'weighted' ? mk.min_weight : 0,
      byRarity,
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
    rarity,
  };
}

/**
 * Every non-empty combination of the swaps (bit k of the mask: swap k
 * crossed, masks ascending), each as the reading as written with the
 * crossed fields' terms replaced: field `left[k]` by a's `left[k]` against
 * b's `right[k]`, field `right[k]` by a's `right[k]` against b's `left[k]`,
 * both at the swap's weight. `cross(k, from, to)` names the comparison of
 * field `from` of a with field `to` of b.
 */
function crossedReadings(
  swaps: SwapLayout | null,
  asWritten: ReadonlyArray<{ comparison: string; weight: number }>,
  cross: (k: number, from: number, to: number) => string,
): PlanReading[] {
  if (swaps === null) return [];
  const n = swaps.left.length;
  const readings: PlanReading[] = [];
  for (let mask = 1; mask < 1 << n; mask++) {
    const fields = asWritten.map((f) => ({ ...f }));
    const unlessAgreeing: Array<[string, string]> = [];
    for (let k = 0; k < n; k++) {
      if ((mask & (1 << k)) === 0) continue;
      const [l, r] = [swaps.left[k], swaps.right[k]];
      unlessAgreeing.push([asWritten[l].comparison, asWritten[r].comparison]);
      fields[l] = { comparison: cross(k, l, r), weight: swaps.weight[k] };
      fields[r] = { comparison: cross(k, r, l), weight: swaps.weight[k] };
    }
    readings.push({ fields, unlessAgreeing });
  }
  return readings;
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
