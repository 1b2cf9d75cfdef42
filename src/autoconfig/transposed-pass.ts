/** Whether zero-config adds the pass for two columns read crossed: when it keeps likely matches no other pass keeps and its pairs fit the budget. */
import type { BlockingKey } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { pairBudget, projectedPairs, transposedPass } from './blocking-choice.js';
import type { LikelyMatches } from './likely-matches.js';
import { likelyPairs, together } from './pass-recall.js';

/**
 * What the probe says of one swap's pass: the likely matches (judged
 * without the two columns) only it keeps together, and its projected pairs.
 *
 * @example
 * const c: TransposedPassChoice = { key: transposedPass('first_name', 'surname'), likely: 713, gain: 6, pairs: 339, taken: true };
 */
export interface TransposedPassChoice {
  key: BlockingKey;
  /** Likely matches judged without the two columns. */
  likely: number;
  /** Of those, the ones no other pass keeps together and this one does. */
  gain: number;
  pairs: number;
  taken: boolean;
}

/**
 * For each pair of columns read crossed, its {@link transposedPass},
 * measured on the likely matches judged **without** those columns: a
 * transposed pair disagrees on both as written, and the greedy choice of
 * passes, which judges likely matches on every column, barely sees them
 * (on fake_1000 it never took the pass, which added 0.0094 of F1 once
 * taken). Taken when it keeps at least one such match that none of `keys`
 * keeps, and `keys` with it stay within the pair budget (priced with the
 * engine's own transforms). With `probeAcross` (stacked tables), only
 * likely matches across the tables count.
 *
 * @example
 * transposedPasses(sample, probe, [['first_name', 'surname']], config.blocking.keys, 1_000_000).filter((p) => p.taken);
 */
export function transposedPasses(
  store: ColumnStore,
  probe: LikelyMatches,
  swaps: ReadonlyArray<readonly [string, string]>,
  keys: readonly BlockingKey[],
  tableRows: number,
  probeAcross?: string,
): TransposedPassChoice[] {
  const out: TransposedPassChoice[] = [];
  let spent = keys.reduce((sum, key) => sum + projectedPairs(store, key, { tableRows }), 0);
  for (const [a, b] of swaps) {
    const key = transposedPass(a, b);
    const leaveOut = new Set([probe.columns.indexOf(a), probe.columns.indexOf(b)].filter((c) => c >= 0));
    // Stacked tables: judged on the likely matches across them, the pairs linking exists for (as the blocking choice does).
    const likely = likelyPairs(store, probe, probeAcross, leaveOut);
    const kept = new Uint8Array(probe.a.length);
    for (const k of keys) together(store, probe, k, likely).forEach((t, i) => (kept[i] |= t));
    const mine = together(store, probe, key, likely);
    let gain = 0;
    for (const i of likely) if (mine[i] === 1 && kept[i] === 0) gain++;
    const pairs = projectedPairs(store, key, { tableRows, exact: true });
    const taken = gain > 0 && spent + pairs <= pairBudget(tableRows);
    if (taken) spent += pairs;
    out.push({ key, likely: likely.length, gain, pairs: Math.round(pairs), taken });
  }
  return out;
}
