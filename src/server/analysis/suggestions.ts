/** GET /suggest logic: configuration suggestions from the current run (score valleys, oversized blocks, sparse compared fields). */
import type { MatchResults } from '../match-results.js';
import { round6 } from '../../engine/scoring/round-score.js';
import { findValley } from './threshold-valley.js';
import { missingRate } from './column-missing.js';

/**
 * One suggestion, as `GET /suggest` returns it.
 *
 * @example
 * const s: Suggestion = { id: 'raise-threshold-fuzzy', kind: 'threshold', target: 'matchkeys[fuzzy].threshold', current: 0.8, proposed: 0.86, rationale: '...', evidence: {} };
 */
export interface Suggestion {
  id: string;
  kind: 'threshold' | 'blocking' | 'weight';
  target: string;
  current: unknown;
  proposed: unknown;
  rationale: string;
  evidence: Record<string, unknown>;
}

/**
 * Compared fields missing on more than this share of rows get a weight suggestion.
 *
 * @example
 * if (missingRate(store, c) > SPARSE_FIELD_RATE) suggestReweight();
 */
export const SPARSE_FIELD_RATE = 0.3;

/**
 * Every suggestion for the current run, in a fixed order (thresholds, blocking,
 * weights) so the same run always gives the same list. Linear in kept pairs
 * and rows; no pair is re-scored.
 *
 * @example
 * suggest(state.current).map((s) => s.id); // ['raise-threshold-fuzzy']
 */
export function suggest(results: MatchResults): Suggestion[] {
  return [...thresholdSuggestions(results), ...blockingSuggestions(results), ...weightSuggestions(results)];
}

function thresholdSuggestions(results: MatchResults): Suggestion[] {
  const { config, pairs } = results.run;
  const out: Suggestion[] = [];
  config.matchkeys.forEach((mk, m) => {
    if (mk.type === 'exact') return;
    const scores: number[] = [];
    for (let i = 0; i < pairs.count; i++) if ((pairs.flags[i] & 0x7f) === m) scores.push(pairs.score[i]);
    const lo = config.review.lo ?? mk.threshold - 0.1;
    const hi = Math.max(config.review.hi ?? mk.threshold + 0.05, mk.threshold + 0.1);
    const valley = findValley(scores, mk.threshold, lo, hi);
    if (!valley) return;
    const raise = valley.proposed > mk.threshold;
    const between = scores.filter((s) => (raise ? s >= mk.threshold && s < valley.proposed : s >= valley.proposed && s < mk.threshold)).length;
    out.push({
      id: `${raise ? 'raise' : 'lower'}-threshold-${mk.name}`,
      kind: 'threshold',
      target: `matchkeys[${mk.name}].threshold`,
      current: mk.threshold,
      proposed: valley.proposed,
      rationale:
        `the scores of ${mk.name} have a clear gap at ${valley.proposed} (${valley.valleyCount} pair(s) in that bin against about ${Math.round(valley.sideMean)} per bin on each side); ` +
        `a threshold in the gap separates the two groups instead of cutting through one, and would ${raise ? 'stop matching' : 'start matching'} ${between} pair(s)`,
      evidence: {
        pairs_considered: scores.length,
        valley_count: valley.valleyCount,
        side_mean_count: round6(valley.sideMean),
        bin_width: valley.binWidth,
        searched: valley.searched.map(round6),
        pairs_changing: between,
      },
    });
  });
  return out;
}

function blockingSuggestions(results: MatchResults): Suggestion[] {
  const { config, index, store } = results.run;
  const byPass = new Map<string, { blocks: number; largest: number; action: string }>();
  for (const o of index.oversized) {
    // A still-oversized sub-block is part of a block already counted (as split).
    if (o.sub_block) continue;
    const e = byPass.get(o.pass) ?? { blocks: 0, largest: 0, action: o.action };
    e.blocks++;
    e.largest = Math.max(e.largest, o.size);
    byPass.set(o.pass, e);
  }
  const out: Suggestion[] = [];
  config.blocking.keys.forEach((key, i) => {
    const label = `blocking.keys[${i}]`;
    const e = byPass.get(label);
    if (!e) return;
    const current = key.fields.map((f) => f.field);
    // The compared column most often present is the cheapest way to split a block further.
    const candidates = [...new Set(config.matchkeys.flatMap((mk) => mk.fields.map((f) => f.field)))]
      .filter((c) => !current.includes(c) && store.columnIndex(c) >= 0)
      .map((c) => ({ c, missing: missingRate(store, store.columnIndex(c)) }))
      .sort((x, y) => x.missing - y.missing || (x.c < y.c ? -1 : 1));
    const extra = candidates[0]?.c;
    out.push({
      id: `refine-blocking-${i}`,
      kind: 'blocking',
      target: `${label}.fields`,
      current,
      proposed: extra === undefined ? null : [...current, extra],
      rationale:
        `${e.blocks} block(s) of ${label} exceed blocking.max_block_size (${config.blocking.max_block_size}; largest ${e.largest}) and were ${e.action}; ` +
        (extra === undefined ? 'no further compared column is available to split them' : `adding ${extra} to the key splits them into smaller blocks`),
      evidence: { oversized_blocks: e.blocks, largest_block: e.largest, max_block_size: config.blocking.max_block_size, action: e.action },
    });
  });
  return out;
}

function weightSuggestions(results: MatchResults): Suggestion[] {
  const { config, store } = results.run;
  const out: Suggestion[] = [];
  for (const mk of config.matchkeys) {
    if (mk.type !== 'weighted') continue;
    for (const f of mk.fields) {
      const c = store.columnIndex(f.field);
      if (c < 0) continue;
      const rate = missingRate(store, c);
      if (rate <= SPARSE_FIELD_RATE) continue;
      const proposed = round6(f.weight * (1 - rate));
      out.push({
        id: `reweight-${mk.name}-${f.field}`,
        kind: 'weight',
        target: `matchkeys[${mk.name}].fields[${f.field}].weight`,
        current: f.weight,
        proposed,
        rationale:
          `${f.field} is missing on ${(rate * 100).toFixed(1)}% of rows, so it rarely contributes evidence; ` +
          `scaling its weight by the share of rows that have it keeps the weight proportional to how often it can be compared`,
        evidence: { missing_rate: round6(rate), rows: store.rowCount },
      });
    }
  }
  return out;
}
