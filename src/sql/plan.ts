/** The intermediate form of a configuration compiled to SQL: prepared columns, blocking passes, comparisons and matchkey arithmetic, independent of any dialect. */
import type { Config, FieldRef } from '../config/types.js';
import { fieldKey } from '../engine/fields/field-dictionary.js';
import { THRESHOLD_EPSILON } from '../engine/scoring/matchkey-math.js';
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

/** One blocking pass: rows equal (and present) on every listed prepared column share a block. */
export interface PlanPass {
  label: string;
  columns: string[];
}

/** One similarity a matchkey reads: a prepared column compared with a scorer (each distinct pair computed once per candidate pair). */
export interface PlanComparison {
  name: string;
  column: string;
  scorer: string;
  /** Where it comes from in the configuration (for error messages). */
  origin: string;
}

/** A matchkey as arithmetic over comparisons. */
export interface PlanMatchkey {
  name: string;
  type: 'exact' | 'weighted';
  /** A pair accepts when its score is at least this (the threshold less kindred's epsilon). */
  acceptAt: number;
  /** A pair deciding on this matchkey is kept (matched or for review) at or above this. */
  keepAt: number;
  /** Exact: the comparisons that must all be equal. Weighted: the weighted mean's terms, in configuration order. */
  fields: Array<{ comparison: string; weight: number }>;
  minWeight: number;
  negatives: Array<{ comparison: string; threshold: number; penalty: number }>;
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
}

function unsupported(what: string): KindredError {
  return new KindredError('sql_unsupported', `cannot compile to SQL: ${what}`);
}

/**
 * Compiles a validated configuration to the intermediate form. Passes are
 * the engine's own (`passSpecs`: blocking keys, then one per exact
 * matchkey), so both engines block alike.
 *
 * @throws KindredError `sql_unsupported` for what has no SQL form yet
 *   (sorted neighbourhood, split oversized blocks, probabilistic matchkeys).
 * @example
 * const plan = planSql(config);
 * plan.passes.map((p) => p.label); // ['blocking.keys[0]', 'blocking.keys[1]']
 */
export function planSql(config: Config): SqlPlan {
  if (config.blocking.strategy === 'sorted_neighborhood') throw unsupported('blocking.strategy sorted_neighborhood (only block passes compile)');
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
  }));

  const matchkeys: PlanMatchkey[] = config.matchkeys.map((mk, k) => {
    const at = `matchkeys[${k}] (${mk.name})`;
    if (mk.type === 'probabilistic') throw unsupported(`${at}: probabilistic matchkeys are not compiled to SQL yet`);
    const lo = config.review.lo ?? mk.threshold - 0.1;
    const fields =
      mk.type === 'exact'
        ? mk.fields.map((f, i) => ({ comparison: comparison(f, 'exact', `${at}.fields[${i}] (${f.field})`), weight: 1 }))
        : mk.fields.map((f, i) => ({ comparison: comparison(f, f.scorer, `${at}.fields[${i}] (${f.field})`), weight: f.weight }));
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
  };
}
