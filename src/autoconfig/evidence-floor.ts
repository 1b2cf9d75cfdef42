/** The least evidence a zero-config match must rest on (`min_weight`): enough bits to single out one record of the table, but no more than most likely matches have to offer. */
import type { ScoredField } from '../config/types.js';
import type { LikelyMatches } from './likely-matches.js';

/** Bits a full weight stands for (v0's weights are bits of `1 / Σ share²` over 10). */
const BITS_PER_WEIGHT = 10;
/** The floor never exceeds the weight present on this quantile of the likely matches: most matches must stay judgeable on what they have. */
const PRESENT_QUANTILE = 0.25;

/**
 * v0's `min_weight`. Picking one record out of `n` takes `log2 n` bits:
 * a pair whose fields present on both sides could together carry less
 * (a common first and last name, nothing else) cannot tell a match from a
 * namesake however alike it is, so its mean is taken over at least that
 * much weight. The floor is capped at the weight present on the lower
 * quartile of the probe's likely matches, so a table whose matches are
 * mostly compared on few columns (two sources sharing only a title) is not
 * judged on evidence it never has. `likely` are the probe's likely matches
 * to read (across tables, for stacked tables: the pairs linking is for).
 * 0 without likely matches.
 *
 * @example
 * evidenceFloor(fields, probe, likelyPairs(sample, probe), 20_000); // 1.43 (log2 20,000 ≈ 14.3 bits), or less if likely matches hold less
 */
export function evidenceFloor(fields: readonly ScoredField[], probe: LikelyMatches, likely: readonly number[], tableRows: number): number {
  const needed = Math.log2(Math.max(2, tableRows)) / BITS_PER_WEIGHT;
  const k = probe.columns.length;
  const columnOf = fields.map((f) => probe.columns.indexOf(f.field));
  const present: number[] = [];
  for (const i of likely) {
    let w = 0;
    fields.forEach((f, j) => {
      const c = columnOf[j];
      if (c >= 0 && !Number.isNaN(probe.sims[i * k + c])) w += f.weight;
    });
    present.push(w);
  }
  if (present.length === 0) return 0;
  present.sort((x, y) => x - y);
  const cap = present[Math.floor(PRESENT_QUANTILE * (present.length - 1))];
  return Math.round(Math.min(needed, cap) * 100) / 100;
}
