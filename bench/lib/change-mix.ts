/** Record changes for the living-data benchmark: adds, updates and deletes of real rows, perturbed like the /match queries, deterministic for a seed, and the HTTP request of each. */
import type { RequestSpec } from './http-exchange.js';
import { DEFAULT_QUERY_MIX, perturbRows, seededRandom } from './query-records.js';

/**
 * A data row of the loaded file with its row id (the 0-based data row index, as kindred numbers rows).
 *
 * @example
 * const s: SourceRow = { row: 17, record: { rec_id: 'rec-5-org', surname: 'lee' } };
 */
export interface SourceRow {
  row: number;
  record: Readonly<Record<string, string>>;
}

/**
 * One change as the benchmark sends it.
 *
 * @example
 * const c: LivingChange = { kind: 'update', row: 17, record: { rec_id: 'rec-5-org', surname: 'leee' } };
 */
export type LivingChange =
  | { kind: 'add'; record: Record<string, string> }
  | { kind: 'update'; row: number; record: Record<string, string> }
  | { kind: 'delete'; row: number };

/**
 * Shares of adds, updates and deletes (they need not sum to exactly 1: they are normalised).
 *
 * @example
 * const s: ChangeShares = { add: 0.4, update: 0.4, delete: 0.2 };
 */
export interface ChangeShares {
  add: number;
  update: number;
  delete: number;
}

/**
 * The benchmark's mix: 40% adds, 40% updates, 20% deletes. A daily table
 * change is mostly new and corrected records; deletes are rarer but must be
 * in the mix, because they void pairs and can split clusters.
 *
 * @example
 * changeMix(sources, { shares: DEFAULT_CHANGE_SHARES, seed: 16, dropOnAdd: ['rec_id'] });
 */
export const DEFAULT_CHANGE_SHARES: ChangeShares = { add: 0.4, update: 0.4, delete: 0.2 };

/**
 * One change per source row, its kind drawn by `shares`: an add is a new
 * record of the row's person (the row perturbed like a /match query, the
 * `dropOnAdd` columns removed, as a new record would not carry them), an
 * update replaces the row by a perturbed copy of itself (its own columns
 * kept), a delete removes it. Each source row is used once, so with
 * distinct source rows no change touches a row an earlier one deleted, and
 * the changes may be sent concurrently in any order.
 *
 * @example
 * const changes = changeMix([{ row: 0, record: { surname: 'lee' } }], { shares: { add: 0, update: 1, delete: 0 }, seed: 1, dropOnAdd: [] });
 * changes[0].kind; // "update"
 */
export function changeMix(sources: readonly SourceRow[], options: { shares: ChangeShares; seed: number; dropOnAdd: readonly string[] }): LivingChange[] {
  const { shares } = options;
  const total = shares.add + shares.update + shares.delete;
  if (!(total > 0) || shares.add < 0 || shares.update < 0 || shares.delete < 0) throw new Error('change shares must be ≥ 0 and not all 0');
  const random = seededRandom(options.seed);
  // Perturbation draws from its own stream (seed + 1), so the kinds do not shift when the mix of typos changes.
  const perturbed = perturbRows(
    sources.map((s) => s.record),
    { mix: DEFAULT_QUERY_MIX, seed: options.seed + 1, drop: [] },
  );
  return sources.map((s, i): LivingChange => {
    const r = random() * total;
    if (r < shares.add) {
      const record = { ...perturbed[i] };
      for (const c of options.dropOnAdd) delete record[c];
      return { kind: 'add', record };
    }
    if (r < shares.add + shares.update) return { kind: 'update', row: s.row, record: perturbed[i] };
    return { kind: 'delete', row: s.row };
  });
}

/**
 * The request of a single change: `POST /records` (one record), `PUT /records/<row>` or `DELETE /records/<row>`.
 *
 * @example
 * changeRequest({ kind: 'delete', row: 5 }); // { method: 'DELETE', path: '/records/5' }
 */
export function changeRequest(change: LivingChange): RequestSpec {
  if (change.kind === 'add') return { method: 'POST', path: '/records', body: Buffer.from(JSON.stringify(change.record)) };
  if (change.kind === 'update') return { method: 'PUT', path: `/records/${change.row}`, body: Buffer.from(JSON.stringify(change.record)) };
  return { method: 'DELETE', path: `/records/${change.row}` };
}

/**
 * The requests that apply `changes` with as few round trips as the API
 * allows: adds grouped into `POST /records {records: [...]}` of at most
 * `batchSize` records (the only batch form the API has), updates and
 * deletes one request each (there is no HTTP batch of mixed changes).
 *
 * @example
 * changeRequests(changes, 10_000).length; // batches of adds + one per update or delete
 */
export function changeRequests(changes: readonly LivingChange[], batchSize: number): RequestSpec[] {
  const adds = changes.flatMap((c) => (c.kind === 'add' ? [c.record] : []));
  const out: RequestSpec[] = [];
  for (let i = 0; i < adds.length; i += batchSize) out.push(addBatchRequest(adds.slice(i, i + batchSize)));
  for (const c of changes) if (c.kind !== 'add') out.push(changeRequest(c));
  return out;
}

/**
 * `POST /records` with `{records: [...]}`: one batch of adds, applied (and answered) as one.
 *
 * @example
 * addBatchRequest([{ surname: 'lee' }]).path; // "/records"
 */
export function addBatchRequest(records: ReadonlyArray<Record<string, string>>): RequestSpec {
  return { method: 'POST', path: '/records', body: Buffer.from(JSON.stringify({ records })) };
}

/**
 * `count` distinct row ids out of `0 .. rows−1`, drawn uniformly with a
 * seed (a partial Fisher–Yates shuffle over a sparse map, so 100,000 ids of
 * 1M rows cost 100,000 steps, not an array of a million).
 *
 * @example
 * pickRowIds(1_000_000, 3, 7); // e.g. [412_907, 88_120, 730_002]
 */
export function pickRowIds(rows: number, count: number, seed: number): number[] {
  if (!Number.isInteger(count) || count < 0 || count > rows) throw new Error(`cannot pick ${count} distinct rows out of ${rows}`);
  const random = seededRandom(seed);
  const moved = new Map<number, number>();
  const at = (i: number): number => moved.get(i) ?? i;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (rows - i));
    const picked = at(j);
    moved.set(j, at(i));
    out.push(picked);
  }
  return out;
}
