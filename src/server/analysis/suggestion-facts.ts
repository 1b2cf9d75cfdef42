/** Worker task: the heavy facts behind GET /suggest (score valleys over every kept pair, missing rates over every row), computed off the event loop. */
import { ColumnStore, type TableHandle } from '../../data/column-store.js';
import { missingRate } from './column-missing.js';
import { findValley, type Valley } from './threshold-valley.js';

/**
 * A non-exact matchkey whose scores are searched for a valley: its index (the deciding-matchkey flag) and the searched range.
 *
 * @example
 * const search: ValleySearch = { index: 0, threshold: 0.8, lo: 0.7, hi: 0.9 };
 */
export interface ValleySearch {
  index: number;
  threshold: number;
  lo: number;
  hi: number;
}

/**
 * What {@link suggestionFacts} reads: the kept pairs' scores and deciding
 * matchkeys, the matchkeys to search, and the table with the columns whose
 * missing rate is wanted.
 *
 * @example
 * const input: SuggestionFactsInput = { pairs: { score, flags, count }, searches: [{ index: 0, threshold: 0.8, lo: 0.7, hi: 0.9 }], table: store.handle, columns: [2, 5] };
 */
export interface SuggestionFactsInput {
  pairs: { score: Float64Array; flags: Uint8Array; count: number };
  searches: ValleySearch[];
  table: TableHandle;
  columns: number[];
}

/**
 * One matchkey's score valley (null when there is none) and the counts around it.
 *
 * @example
 * const fact: ValleyFact = { index: 0, pairsConsidered: 120, valley: null, pairsChanging: 0 };
 */
export interface ValleyFact {
  index: number;
  /** Kept pairs decided by this matchkey. */
  pairsConsidered: number;
  valley: Valley | null;
  /** Pairs whose match decision would change if the threshold moved to the valley. */
  pairsChanging: number;
}

/**
 * The facts of one run's suggestions.
 *
 * @example
 * const facts: SuggestionFacts = { valleys: [{ index: 0, pairsConsidered: 120, valley: null, pairsChanging: 0 }], missing: [0.02, 0.41] };
 */
export interface SuggestionFacts {
  valleys: ValleyFact[];
  /** Missing rate of each requested column, in the order asked. */
  missing: number[];
}

/**
 * Searches each matchkey's scores for a valley near its threshold and
 * measures the missing rate of each column: linear in kept pairs and rows,
 * which at a million rows is too long for the event loop
 * (`pool.run('suggestionFacts', …)`).
 *
 * @example
 * suggestionFacts(input).valleys[0].valley?.proposed; // 0.86
 */
export function suggestionFacts(input: SuggestionFactsInput): SuggestionFacts {
  const { score, flags, count } = input.pairs;
  const valleys = input.searches.map((search): ValleyFact => {
    const scores: number[] = [];
    for (let i = 0; i < count; i++) if ((flags[i] & 0x7f) === search.index) scores.push(score[i]);
    const valley = findValley(scores, search.threshold, search.lo, search.hi);
    let pairsChanging = 0;
    if (valley) {
      const raise = valley.proposed > search.threshold;
      for (const s of scores) if (raise ? s >= search.threshold && s < valley.proposed : s >= valley.proposed && s < search.threshold) pairsChanging++;
    }
    return { index: search.index, pairsConsidered: scores.length, valley, pairsChanging };
  });
  const store = ColumnStore.fromHandle(input.table);
  return { valleys, missing: input.columns.map((c) => missingRate(store, c)) };
}
