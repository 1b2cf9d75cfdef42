/** Scores changed records against the candidates their blocks yield, with the run's one pair scorer; the same function runs on the main thread (small changes) and in a pool worker (batches), so both give the same pairs. */
import type { BlockIndex } from '../blocking/block-index.js';
import type { PairScorer, PreparedQuery } from './pair-scorer.js';

/**
 * One changed live record to score: its cells as they are after the
 * change, and the changed rows it is paired with besides its loaded
 * candidates.
 *
 * @example
 * const item: ChangeItem = { row: 1000, record: { name: 'Ann Lee', zip: '10001' }, extra: Int32Array.of(1003) };
 */
export interface ChangeItem {
  row: number;
  record: Record<string, string | null>;
  /**
   * Changed rows sharing a block with it, by their current keys. Of the
   * rows changed by the same batch only the larger ids are listed, so each
   * pair of two such rows is scored once (by the smaller one's item).
   */
  extra: Int32Array;
}

/**
 * What scoring changed rows reads, wherever it runs.
 *
 * @example
 * const ctx: ChangeScoringContext = { scorer, index: run.index, excluded: (r) => table.isChanged(r), queryOf: (r) => queries.get(r), sourceOf: null };
 */
export interface ChangeScoringContext {
  scorer: PairScorer;
  /** The run's block index: an item's loaded candidates are the rows of its blocks. */
  index: BlockIndex;
  /** Loaded rows whose loaded values are out of date (changed before or by this batch): never taken from the index. */
  excluded: (row: number) => boolean;
  /** The prepared query (current values) of a changed live row; undefined for a row that did not change. */
  queryOf: (row: number) => PreparedQuery | undefined;
  /** Link-only runs: a row's source value (two rows of one source are never paired); null otherwise. */
  sourceOf: ((row: number) => string | null) | null;
}

/**
 * Kept pairs of changed rows: `a` is the item's row, `b` the candidate;
 * `flags` = deciding matchkey index | 0x80 when matched.
 *
 * @example
 * for (let i = 0; i < e.count; i++) console.log(e.a[i], e.b[i], e.score[i]);
 */
export interface ChangedEdges {
  a: Int32Array;
  b: Int32Array;
  score: Float64Array;
  flags: Uint8Array;
  count: number;
}

/**
 * The kept pairs (matched, or in the review band) of each item with its
 * candidates — loaded rows of its blocks that are not excluded, and its
 * `extra` changed rows — scored as the initial run scores them: the
 * smaller row id is side a, a changed row is its prepared query.
 *
 * @example
 * const edges = scoreChangeItems([{ row: 1000, record, extra: new Int32Array(0) }], ctx); // edges.b: the rows 1000 pairs with
 */
export function scoreChangeItems(items: readonly ChangeItem[], ctx: ChangeScoringContext): ChangedEdges {
  const { scorer, index, excluded, queryOf, sourceOf } = ctx;
  const a: number[] = [];
  const b: number[] = [];
  const score: number[] = [];
  const flags: number[] = [];
  const side = (row: number): number | PreparedQuery => queryOf(row) ?? row;
  const pair = (r: number, c: number): void => {
    const lo = Math.min(r, c);
    const hi = Math.max(r, c);
    if (!scorer.scorePair(side(lo), side(hi))) return;
    a.push(r);
    b.push(c);
    score.push(scorer.score);
    flags.push(scorer.decider | (scorer.matched ? 0x80 : 0));
  };
  for (const item of items) {
    const r = item.row;
    const record = item.record;
    const source = sourceOf?.(r);
    const allowed = (c: number): boolean => c !== r && (sourceOf === null || sourceOf(c) !== source);
    for (const c of index.candidates((ref) => scorer.transformValue(ref, record[ref.field] ?? null))) if (!excluded(c) && allowed(c)) pair(r, c);
    for (const c of item.extra) if (allowed(c)) pair(r, c);
  }
  return { a: Int32Array.from(a), b: Int32Array.from(b), score: Float64Array.from(score), flags: Uint8Array.from(flags), count: a.length };
}
