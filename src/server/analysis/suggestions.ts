/** GET /suggest logic: configuration suggestions from the current run (score valleys, oversized blocks, sparse compared fields), their heavy facts computed on the worker pool. */
import type { WorkerPool } from '../../engine/worker-pool.js';
import type { MatchResults } from '../match-results.js';
import { round6 } from '../../engine/scoring/round-score.js';
import { missingRate } from './column-missing.js';
import type { SuggestionFacts, SuggestionFactsInput } from './suggestion-facts.js';

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
 * weights) so the same run always gives the same list, from the run and its
 * {@link suggestionFactsInput facts}. No pair is re-scored.
 *
 * @example
 * suggest(results, suggestionFacts(suggestionFactsInput(results))).map((s) => s.id); // ['raise-threshold-fuzzy']
 */
export function suggest(results: MatchResults, facts: SuggestionFacts): Suggestion[] {
  return [...thresholdSuggestions(results, facts), ...blockingSuggestions(results), ...weightSuggestions(results, facts)];
}

// A run's suggestions never change (edits change clusters, not the kept pairs,
// blocks or columns they are made from), so each run's list is made once; the
// promise is cached so concurrent first calls share one computation.
const cache = new WeakMap<MatchResults, Promise<Suggestion[]>>();

/**
 * The suggestions of a run, with the scans over every kept pair and every
 * row done on the worker pool (`suggestionFacts`), so they cannot stall the
 * event loop at a million rows.
 *
 * @example
 * app.get('/suggest', async (c) => safeJson(c, { suggestions: await suggestOnPool(state.current, state.pool) }));
 */
export function suggestOnPool(results: MatchResults, pool: WorkerPool): Promise<Suggestion[]> {
  let made = cache.get(results);
  if (!made) {
    made = pool.run('suggestionFacts', suggestionFactsInput(results)).then((facts) => suggest(results, facts));
    cache.set(results, made);
    made.catch(() => cache.delete(results));
  }
  return made;
}

/** The weighted matchkeys' compared fields that are columns of the data (their missing rates are the weight facts). */
function weightedFields(results: MatchResults): Array<{ mk: string; field: string; weight: number; column: number }> {
  const { config, store } = results.run;
  const out: Array<{ mk: string; field: string; weight: number; column: number }> = [];
  for (const mk of config.matchkeys) {
    if (mk.type !== 'weighted') continue;
    for (const f of mk.fields) {
      const column = store.columnIndex(f.field);
      if (column >= 0) out.push({ mk: mk.name, field: f.field, weight: f.weight, column });
    }
  }
  return out;
}

/**
 * What the worker needs for a run's suggestion facts: every non-exact
 * matchkey's valley search and the weighted fields' columns.
 *
 * @example
 * const facts = await pool.run('suggestionFacts', suggestionFactsInput(results));
 */
export function suggestionFactsInput(results: MatchResults): SuggestionFactsInput {
  const { config, pairs, store } = results.run;
  const searches: SuggestionFactsInput['searches'] = [];
  config.matchkeys.forEach((mk, index) => {
    if (mk.type === 'exact') return;
    const lo = config.review.lo ?? mk.threshold - 0.1;
    const hi = Math.max(config.review.hi ?? mk.threshold + 0.05, mk.threshold + 0.1);
    searches.push({ index, threshold: mk.threshold, lo, hi });
  });
  return {
    pairs: { score: pairs.score.subarray(0, pairs.count), flags: pairs.flags.subarray(0, pairs.count), count: pairs.count },
    searches,
    table: store.handle,
    columns: weightedFields(results).map((f) => f.column),
  };
}

function thresholdSuggestions(results: MatchResults, facts: SuggestionFacts): Suggestion[] {
  const { config } = results.run;
  const out: Suggestion[] = [];
  for (const { index, pairsConsidered, valley, pairsChanging } of facts.valleys) {
    if (!valley) continue;
    const mk = config.matchkeys[index];
    const raise = valley.proposed > mk.threshold;
    out.push({
      id: `${raise ? 'raise' : 'lower'}-threshold-${mk.name}`,
      kind: 'threshold',
      target: `matchkeys[${mk.name}].threshold`,
      current: mk.threshold,
      proposed: valley.proposed,
      rationale:
        `the scores of ${mk.name} have a clear gap at ${valley.proposed} (${valley.valleyCount} pair(s) in that bin against about ${Math.round(valley.sideMean)} per bin on each side); ` +
        `a threshold in the gap separates the two groups instead of cutting through one, and would ${raise ? 'stop matching' : 'start matching'} ${pairsChanging} pair(s)`,
      evidence: {
        pairs_considered: pairsConsidered,
        valley_count: valley.valleyCount,
        side_mean_count: round6(valley.sideMean),
        bin_width: valley.binWidth,
        searched: valley.searched.map(round6),
        pairs_changing: pairsChanging,
      },
    });
  }
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
    // An unordered key pairs exactly two fields (a third would make it invalid): its blocks are split by a secondary key instead.
    const unordered = key.unordered === true;
    const splitBy = (key.split_by ?? []).map((f) => f.field);
    const remedy = unordered
      ? `the key is unordered (exactly two fields), so splitting its oversized blocks by ${extra} (split_by, with blocking.split_oversized: true) makes them smaller`
      : `adding ${extra} to the key splits them into smaller blocks`;
    out.push({
      id: `refine-blocking-${i}`,
      kind: 'blocking',
      target: unordered ? `${label}.split_by` : `${label}.fields`,
      current: unordered ? splitBy : current,
      proposed: extra === undefined ? null : unordered ? [extra] : [...current, extra],
      rationale:
        `${e.blocks} block(s) of ${label} exceed blocking.max_block_size (${config.blocking.max_block_size}; largest ${e.largest}) and were ${e.action}; ` +
        (extra === undefined ? 'no further compared column is available to split them' : remedy),
      evidence: { oversized_blocks: e.blocks, largest_block: e.largest, max_block_size: config.blocking.max_block_size, action: e.action },
    });
  });
  return out;
}

function weightSuggestions(results: MatchResults, facts: SuggestionFacts): Suggestion[] {
  const { store } = results.run;
  const out: Suggestion[] = [];
  weightedFields(results).forEach((f, i) => {
    const rate = facts.missing[i];
    if (rate <= SPARSE_FIELD_RATE) return;
    const proposed = round6(f.weight * (1 - rate));
    out.push({
      id: `reweight-${f.mk}-${f.field}`,
      kind: 'weight',
      target: `matchkeys[${f.mk}].fields[${f.field}].weight`,
      current: f.weight,
      proposed,
      rationale:
        `${f.field} is missing on ${(rate * 100).toFixed(1)}% of rows, so it rarely contributes evidence; ` +
        `scaling its weight by the share of rows that have it keeps the weight proportional to how often it can be compared`,
      evidence: { missing_rate: round6(rate), rows: store.rowCount },
    });
  });
  return out;
}
