/** The generalisation discipline's split of the shared datasets: rules are tuned on one half and judged on the other (docs/autoconfig.md §9). */

/**
 * Each half holds some of every kind: person dedupe, person link,
 * bibliographic, product link, and other records. A rule change is tuned on
 * `tuning` and accepted only if `validation` does not drop.
 *
 * @example
 * DATASET_SPLIT.validation.includes('walmart_amazon'); // true
 */
export const DATASET_SPLIT = {
  tuning: ['febrl1', 'febrl3', 'splink_fake_1000', 'dblp_acm', 'abt_buy', 'dedupe_chicago_childcare', 'cddb'],
  validation: ['febrl2', 'febrl4', 'splink_transactions', 'cora', 'walmart_amazon', 'imdb_dbpedia', 'patstat_nl_inventors'],
} as const;

/**
 * The person datasets of the robustness suite: one table of people each, every user column corrupted in turn.
 *
 * @example
 * ROBUSTNESS_DATASETS.length; // 4
 */
export const ROBUSTNESS_DATASETS = ['febrl1', 'febrl2', 'febrl3', 'splink_fake_1000'] as const;

/** The most zero-config F1 may drop when one column is corrupted on 40% of the rows. */
export const ROBUSTNESS_MAX_DROP = 0.05;
