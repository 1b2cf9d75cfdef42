/** Matches new records against the loaded table through the blocking index (never a scan), scored by the one pair scorer. */
import type { BlockIndex } from '../blocking/block-index.js';
import type { PairScorer, PreparedQuery } from '../scoring/pair-scorer.js';
import { valueIndexOf } from '../blocking/value-index.js';

/** One match of a query record: a row and its score. */
export interface RecordMatch {
  row: number;
  score: number;
}

/**
 * After record changes, where a record's candidates differ from the
 * loaded index's: loaded rows that changed are left out, and changed rows
 * sharing a block with the record (by their current keys) are met as
 * they are now.
 *
 * @example
 * const changes: ChangedCandidates = { excluded: (r) => table.isChanged(r), rows: blocks.rowsSharing(valueOf), queryOf: (r) => queries.get(r) };
 */
export interface ChangedCandidates {
  /** Loaded rows whose loaded values are out of date. */
  excluded: (row: number) => boolean;
  /** Changed live rows sharing a block with the record. */
  rows: Iterable<number>;
  /** A changed live row's prepared query. */
  queryOf: (row: number) => PreparedQuery | undefined;
}

/**
 * The rows a record matches (some matchkey accepts), best first, ties by
 * row id, at most `topK`. Candidates are the rows sharing a block with the
 * record in any pass (with `changes`, as the table is after them).
 *
 * @example
 * matchRecord({ name: 'Jon Smith', zip: '10001' }, scorer, index, 5); // [{ row: 17, score: 0.981333 }]
 */
export function matchRecord(
  record: Readonly<Record<string, string | null>>,
  scorer: PairScorer,
  index: BlockIndex,
  topK: number,
  changes: ChangedCandidates | null = null,
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
    if (changes !== null && changes.excluded(row)) continue;
    if (scorer.matchLayout(layout, row)) out.push({ row, score: scorer.score });
  }
  if (changes !== null) {
    for (const row of changes.rows) {
      scorer.scorePair(query, changes.queryOf(row) ?? row);
      if (scorer.matched) out.push({ row, score: scorer.score });
    }
  }
  out.sort((x, y) => y.score - x.score || x.row - y.row);
  return out.length > topK ? out.slice(0, topK) : out;
}

