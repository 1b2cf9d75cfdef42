/** Response and request types of the kindred HTTP API (API.md §2.4), as the client library returns them. */

/** A cell value of a record sent to the server (non-strings are converted with JSON's spelling). */
export type CellValue = string | number | boolean | null;

/**
 * A record as sent: field → value.
 *
 * @example
 * const r: InputRecord = { name: 'Jon Smith', zip: 10001 };
 */
export type InputRecord = Record<string, CellValue>;

/**
 * A stored record as the server returns it: column → value (null when missing).
 *
 * @example
 * const r: StoredRecord = { name: 'Jon Smith', zip: '10001', email: null };
 */
export type StoredRecord = Record<string, string | null>;

/**
 * `GET /health`.
 *
 * @example
 * const h: HealthResponse = { status: 'ok', ready: true, service: 'kindred' };
 */
export interface HealthResponse {
  status: 'ok' | 'initializing' | 'failed';
  ready: boolean;
  service: string;
  error?: string;
}

/**
 * `GET /stats` (extra keys allowed).
 *
 * @example
 * const s: StatsResponse = { total_records: 5000, total_clusters: 1712, singleton_count: 1310, match_rate: 0.738, avg_cluster_size: 2.155, max_cluster_size: 9 };
 */
export interface StatsResponse {
  total_records: number;
  total_clusters: number;
  singleton_count: number;
  match_rate: number;
  avg_cluster_size: number;
  max_cluster_size: number;
  [extra: string]: unknown;
}

/**
 * One `/match` result: `row_id`, `score`, then the record's own fields inline
 * (under `record` when a column is itself named `row_id` or `score`).
 *
 * @example
 * const m: MatchElement = { row_id: 17, score: 0.981333, name: 'Jon Smith' };
 */
export interface MatchElement {
  row_id: number;
  score: number;
  record?: StoredRecord;
  [field: string]: unknown;
}

/**
 * `POST /match`.
 *
 * @example
 * const r: MatchResponse = { matches: [], count: 0 };
 */
export interface MatchResponse {
  matches: MatchElement[];
  count: number;
}

/**
 * `POST /match/batch`.
 *
 * @example
 * const r: MatchBatchResponse = { results: [{ matches: [], count: 0 }] };
 */
export interface MatchBatchResponse {
  results: MatchResponse[];
}

/**
 * One field of an explanation (`penalty` on negative evidence that fired).
 *
 * @example
 * const f: FieldScore = { field: 'zip', scorer: 'exact', score: 1, weight: 0.3, value_a: '10001', value_b: '10001' };
 */
export interface FieldScore {
  field: string;
  scorer: string;
  score: number | null;
  weight: number;
  value_a: string | null;
  value_b: string | null;
  penalty?: number;
  /** A field the matchkey read crossed (`swaps`): the column of record b it was compared with (`value_b` is that column's value). */
  compared_with?: string;
  /** With `min_weight_by_rarity`: the share of `weight` the field counts toward the evidence floor (the commoner value's rarity; 1 for a rare one). */
  rarity_share?: number;
}

/**
 * `POST /explain`.
 *
 * @example
 * const e: ExplainResponse = { overall_score: 0.98, threshold: 0.8, is_match: true, matchkey: 'person', explanation: 'Match ...', field_scores: [] };
 */
export interface ExplainResponse {
  overall_score: number;
  threshold: number;
  is_match: boolean;
  matchkey: string;
  explanation: string;
  field_scores: FieldScore[];
  /** A weighted matchkey with `min_weight` above 0: the evidence the pair's present fields counted against it (under it, the score is lowered). */
  evidence_floor?: { min_weight: number; counted: number };
}

/**
 * One element of `GET /clusters`.
 *
 * @example
 * const c: ClusterSummary = { cluster_id: 12, size: 4, confidence: 0.93 };
 */
export interface ClusterSummary {
  cluster_id: number;
  size: number;
  confidence: number;
}

/**
 * `GET /clusters`.
 *
 * @example
 * const r: ClustersResponse = { clusters: [], total: 0, offset: 0, limit: 100 };
 */
export interface ClustersResponse {
  clusters: ClusterSummary[];
  total: number;
  offset: number;
  limit: number;
}

/**
 * `GET /clusters/<id>`.
 *
 * @example
 * const c: ClusterResponse = { cluster_id: 3, size: 1, confidence: 1, members: [{ row_id: 3 }], pair_scores: {}, bottleneck_pair: null };
 */
export interface ClusterResponse extends ClusterSummary {
  members: Array<{ row_id: number; [field: string]: unknown }>;
  pair_scores: Record<string, number>;
  bottleneck_pair: [number, number] | null;
}

/**
 * One pending pair of the review queue.
 *
 * @example
 * const q: ReviewItem = { id: '12-977', id_a: 12, id_b: 977, score: 0.802, record_a: {}, record_b: {} };
 */
export interface ReviewItem {
  id: string;
  id_a: number;
  id_b: number;
  score: number;
  /** The deciding matchkey's threshold the pair is compared with. */
  threshold?: number;
  record_a: StoredRecord;
  record_b: StoredRecord;
}

/**
 * `GET /reviews`.
 *
 * @example
 * const r: ReviewsResponse = { queue: [], count: 0, total: 0 };
 */
export interface ReviewsResponse {
  queue: ReviewItem[];
  count: number;
  total: number;
}

/** A review decision. */
export type Decision = 'approve' | 'reject';

/**
 * `POST /reviews/decide`.
 *
 * @example
 * const d: DecideResponse = { status: 'recorded', pair_id: '12-977', decision: 'reject', decided_at: '2026-11-21T10:15:02.123Z', cluster_ids: [12, 977] };
 */
export interface DecideResponse {
  status: 'recorded';
  pair_id: string;
  decision: Decision;
  decided_at: string;
  cluster_ids: number[];
}

/**
 * One element of `GET /reviews/decisions` (`stale` when its records changed).
 *
 * @example
 * const d: DecisionRecord = { pair_id: '1-2', id_a: 1, id_b: 2, decision: 'approve', score: 0.9, reviewer: null, note: null, decided_at: '2026-11-21T10:15:02.123Z', active: true };
 */
export interface DecisionRecord {
  pair_id: string;
  id_a: number;
  id_b: number;
  decision: Decision;
  score: number | null;
  reviewer: string | null;
  note: string | null;
  decided_at: string;
  active: boolean;
  stale?: boolean;
}

/**
 * `GET /reviews/decisions`.
 *
 * @example
 * const r: DecisionsResponse = { decisions: [], count: 0, total: 0 };
 */
export interface DecisionsResponse {
  decisions: DecisionRecord[];
  count: number;
  total: number;
}

/**
 * `DELETE /reviews/decisions/<pair_id>` (the contract leaves the body open; extra keys allowed).
 *
 * @example
 * const w: WithdrawResponse = { status: 'withdrawn', pair_id: '1-2' };
 */
export interface WithdrawResponse {
  status: string;
  pair_id: string;
  [extra: string]: unknown;
}

/**
 * `POST /shatter`.
 *
 * @example
 * const s: ShatterResponse = { status: 'shattered', cluster_id: 12, records_freed: 3, cluster_ids: [12, 40, 977] };
 */
export interface ShatterResponse {
  status: 'shattered';
  cluster_id: number;
  records_freed: number;
  cluster_ids: number[];
}

/**
 * `POST /unmerge`.
 *
 * @example
 * const u: UnmergeResponse = { status: 'unmerged', row_id: 40, cluster_id: 40, remaining_cluster_ids: [12] };
 */
export interface UnmergeResponse {
  status: 'unmerged' | 'unchanged';
  row_id: number;
  cluster_id: number;
  remaining_cluster_ids?: number[];
}

/**
 * One configuration suggestion of `GET /suggest`.
 *
 * @example
 * const s: Suggestion = { id: 'raise-threshold-p', kind: 'threshold', target: 'matchkeys[p].threshold', current: 0.8, proposed: 0.85, rationale: '...', evidence: {} };
 */
export interface Suggestion {
  id: string;
  kind: string;
  target: string;
  current: unknown;
  proposed: unknown;
  rationale: string;
  evidence: Record<string, unknown>;
}

/**
 * `GET /suggest`.
 *
 * @example
 * const r: SuggestResponse = { suggestions: [] };
 */
export interface SuggestResponse {
  suggestions: Suggestion[];
}

/**
 * `POST /certify-recall` (`estimated_recall` is null exactly when `estimable` is false).
 *
 * @example
 * const c: CertifyRecallResponse = { estimated_recall: 0.97, estimable: true, n_systems: 3, found_pairs: 1890, system_overlap: 0.62, note: '...' };
 */
export interface CertifyRecallResponse {
  estimated_recall: number | null;
  estimable: boolean;
  n_systems: number;
  found_pairs: number;
  system_overlap: number;
  note: string;
  [extra: string]: unknown;
}

/**
 * Options of a retrieval (`POST /retrieve` body minus the query).
 *
 * @example
 * const o: RetrieveOptions = { column: 'name', k: 5, threshold: 0.3, filters: { zip: '10001' } };
 */
export interface RetrieveOptions {
  column?: string;
  k?: number;
  threshold?: number;
  filters?: Record<string, string>;
}

/**
 * `POST /retrieve`.
 *
 * @example
 * const r: RetrieveResponse = { query: 'jon', column: null, count: 0, results: [] };
 */
export interface RetrieveResponse {
  query: string;
  column: string | null;
  count: number;
  results: Array<{ row_id: number; score: number; record: StoredRecord }>;
}

/**
 * Body of `POST /autoconfig` (all optional).
 *
 * @example
 * const b: AutoconfigRequest = { exclude_columns: ['id'], apply: false };
 */
export interface AutoconfigRequest {
  records?: InputRecord[];
  exclude_columns?: string[];
  apply?: boolean;
}

/**
 * The telemetry object (API.md §5); `{available: false, source: null}` before any autoconfig.
 *
 * @example
 * const t: Telemetry = { available: false, source: null };
 */
export interface Telemetry {
  available: boolean;
  source: string | null;
  stop_reason?: string;
  health?: 'green' | 'yellow' | 'red';
  elapsed_ms?: number;
  [extra: string]: unknown;
}

/**
 * `POST /autoconfig`.
 *
 * @example
 * const r: AutoconfigResponse = { config: {}, telemetry: { available: true, source: 'rest_autoconfig' } };
 */
export interface AutoconfigResponse {
  config: Record<string, unknown>;
  telemetry: Telemetry;
}

/**
 * The orders `GET /clusters` can list in: size descending (default) or weakest confidence first.
 *
 * @example
 * const sort: ClusterSort = 'confidence';
 */
export type ClusterSort = 'size' | 'confidence';

/**
 * Which saved controller run `GET /controller/telemetry?run=` reads.
 *
 * @example
 * const run: TelemetryRun = 'latest';
 */
export type TelemetryRun = 'autoconfig' | 'startup' | 'latest';

/**
 * `GET /stats/scores`: `counts[i]` kept pairs scored in `[i·bin_width, (i+1)·bin_width)`.
 *
 * @example
 * const h: ScoreHistogramResponse = { bin_width: 0.02, counts: [], by_matchkey: {}, pairs: 0, matchkeys: [] };
 */
export interface ScoreHistogramResponse {
  bin_width: number;
  counts: number[];
  by_matchkey: Record<string, number[]>;
  pairs: number;
  matchkeys: Array<{ name: string; threshold: number; review_lo: number; review_hi: number; pairs: number }>;
}

/**
 * `GET /stats/cluster-sizes`: clusters per size, smallest first, singletons included.
 *
 * @example
 * const s: ClusterSizesResponse = { sizes: [{ size: 1, count: 130 }, { size: 2, count: 40 }] };
 */
export interface ClusterSizesResponse {
  sizes: Array<{ size: number; count: number }>;
}

/**
 * `POST /records` with one record: the new record's row id and the cluster it joined.
 *
 * @example
 * const r: RecordResult = { row_id: 300, cluster_id: 12 };
 */
export interface RecordResult {
  row_id: number;
  cluster_id: number;
}

/**
 * `POST /records` with `{records: [...]}`: one result per record, in order.
 *
 * @example
 * const r: RecordsResult = { records: [{ row_id: 300, cluster_id: 300 }], count: 1 };
 */
export interface RecordsResult {
  records: RecordResult[];
  count: number;
}

/**
 * `PUT /records/<row_id>` and `PUT /records/by-key/<key>`: `created` only
 * when an upsert by key found no record with that key.
 *
 * @example
 * const r: ReplaceResult = { status: 'updated', row_id: 3, cluster_id: 3 };
 */
export interface ReplaceResult {
  status: 'created' | 'updated';
  row_id: number;
  cluster_id: number;
}

/**
 * `DELETE /records/<row_id>`.
 *
 * @example
 * const r: DeleteResult = { status: 'deleted', row_id: 3 };
 */
export interface DeleteResult {
  status: 'deleted';
  row_id: number;
}

/** What every event of `GET /events` carries: its sequence number (also the SSE id) and when it was stored. */
interface FeedEventBase {
  seq: number;
  /** What changed the clusters: a record change, a steward edit (decision, withdrawal, shatter, unmerge), or a re-run under another configuration. */
  cause: 'records' | 'edit' | 'rerun';
  at: string;
}

/**
 * One event of the change feed (`GET /events`), by type.
 *
 * @example
 * const e: FeedEvent = { seq: 7, cause: 'records', at: '2026-11-21T10:15:02.123Z', type: 'record_moved', row_id: 300, from: null, to: 12 };
 */
export type FeedEvent = FeedEventBase &
  (
    | { type: 'cluster_created'; cluster_id: number; members: number[] }
    | { type: 'cluster_merged'; cluster_id: number; from: number[] }
    | { type: 'cluster_split'; cluster_id: number; into: number[] }
    | { type: 'record_moved'; row_id: number; from: number | null; to: number }
    | { type: 'record_deleted'; row_id: number; cluster_id: number }
  );

/**
 * Options of `client.events()`.
 *
 * @example
 * const o: EventsOptions = { since: 41, signal: AbortSignal.timeout(60_000), retryMs: 1_000 };
 */
export interface EventsOptions {
  /** Start after this sequence number (default 0: the whole stored history). */
  since?: number;
  /** Ends the iteration cleanly (no error) when aborted. */
  signal?: AbortSignal;
  /** First wait before reconnecting after a dropped connection, doubling per failed attempt up to 30 s (default: the server's `retry:`, else 1000 ms). */
  retryMs?: number;
  /** Consecutive failed reconnects before the iterator throws the last error (default: unlimited). */
  maxRetries?: number;
}
