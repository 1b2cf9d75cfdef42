/** KindredClient: one typed method per endpoint of the local server, over the platform's fetch only (Node and browsers). */
import { errorFromBody, KindredError } from './errors.js';
import { readEvents } from './event-stream.js';
import type {
  AutoconfigRequest,
  AutoconfigResponse,
  CertifyRecallResponse,
  ClusterSizesResponse,
  ClusterSort,
  ScoreHistogramResponse,
  TelemetryRun,
  ClusterResponse,
  ClustersResponse,
  Decision,
  DecideResponse,
  DeleteResult,
  EventsOptions,
  FeedEvent,
  DecisionsResponse,
  ExplainResponse,
  HealthResponse,
  InputRecord,
  MatchBatchResponse,
  MatchResponse,
  RecordResult,
  RecordsResult,
  ReplaceResult,
  RetrieveOptions,
  RetrieveResponse,
  ReviewsResponse,
  ShatterResponse,
  StatsResponse,
  SuggestResponse,
  Telemetry,
  UnmergeResponse,
  WithdrawResponse,
} from './types.js';

/**
 * Where the server listens unless told otherwise (the server's own default).
 *
 * @example
 * new KindredClient().baseUrl === DEFAULT_BASE_URL; // true
 */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
/**
 * Per-request timeout in milliseconds unless told otherwise.
 *
 * @example
 * new KindredClient().timeoutMs === DEFAULT_TIMEOUT_MS; // true
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Options of {@link KindredClient}.
 *
 * @example
 * const options: KindredClientOptions = { baseUrl: 'http://127.0.0.1:8080', token: 'secret', timeoutMs: 5_000 };
 */
export interface KindredClientOptions {
  baseUrl?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  timeoutMs?: number;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof fetch;
}

type Query = Record<string, number | string | undefined>;

/**
 * A client of the kindred local server. Every method resolves to the typed
 * response body, or rejects with a {@link KindredError}.
 *
 * @example
 * const client = new KindredClient({ token: process.env.SERVICE_API_TOKEN });
 * const { matches } = await client.match({ name: 'Jon Smith', zip: '10001' }, { topK: 5 });
 */
export class KindredClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  private readonly token: string | undefined;
  private readonly fetchImpl: typeof fetch;

  constructor(options: KindredClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // Bound so a browser's window.fetch is not called with the client as `this`.
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /**
   * `GET /health`. Like every method, a non-2xx answer throws (API.md §4): a
   * server still initializing, or whose initial run failed, throws a
   * `KindredError` with status 503, code `not_ready` and a message giving the
   * state (and the run's error when it failed).
   *
   * @example
   * try { await client.health(); } catch (e) { if (e instanceof KindredError && e.code === 'not_ready') await sleep(500); }
   */
  async health(): Promise<HealthResponse> {
    const h = await this.request<HealthResponse>('GET', '/health', undefined, undefined, [503]);
    if (h.ready) return h;
    throw new KindredError(503, 'not_ready', `GET /health: the server is ${h.status}${h.error !== undefined ? `: ${h.error}` : ''}`);
  }

  /** `GET /stats`. */
  stats(): Promise<StatsResponse> {
    return this.request('GET', '/stats');
  }

  /** `POST /match` with the wrapped form, so a field literally named `record` is never ambiguous. */
  match(record: InputRecord, options: { topK?: number } = {}): Promise<MatchResponse> {
    return this.request('POST', '/match', { record, ...(options.topK === undefined ? {} : { top_k: options.topK }) });
  }

  /** `POST /match/batch`. */
  matchBatch(records: InputRecord[], options: { topK?: number } = {}): Promise<MatchBatchResponse> {
    return this.request('POST', '/match/batch', { records, ...(options.topK === undefined ? {} : { top_k: options.topK }) });
  }

  /** `GET /clusters`; `sort: 'confidence'` lists the weakest clusters first (docs/api.md). */
  clusters(options: { minSize?: number; limit?: number; offset?: number; sort?: ClusterSort } = {}): Promise<ClustersResponse> {
    return this.request('GET', '/clusters', undefined, { min_size: options.minSize, limit: options.limit, offset: options.offset, sort: options.sort });
  }

  /** `GET /clusters/<id>`. */
  cluster(id: number): Promise<ClusterResponse> {
    return this.request('GET', `/clusters/${encodeURIComponent(String(id))}`);
  }

  /** `POST /explain` by row ids. */
  explain(rowA: number, rowB: number): Promise<ExplainResponse> {
    return this.request('POST', '/explain', { row_id_a: rowA, row_id_b: rowB });
  }

  /** `POST /explain` by records. */
  explainRecords(recordA: InputRecord, recordB: InputRecord): Promise<ExplainResponse> {
    return this.request('POST', '/explain', { record_a: recordA, record_b: recordB });
  }

  /** `GET /reviews`. */
  reviews(options: { limit?: number; offset?: number } = {}): Promise<ReviewsResponse> {
    return this.request('GET', '/reviews', undefined, { limit: options.limit, offset: options.offset });
  }

  /** `POST /reviews/decide`. */
  decide(pairId: string, decision: Decision, options: { reviewer?: string; note?: string } = {}): Promise<DecideResponse> {
    return this.request('POST', '/reviews/decide', { pair_id: pairId, decision, ...options });
  }

  /** `GET /reviews/decisions`. */
  decisions(options: { limit?: number; offset?: number } = {}): Promise<DecisionsResponse> {
    return this.request('GET', '/reviews/decisions', undefined, { limit: options.limit, offset: options.offset });
  }

  /** `DELETE /reviews/decisions/<pair_id>`. */
  withdraw(pairId: string): Promise<WithdrawResponse> {
    return this.request('DELETE', `/reviews/decisions/${encodeURIComponent(pairId)}`);
  }

  /** `POST /shatter`. */
  shatter(clusterId: number): Promise<ShatterResponse> {
    return this.request('POST', '/shatter', { cluster_id: clusterId });
  }

  /** `POST /unmerge`. */
  unmerge(rowId: number): Promise<UnmergeResponse> {
    return this.request('POST', '/unmerge', { row_id: rowId });
  }

  /** `GET /suggest`. */
  suggest(): Promise<SuggestResponse> {
    return this.request('GET', '/suggest');
  }

  /** `POST /certify-recall`. */
  certifyRecall(): Promise<CertifyRecallResponse> {
    return this.request('POST', '/certify-recall', {});
  }

  /** `POST /retrieve`. */
  retrieve(query: string, options: RetrieveOptions = {}): Promise<RetrieveResponse> {
    return this.request('POST', '/retrieve', { query, ...options });
  }

  /** `POST /autoconfig` (no body re-profiles the loaded data). */
  autoconfig(body: AutoconfigRequest = {}): Promise<AutoconfigResponse> {
    return this.request('POST', '/autoconfig', body);
  }

  /** `GET /controller/telemetry`; `run` picks the start-up run or the latest of any (docs/api.md). */
  telemetry(options: { run?: TelemetryRun } = {}): Promise<Telemetry> {
    return this.request('GET', '/controller/telemetry', undefined, { run: options.run });
  }

  /** `GET /stats/scores`: the histogram of kept pair scores with each matchkey's threshold and review band. */
  scoreHistogram(): Promise<ScoreHistogramResponse> {
    return this.request('GET', '/stats/scores');
  }

  /** `GET /stats/cluster-sizes`: how many clusters of each size there are now. */
  clusterSizes(): Promise<ClusterSizesResponse> {
    return this.request('GET', '/stats/cluster-sizes');
  }

  /**
   * `POST /records` with one record: adds it to the living table; resolves
   * once the change is durable, with its new row id and cluster id.
   *
   * @example
   * const { row_id, cluster_id } = await client.addRecord({ name: 'Ann Lee', zip: '10001' });
   */
  addRecord(record: InputRecord): Promise<RecordResult> {
    return this.request('POST', '/records', record);
  }

  /** `POST /records` with `{records: [...]}`: all or nothing (one bad record rejects the batch, 400 naming `records[i].field`). */
  addRecords(records: InputRecord[]): Promise<RecordsResult> {
    return this.request('POST', '/records', { records });
  }

  /** `PUT /records/<row_id>`: replaces the record's fields (a column left out becomes empty). */
  replaceRecord(rowId: number, record: InputRecord): Promise<ReplaceResult> {
    return this.request('PUT', `/records/${encodeURIComponent(String(rowId))}`, record);
  }

  /** `PUT /records/by-key/<key>` (server started with `--key-column`): replaces the record with that key, or adds it when there is none. */
  upsertRecord(key: string, record: InputRecord): Promise<ReplaceResult> {
    return this.request('PUT', `/records/by-key/${encodeURIComponent(key)}`, record);
  }

  /** `DELETE /records/<row_id>` (its id is never given again; a second delete is 410). */
  deleteRecord(rowId: number): Promise<DeleteResult> {
    return this.request('DELETE', `/records/${encodeURIComponent(String(rowId))}`);
  }

  /**
   * `GET /events` as an async iterator: every event after `since`, then
   * live ones, each once and in order, across dropped connections (it
   * reconnects from the last seen id). Ends cleanly when `signal` aborts.
   *
   * @example
   * for await (const e of client.events({ since: lastSeq, signal })) { apply(e); lastSeq = e.seq; }
   */
  events(options: EventsOptions = {}): AsyncGenerator<FeedEvent, void, undefined> {
    const headers: Record<string, string> = {};
    if (this.token !== undefined && this.token !== '') headers.authorization = `Bearer ${this.token}`;
    return readEvents({ url: `${this.baseUrl}/events`, headers, fetch: this.fetchImpl }, options);
  }

  private async request<T>(method: string, path: string, body?: unknown, query?: Query, okStatuses: readonly number[] = []): Promise<T> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token !== undefined && this.token !== '') headers.authorization = `Bearer ${this.token}`;
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new KindredError(
        0,
        timedOut ? 'timeout' : 'network_error',
        timedOut ? `${method} ${path}: no answer within ${this.timeoutMs} ms` : `${method} ${path}: ${e instanceof Error ? e.message : String(e)}`,
        undefined,
        { cause: e },
      );
    }
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (res.ok || okStatuses.includes(res.status)) {
      if (parsed === undefined) throw new KindredError(res.status, 'invalid_response', `${method} ${path}: the server answered ${res.status} without a JSON body`);
      return parsed as T;
    }
    throw errorFromBody(res.status, parsed, `${method} ${path}: HTTP ${res.status}`);
  }
}
