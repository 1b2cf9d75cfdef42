/** Matches new records against the loaded table through the blocking index (never a scan), scored by the one pair scorer. */
import type { BlockIndex } from '../blocking/block-index.js';
import type { PairScorer } from '../scoring/pair-scorer.js';
import { valueIndexOf } from '../blocking/value-index.js';

/** One match of a query record: a row and its score. */
export interface RecordMatch {
  row: number;
  score: number;
}

/**
 * The rows a record matches (some matchkey accepts), best first, ties by
 * row id, at most `topK`. Candidates are the rows sharing a block with the
 * record in any pass.
 *
 * @example
 * matchRecord({ name: 'Jon Smith', zip: '10001' }, scorer, index, 5); // [{ row: 17, score: 0.981333 }]
 */
export function matchRecord(
  record: Readonly<Record<string, string | null>>,
  scorer: PairScorer,
  index: BlockIndex,
  topK: number,
): RecordMatch[] {
  const query = scorer.prepareQuery(record);
  const transformCache = new Map<string, string | null>();
  const candidates = index.candidates((ref, dict) => {
    // The dictionary's key is the reference's field key (column and transforms).
    const key = dict.key;
    if (query.has(key)) return query.get(key) ?? null;
    let v = transformCache.get(key);
    if (v === undefined) {
      v = scorer.transformValue(ref, record[ref.field] ?? null);
      transformCache.set(key, v);
    }
    return v;
  });
  const layout = scorer.layoutQuery(query, (dict, value) => valueIndexOf(dict).idOf(value));
  scorer.touchRows(candidates);
  const out: RecordMatch[] = [];
  for (const row of candidates) {
    if (scorer.matchLayout(layout, row)) out.push({ row, score: scorer.score });
  }
  out.sort((x, y) => y.score - x.score || x.row - y.row);
  return out.length > topK ? out.slice(0, topK) : out;
}

