/** Turns a pair's field scores into one deterministic English sentence. */
import type { PairExplanation } from '../engine/scoring/pair-scorer.js';

/** Words for similarity levels (same thresholds everywhere). */
export function similarityWord(score: number): string {
  if (score >= 0.999999) return 'identical';
  if (score >= 0.85) return 'very similar';
  if (score >= 0.7) return 'similar';
  if (score >= 0.5) return 'somewhat similar';
  if (score >= 0.3) return 'weakly similar';
  return 'different';
}

/** Up to 3 decimals, trailing zeros dropped (0.625 stays 0.625, 0.98133 → 0.981). */
function num(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}

/**
 * Example: `Match (score 0.98): name very similar (Jon Smith ~ John Smith,
 * jaro_winkler 0.97); zip identical (10001).` Same inputs → same text.
 *
 * @example
 * explanationSentence(explanation);
 */
export function explanationSentence(e: PairExplanation): string {
  const head = `${e.isMatch ? 'Match' : 'No match'} (score ${num(e.score)}, threshold ${num(e.threshold)})`;
  const floor = e.evidence_floor;
  // Rarity shares matter only when the evidence counted falls under the floor; otherwise they leave the score alone.
  const short = floor !== undefined && floor.counted < floor.min_weight;
  const parts = e.fields.map((f) => {
    if (f.penalty !== undefined) {
      return `${f.field} disagrees (${f.value_a ?? ''} ≠ ${f.value_b ?? ''}), penalty ${num(f.penalty)}`;
    }
    // A crossed field (a declared swap) names the column of record b it was read against.
    const field = f.compared_with === undefined ? f.field : `${f.field} against ${f.compared_with}`;
    if (f.score === null) return `${field} missing`;
    const word = similarityWord(f.score);
    // A common value counts for part of its weight toward the evidence floor: said where the floor lowered the score.
    const common = short && f.rarity_share !== undefined && f.rarity_share < 1 ? `, a common value counting ${num(f.rarity_share)} of its weight` : '';
    if (word === 'identical') return `${field} identical (${f.value_a ?? ''}${common})`;
    return `${field} ${word} (${f.value_a ?? ''} ~ ${f.value_b ?? ''}, ${f.scorer} ${num(f.score)}${common})`;
  });
  const tail = short ? `; evidence ${num(floor.counted)} under the floor of ${num(floor.min_weight)}, which lowers the score` : '';
  return `${head}: ${parts.join('; ')}${tail}.`;
}
