/** Two linked tables: each field's weight scaled by how far its own scorer tells record pairs found without any column pairing (anchors) from chance pairs. */
import type { ScoredField } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { FieldDictionary } from '../engine/fields/field-dictionary.js';
import { createScorer } from '../engine/scorers/registry.js';
import { compileTransforms } from '../engine/transforms/registry.js';

/** What one field's scorer says on the anchors, and the weight that follows. */
export interface AnchoredWeight {
  field: string;
  scorer: string;
  /** Anchor pairs with both cells filled. */
  pairs: number;
  /** Mean similarity over those pairs (m). */
  agreement: number;
  /** Mean similarity over shuffled pairs, each second-table record beside another anchor's first-table record (u). */
  chance: number;
  /** `(m − u) / (1 − u)`, at least 0: the share of the scale the field moves on a match beyond what chance gives. */
  lift: number;
  weight_before: number;
  weight_after: number;
}

/** Fewer filled anchor pairs than this say nothing about a field: its weight stays. */
const MIN_PAIRS = 10;
/** No field weighs less than v0's lightest (initial-config's floor). */
const MIN_WEIGHT = 0.05;

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Measures every field on the anchor pairs (`pairs[2k]`, `pairs[2k + 1]`:
 * row ids of `store`, a first-table row then a second-table row) with its
 * own transforms and scorer: m, the mean similarity on the anchors; u, the
 * same with each second-table row beside the next anchor's first-table row
 * (the same values, the identity broken). One entry per field, in order;
 * null for a field with too few filled pairs on either side.
 *
 * @example
 * anchorEvidence(store, [{ field: 'title', scorer: 'token_set', weight: 1, transforms: ['lowercase'] }], pairs);
 * // [{ field: 'title', pairs: 180, agreement: 0.62, chance: 0.01, lift: 0.62, ... }]
 */
export function anchorEvidence(store: ColumnStore, fields: readonly ScoredField[], pairs: Int32Array): Array<AnchoredWeight | null> {
  const n = pairs.length >> 1;
  return fields.map((f) => (n < 2 ? null : fieldEvidence(store, f, pairs, n)));
}

function fieldEvidence(store: ColumnStore, f: ScoredField, pairs: Int32Array, n: number): AnchoredWeight | null {
  const column = store.columnIndex(f.field);
  if (column < 0) return null;
  const transform = compileTransforms(f.transforms ?? []);
  // Three cells per anchor: its first row, its second row, and the next anchor's first row. The third repeats a value
  // of the first cells, but it is a cell of its own: corpus-weighted scorers (TF-IDF) count the values as written here.
  const values: Array<string | null> = [];
  for (let k = 0; k < n; k++) {
    values.push(transform(store.get(column, pairs[2 * k])), transform(store.get(column, pairs[2 * k + 1])), transform(store.get(column, pairs[(2 * (k + 1)) % (2 * n)])));
  }
  const dict = FieldDictionary.fromValues(f.field, [...(f.transforms ?? [])], values);
  const scorer = createScorer(f.scorer, dict);
  const sim = (x: number, y: number): number => (x === y ? 1 : scorer.ids(x, y));
  const matched: number[] = [];
  const shuffled: number[] = [];
  for (let k = 0; k < n; k++) {
    const a = dict.ids[3 * k];
    const b = dict.ids[3 * k + 1];
    const other = dict.ids[3 * k + 2];
    if (b < 0) continue;
    if (a >= 0) matched.push(sim(a, b));
    if (other >= 0) shuffled.push(sim(other, b));
  }
  if (matched.length < MIN_PAIRS || shuffled.length < MIN_PAIRS) return null;
  const agreement = mean(matched);
  const chance = mean(shuffled);
  const lift = chance >= 1 ? 0 : Math.max(0, (agreement - chance) / (1 - chance));
  return { field: f.field, scorer: f.scorer, pairs: matched.length, agreement: round3(agreement), chance: round3(chance), lift: round3(lift), weight_before: f.weight, weight_after: f.weight };
}

function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

/**
 * The measured fields with the weight their lift gives them, relative to
 * the field that lifts most (which keeps its weight); `measured` is
 * {@link anchorEvidence}'s, one entry per field of `fields`. Why: v0's
 * weight is the u half of a Fellegi–Sunter agreement weight, which presumes
 * a field agrees on a true match. Two sources may fill aligned columns with
 * different members of a list (one actor of a cast each) or format them
 * apart; such a field disagrees on most true matches and drags their
 * weighted mean down. Its lift, measured by its own scorer on records paired
 * by their words alone, is the m half: how much of the scale it actually
 * moves on a match.
 *
 * @example
 * anchoredWeights(fields, anchorEvidence(store, fields, pairs));
 * // [{ field: 'title', lift: 0.62, weight_after: 1 }, { field: 'starring', lift: 0.15, weight_before: 1, weight_after: 0.24 }, ...]
 */
export function anchoredWeights(fields: readonly ScoredField[], measured: ReadonlyArray<AnchoredWeight | null>): AnchoredWeight[] {
  const top = measured.reduce((best, e) => Math.max(best, e?.lift ?? 0), 0);
  const out: AnchoredWeight[] = [];
  fields.forEach((f, i) => {
    const e = measured[i];
    if (e === null || e === undefined) return;
    const weight = top === 0 ? f.weight : Math.round(Math.max(MIN_WEIGHT, f.weight * (e.lift / top)) * 100) / 100;
    out.push({ ...e, weight_after: weight });
  });
  return out;
}

/**
 * One moved weight as the rule's rationale and `kindred autoconfig` say it
 * (the latter reads it back from telemetry, whose fields are nullable).
 *
 * @example
 * weightMove({ field: 'starring', weight_before: 1, weight_after: 0.24, lift: 0.151 }); // 'starring 1 → 0.24 (lift 0.151)'
 */
export function weightMove(e: { field?: string | null; weight_before?: number | null; weight_after?: number | null; lift?: number | null }): string {
  return `${e.field} ${e.weight_before} → ${e.weight_after} (lift ${e.lift})`;
}

/**
 * `fields` with each anchored field (same column and scorer, still at the
 * weight it was measured with) at its anchored weight; `changed` lists the
 * ones whose weight moved, with their index in `fields`.
 *
 * @example
 * withAnchoredWeights(mk.fields, setup.anchored).changed.map((c) => c.entry.field); // ['starring', 'writer']
 */
export function withAnchoredWeights(
  fields: readonly ScoredField[],
  anchored: readonly AnchoredWeight[],
): { fields: ScoredField[]; changed: Array<{ index: number; entry: AnchoredWeight }> } {
  const changed: Array<{ index: number; entry: AnchoredWeight }> = [];
  const next = fields.map((f, index) => {
    const entry = anchored.find((x) => x.field === f.field && x.scorer === f.scorer);
    if (entry === undefined || f.weight !== entry.weight_before || entry.weight_after === f.weight) return f;
    changed.push({ index, entry });
    return { ...f, weight: entry.weight_after };
  });
  return { fields: next, changed };
}
