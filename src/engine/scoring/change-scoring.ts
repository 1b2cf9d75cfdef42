/** Scores changed records against the candidates their blocks yield, with the run's one pair scorer; sides that changed are prepared queries. */
import type { Edge } from '../clustering/living-graph.js';
import type { PairScorer, PreparedQuery } from './pair-scorer.js';

/**
 * How a changed row's pairs are scored: its candidates (loaded rows whose
 * keys are current, and changed rows, both sharing a block), each side as
 * a row id or, for a changed row, its prepared query.
 *
 * @example
 * const input: ChangeScoringInput = { scorer, candidatesOf, queryOf, sourceOf: null };
 */
export interface ChangeScoringInput {
  scorer: PairScorer;
  candidatesOf: (row: number) => Iterable<number>;
  /** The prepared query of a changed live row; undefined for a row that did not change. */
  queryOf: (row: number) => PreparedQuery | undefined;
  /** Link-only runs: a row's source value (two rows of one source are never paired); null otherwise. */
  sourceOf: ((row: number) => string | null) | null;
}

/**
 * The kept pairs (matched, or in the review band) of each row of `rows`
 * with its candidates, scored as the initial run scores them: the smaller
 * row id is side a. A pair of two rows of `rows` is scored once and given
 * to both.
 *
 * @example
 * const edges = scoreChangedRows([1000], input); // Map { 1000 => Map { 17 => { score: 0.93, flags: 128 } } }
 */
export function scoreChangedRows(rows: readonly number[], input: ChangeScoringInput): Map<number, Map<number, Edge>> {
  const { scorer, candidatesOf, queryOf, sourceOf } = input;
  const out = new Map<number, Map<number, Edge>>(rows.map((r) => [r, new Map()]));
  const side = (row: number): number | PreparedQuery => queryOf(row) ?? row;
  for (const r of rows) {
    const mine = out.get(r) as Map<number, Edge>;
    const source = sourceOf?.(r);
    for (const c of candidatesOf(r)) {
      if (c === r || mine.has(c)) continue;
      if (sourceOf !== null && sourceOf(c) === source) continue;
      const lo = Math.min(r, c);
      const hi = Math.max(r, c);
      if (!scorer.scorePair(side(lo), side(hi))) continue;
      const edge = { score: scorer.score, flags: scorer.decider | (scorer.matched ? 0x80 : 0) };
      mine.set(c, edge);
      out.get(c)?.set(r, edge);
    }
  }
  return out;
}
