/** POST /retrieve logic: picks the text view, builds its index once per served run, filters, ranks and shapes the answer. */
import { KindredError } from '../../errors/registry.js';
import { round6 } from '../../engine/scoring/round-score.js';
import type { WorkerPool } from '../../engine/worker-pool.js';
import type { MatchResults } from '../match-results.js';
import { RetrievalIndex } from './retrieval-index.js';

/**
 * A validated retrieval request (the body of `POST /retrieve`).
 *
 * @example
 * const q: RetrievalQuery = { query: 'jon smith', column: 'name', k: 10, threshold: 0, filters: { zip: '10001' } };
 */
export interface RetrievalQuery {
  query: string;
  column?: string;
  k?: number;
  threshold?: number;
  filters?: Record<string, string>;
}

/**
 * The response body of `POST /retrieve`.
 *
 * @example
 * const r: RetrievalAnswer = { query: 'jon', column: null, count: 0, results: [] };
 */
export interface RetrievalAnswer {
  query: string;
  column: string | null;
  count: number;
  results: Array<{ row_id: number; score: number; record: Record<string, string | null> }>;
}

/** Key of the view that joins every matching column. */
const ALL = '\u0000all';

// One index per (results, view): a re-run swaps `MatchResults`, and the old
// indexes go with it. The promise is cached so concurrent first calls share one build.
const indexes = new WeakMap<MatchResults, Map<string, Promise<RetrievalIndex>>>();

/**
 * The columns a query without `column` searches: every user column not
 * excluded from matching (identifier columns would only add noise), or every
 * column if that leaves none.
 *
 * @example
 * joinedColumns(results); // ['given_name', 'surname', ...]
 */
export function joinedColumns(results: MatchResults): string[] {
  const excluded = new Set(results.run.config.exclude_columns);
  const kept = results.columns.filter((c) => !excluded.has(c));
  return kept.length > 0 ? kept : results.columns;
}

/**
 * The index of one view, built on the worker pool on first use and kept for the life of the results.
 *
 * @example
 * await retrievalIndex(results, null, pool); // all matching columns joined
 */
export function retrievalIndex(results: MatchResults, column: string | null, pool: WorkerPool): Promise<RetrievalIndex> {
  let views = indexes.get(results);
  if (!views) {
    views = new Map();
    indexes.set(results, views);
  }
  const key = column ?? ALL;
  let built = views.get(key);
  if (!built) {
    const store = results.run.store;
    const cols = (column === null ? joinedColumns(results) : [column]).map((c) => store.columnIndex(c));
    built = RetrievalIndex.build(store, cols, pool);
    views.set(key, built);
    // A failed build must not be cached forever.
    built.catch(() => views?.delete(key));
  }
  return built;
}

function unknownColumn(results: MatchResults, path: string, name: string): KindredError {
  const valid = results.columns.join(', ');
  return new KindredError('invalid_request', `unknown column "${name}" in ${path}; valid columns: ${valid}`, [
    { path, message: `unknown column; valid columns: ${valid}` },
  ]);
}

/**
 * Runs one retrieval: cosine over the view, then exact-equality filters,
 * then `score ≥ threshold`, best first (ties by row id), at most `k`.
 *
 * @throws KindredError `invalid_request` when `column` or a filter names a column the data lacks.
 * @example
 * await retrieve(results, { query: 'jon smith', k: 5 }, pool);
 */
export async function retrieve(results: MatchResults, q: RetrievalQuery, pool: WorkerPool): Promise<RetrievalAnswer> {
  const store = results.run.store;
  const column = q.column ?? null;
  if (column !== null && store.columnIndex(column) < 0) throw unknownColumn(results, 'column', column);
  const filters = Object.entries(q.filters ?? {}).map(([name, value]) => {
    const c = store.columnIndex(name);
    if (c < 0) throw unknownColumn(results, `filters.${name}`, name);
    return { c, value };
  });
  const k = q.k ?? 10;
  const threshold = q.threshold ?? 0;
  const index = await retrievalIndex(results, column, pool);
  const hits = index
    .query(q.query)
    .map((h) => ({ row: h.row, score: round6(h.score) }))
    .filter((h) => h.score >= threshold && filters.every((f) => store.get(f.c, h.row) === f.value));
  hits.sort((x, y) => y.score - x.score || x.row - y.row);
  const top = hits.slice(0, k);
  return {
    query: q.query,
    column,
    count: top.length,
    results: top.map((h) => ({ row_id: h.row, score: h.score, record: results.record(h.row) })),
  };
}
