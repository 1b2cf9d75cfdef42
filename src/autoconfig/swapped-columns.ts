/** Columns whose values trade places between records of one entity (a first name written as the surname), found on likely matches judged without them, so a weighted matchkey can read them crossed. */
import type { ScoredField } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { createScorer, learnsFromColumn } from '../engine/scorers/registry.js';
import type { LikelyMatches } from './likely-matches.js';
import { likelyPairs } from './pass-recall.js';
import { fieldValues } from './sample-values.js';

/** What the likely matches say about two fields: of `pairs` holding all four values, `crossed` read alike only crossed; `chance` is the same count on as many unrelated pairs. */
export interface SwapEvidence {
  columns: [string, string];
  pairs: number;
  crossed: number;
  chance: number;
  /** Whether the evidence is strong enough to read the two crossed (see {@link swapEvidence}). */
  declared: boolean;
}

/** A crossed reading counts when both crossed comparisons reach this similarity... */
const AGREE = 0.9;
/** ...and it beats the reading as written by this much (two values equal to each other, "James James", prove nothing). */
const MARGIN = 0.5;
/** Fewer transposed likely matches than this are no evidence. */
const MIN_CROSSED = 5;
/** Below this share of likely matches transposed, crossing would buy little and cost comparisons on every pair. */
const MIN_SHARE = 0.01;
/** Transposition among likely matches must be this many times its rate among unrelated pairs. */
const MIN_LIFT = 5;

/**
 * For every two fields compared alike (same scorer, same transforms, not
 * `exact` nor a scorer that learns from its column, each column compared
 * once), the likely matches of the probe judged **without** those two
 * columns (so a transposed pair, which disagrees on both as written, is
 * not lost from the probe) are read both ways. A pair is transposed when
 * it agrees crossed (both crossed similarities ≥ 0.9) and crossed beats
 * as written by 0.5. Chance is measured on unrelated pairs made of the
 * same rows (each likely pair's first row beside another pair's second).
 * Declared when at least 5 pairs and 1% of them are transposed, and 5
 * times the chance rate (counted as at least one). Label-free.
 *
 * @example
 * swapEvidence(sample, fields, probe); // [{ columns: ['first_name', 'surname'], pairs: 812, crossed: 61, chance: 0, declared: true }]
 */
export function swapEvidence(store: ColumnStore, fields: readonly ScoredField[], probe: LikelyMatches): SwapEvidence[] {
  const out: SwapEvidence[] = [];
  const used = new Set<string>();
  for (let i = 0; i < fields.length; i++) {
    for (let j = i + 1; j < fields.length; j++) {
      const fi = fields[i];
      const fj = fields[j];
      if (fi.scorer !== fj.scorer || fi.scorer === 'exact' || learnsFromColumn(fi.scorer) || fi.field === fj.field) continue;
      // A column compared twice (a listing's words and its code) would make the swap ambiguous, and the configuration invalid.
      if (fields.filter((f) => f.field === fi.field || f.field === fj.field).length !== 2) continue;
      if (fi.transforms.join('\u0000') !== fj.transforms.join('\u0000')) continue;
      const ci = probe.columns.indexOf(fi.field);
      const cj = probe.columns.indexOf(fj.field);
      if (ci < 0 || cj < 0) continue;
      const evidence = measure(store, fi, fj, probe, new Set([ci, cj]));
      // A column is crossed with one other at most: the first declared pair (fields in profile order) keeps it.
      evidence.declared = evidence.declared && !used.has(fi.field) && !used.has(fj.field);
      if (evidence.declared) {
        used.add(fi.field);
        used.add(fj.field);
      }
      out.push(evidence);
    }
  }
  return out;
}

function measure(store: ColumnStore, fi: ScoredField, fj: ScoredField, probe: LikelyMatches, leaveOut: ReadonlySet<number>): SwapEvidence {
  const scorer = createScorer(fi.scorer, null);
  // Transformed once per row (the same rows meet in many pairs), as every projection of the controller reads them.
  const vi = fieldValues(store, fi);
  const vj = fieldValues(store, fj);
  const sim = (a: string, b: string): number => (a === b ? 1 : scorer.values(a, b));
  const transposed = (x: number, y: number): boolean | null => {
    const xi = vi[x];
    const xj = vj[x];
    const yi = vi[y];
    const yj = vj[y];
    if (xi === null || xj === null || yi === null || yj === null) return null;
    const ij = sim(xi, yj);
    const ji = sim(xj, yi);
    if (ij < AGREE || ji < AGREE) return false;
    return ij + ji >= sim(xi, yi) + sim(xj, yj) + MARGIN;
  };
  const likely = likelyPairs(store, probe, undefined, leaveOut);
  let pairs = 0;
  let crossed = 0;
  let chance = 0;
  for (let k = 0; k < likely.length; k++) {
    const p = likely[k];
    const t = transposed(probe.a[p], probe.b[p]);
    if (t === null) continue;
    pairs++;
    if (t) crossed++;
    // Half the list away: another likely pair's second row, unrelated to this one's first.
    const q = likely[(k + (likely.length >> 1)) % likely.length];
    if (probe.b[q] !== probe.b[p] && transposed(probe.a[p], probe.b[q]) === true) chance++;
  }
  const declared = crossed >= MIN_CROSSED && crossed >= MIN_SHARE * pairs && crossed >= MIN_LIFT * Math.max(1, chance);
  return { columns: [fi.field, fj.field], pairs, crossed, chance, declared };
}
