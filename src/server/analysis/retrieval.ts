/** POST /retrieve logic: picks the text view, builds its index once per loaded table (and an overlay of the records changed since), filters, ranks and shapes the answer. */
import { KindredError } from '../../errors/registry.js';
import { round6 } from '../../engine/scoring/round-score.js';
import type { ColumnStore } from '../../data/column-store.js';
import type { WorkerPool } from '../../engine/worker-pool.js';
import type { MatchResults } from '../match-results.js';
import { RetrievalIndex } from './retrieval-index.js';
import { RetrievalOverlay } from './retrieval-overlay.js';
import type { LivingTable } from '../../data/living-table.js';

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

// One index per (table, columns): built once, shared by every `MatchResults`
// of the same data (a re-run keeps the table), dropped with the table. The
// promise is cached so concurrent first calls share one build.
const indexes = new WeakMap<ColumnStore, Map<string, Promise<RetrievalIndex>>>();

/**
 * The columns a query without `column` searches: every user column not
 * excluded from matching (identifier columns would only add noise), or every
 * column if that leaves none.
 *
 * @example
 * joinedColumns(store.names, config.exclude_columns); // ['given_name', 'surname', ...]
 */
export function joinedColumns(columns: readonly string[], excludeColumns: readonly string[]): string[] {
  const excluded = new Set(excludeColumns);
  const kept = columns.filter((c) => !excluded.has(c));
  return kept.length > 0 ? kept : [...columns];
}

/**
 * The index of the text of `columns` of a table, built on the worker pool
 * on first use and kept for the life of the table. `kindred serve` starts
 * the joined view's build as soon as the data is loaded, alongside matching.
 *
 * @example
 * await retrievalIndexOf(store, joinedColumns(store.names, config.exclude_columns), pool);
 */
export function retrievalIndexOf(store: ColumnStore, columns: readonly string[], pool: WorkerPool): Promise<RetrievalIndex> {
  let views = indexes.get(store);
  if (!views) {
    views = new Map();
    indexes.set(store, views);
  }
  const cols = columns.map((c) => store.columnIndex(c));
  const key = cols.join(',');
  let built = views.get(key);
  if (!built) {
    built = RetrievalIndex.build(store, cols, pool);
    views.set(key, built);
    // A failed build must not be cached forever.
    built.catch(() => views?.delete(key));
  }
  return built;
}

/**
 * The index of one view of the served results: one column, or (null) every
 * matching column joined.
 *
 * @example
 * await retrievalIndex(results, null, pool); // all matching columns joined
 */
export function retrievalIndex(results: MatchResults, column: string | null, pool: WorkerPool): Promise<RetrievalIndex> {
  return retrievalIndexOf(results.run.store, viewColumns(results, column), pool);
}

/** The columns of a view: one column, or (null) every matching column. */
function viewColumns(results: MatchResults, column: string | null): string[] {
  return column === null ? joinedColumns(results.columns, results.run.config.exclude_columns) : [column];
}

// The changed records' postings of each view, per living table (a re-run replays the changes into a new table).
const overlays = new WeakMap<LivingTable, Map<string, RetrievalOverlay>>();

/** The overlay of a view, caught up with every change so far. */
function overlayOf(results: MatchResults, column: string | null, index: RetrievalIndex): RetrievalOverlay {
  const table = results.live.table;
  let views = overlays.get(table);
  if (views === undefined) overlays.set(table, (views = new Map()));
  const cols = viewColumns(results, column).map((c) => results.run.store.columnIndex(c));
  const key = cols.join(',');
  let overlay = views.get(key);
  if (overlay === undefined) views.set(key, (overlay = new RetrievalOverlay(index, cols)));
  overlay.catchUp(table);
  return overlay;
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
  const table = results.live.table;
  // Loaded rows that changed are left out of the loaded index's hits and met, as they are now, in the overlay's.
  let found = index.query(q.query);
  if (table.changed) found = found.filter((h) => !table.isChanged(h.row)).concat(overlayOf(results, column, index).query(index.weigh(q.query)));
  const hits = found
    .map((h) => ({ row: h.row, score: round6(h.score) }))
    .filter((h) => h.score >= threshold && filters.every((f) => table.get(f.c, h.row) === f.value));
  hits.sort((x, y) => y.score - x.score || x.row - y.row);
  const top = hits.slice(0, k);
  return {
    query: q.query,
    column,
    count: top.length,
    results: top.map((h) => ({ row_id: h.row, score: h.score, record: results.record(h.row) })),
  };
}
