/** The served results of one matching run: scorer, blocking index, pair graph, live clusters and the review queue, swapped whole on a re-run. */
import type { MatchRun } from '../engine/run.js';
import { PairScorer, type PreparedQuery, type PairExplanation } from '../engine/scoring/pair-scorer.js';
import { openProbabilisticModels } from '../engine/scoring/probabilistic-bridge.js';
import { PairGraph } from '../engine/clustering/pair-graph.js';
import { ClusterState } from '../engine/clustering/cluster-state.js';
import { clusterLimits } from '../engine/clustering/cluster-builder.js';
import { matchRecord, type RecordMatch } from '../engine/matching/match-records.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import type { FieldRef } from '../config/types.js';
import { KindredError } from '../errors/registry.js';
import type { ServedRunArrays } from './served-run-task.js';
import { LivingGraph } from '../engine/clustering/living-graph.js';
import { openLiveMatching, type LiveMatching } from '../engine/living/live-matching.js';
import { liveBand } from './live-band.js';

/** A queued pair: index into the run's kept pairs. */
export interface QueueItem {
  a: number;
  b: number;
  score: number;
  threshold: number;
}

/**
 * Everything the HTTP layer reads for one run. Immutable apart from the
 * cluster state, which review decisions and edits change in place.
 *
 * @example
 * const results = await MatchResults.create(run, pool);
 * results.match({ name: 'Jon Smith' }, 5);
 */
export class MatchResults {
  readonly run: MatchRun;
  readonly scorer: PairScorer;
  readonly graph: LivingGraph;
  readonly clusters: ClusterState;
  /** The living table, block keys and graphs record changes work on. */
  readonly live: LiveMatching;
  /** The run's review band, ordered by |score − threshold|, then pair id (indices into run.pairs). */
  private readonly loadedBand: Int32Array;
  /** The band after record changes (queue items), rebuilt on first read after a change; null while nothing changed. */
  private changedBand: QueueItem[] | null = null;
  /** User columns (configured exclusions are still data columns; they are shown). */
  readonly columns: string[];

  private constructor(run: MatchRun, served: ServedRunArrays) {
    this.run = run;
    const lookup = (ref: FieldRef) => run.fields.get(ref);
    this.scorer = new PairScorer(run.config, lookup, openProbabilisticModels(run.config, run.handle.models, lookup));
    this.graph = new LivingGraph(PairGraph.fromArrays(served.graph));
    this.clusters = new ClusterState(run.store.rowCount, this.graph, served.seed, clusterLimits(run.config.clustering));
    this.live = openLiveMatching(run, this.scorer, this.graph, this.clusters);
    this.loadedBand = served.band;
    this.columns = run.store.names;
  }

  /**
   * Builds the served form of a finished run. The pair graph, the initial
   * clusters, the review queue and the blocking key tables are built on the
   * worker pool: at a million rows they are over a second of work, during
   * which the event loop would answer nothing (not even `/health`).
   */
  static async create(run: MatchRun, pool: WorkerPool): Promise<MatchResults> {
    const [served] = await Promise.all([
      pool.run('buildServedRun', {
        rowCount: run.store.rowCount,
        pairs: run.pairs,
        ...clusterLimits(run.config.clustering),
        thresholds: run.config.matchkeys.map((m) => m.threshold),
        review: run.config.review,
      }),
      // /match finds a record's block through these; only a served run needs them.
      run.index.buildKeyTables(pool),
    ]);
    return new MatchResults(run, served);
  }

  /** Row ids given so far (deleted rows included: ids are never reused). */
  get rowCount(): number {
    return this.live.table.rowCount;
  }

  /** A record's own columns (as changed, for a changed record). */
  record(row: number): Record<string, string | null> {
    return this.live.table.record(row);
  }

  /** Forgets the band built after the last change (call after every change). */
  changed(): void {
    this.changedBand = null;
  }

  /** Pairs in the review band now. */
  get bandLength(): number {
    return this.live.table.changed ? this.bandItems().length : this.loadedBand.length;
  }

  private bandItems(): QueueItem[] {
    this.changedBand ??= liveBand(this);
    return this.changedBand;
  }

  /**
   * Warms the cache lines of the records of `rows` (see
   * `ColumnStore.touchRows`) before they are read one by one.
   *
   * @example
   * results.touchRecords(found.map((m) => m.row));
   */
  touchRecords(rows: readonly number[]): void {
    if (!this.live.table.changed) this.run.store.touchRows(rows);
  }

  /** Throws 404 unless `row` is a row id of the data, 410 when its record was deleted. */
  requireRow(row: number, what = 'row'): void {
    if (!Number.isSafeInteger(row) || row < 0 || row >= this.rowCount) {
      throw new KindredError('not_found', `${what} ${row} does not exist (row ids are 0..${this.rowCount - 1})`);
    }
    if (this.live.table.isDeleted(row)) throw new KindredError('gone', `${what} ${row} was deleted (row ids are never reused)`);
  }

  /**
   * The score of a pair: the stored one when the run kept it, else scored
   * now by the same scorer (same number either way).
   */
  pairScore(a: number, b: number): number {
    const s = this.graph.score(Math.min(a, b), Math.max(a, b));
    if (s !== undefined) return s;
    return this.explainRows(a, b).score;
  }

  /** Matches a new record (see {@link matchRecord}). */
  match(record: Readonly<Record<string, string | null>>, topK: number): RecordMatch[] {
    const { table, queries } = this.live;
    const changes = table.changed ? { excluded: (row: number) => table.isChanged(row), rows: this.changedRowsSharing(record), queryOf: (row: number) => queries.get(row) } : null;
    return matchRecord(record, this.scorer, this.run.index, topK, changes);
  }

  /**
   * Changed live rows sharing a block with a record (by their current keys):
   * the candidates of a record that the loaded index cannot give.
   *
   * @example
   * results.changedRowsSharing({ surname: 'Lee' }); // [300, 305]
   */
  changedRowsSharing(record: Readonly<Record<string, string | null>>): number[] {
    return this.live.blocks.rowsSharing((ref) => this.scorer.transformValue(ref, record[ref.field] ?? null));
  }

  /** Explains two rows (a changed row as it is now). */
  explainRows(a: number, b: number): PairExplanation {
    const side = (x: number): number | PreparedQuery => this.live.queries.get(x) ?? x;
    return this.scorer.explain(side(a), side(b), this.record(a), this.record(b));
  }

  /** Explains any mix of rows and records. */
  explain(a: number | Record<string, string | null>, b: number | Record<string, string | null>): PairExplanation {
    const side = (x: number | Record<string, string | null>): [number | PreparedQuery, Record<string, string | null>] =>
      typeof x === 'number' ? [this.live.queries.get(x) ?? x, this.record(x)] : [this.scorer.prepareQuery(x), x];
    const [qa, ra] = side(a);
    const [qb, rb] = side(b);
    return this.scorer.explain(qa, qb, ra, rb);
  }

  private bandKeys: Set<number> | null = null;

  /**
   * Whether rows `a` < `b` form a pair of the review band (a set of the band's
   * pairs, built on first use: the band never changes within a run).
   *
   * @example
   * results.inBand(12, 977); // true when 12-977 awaits review
   */
  inBand(a: number, b: number): boolean {
    if (this.live.table.changed) {
      if (this.liveBandKeys?.items !== this.bandItems()) this.liveBandKeys = { items: this.bandItems(), keys: new Set(this.bandItems().map((q) => `${q.a}-${q.b}`)) };
      return this.liveBandKeys.keys.has(`${a}-${b}`);
    }
    const n = this.run.store.rowCount;
    // The key a·n + b is one-to-one only for 0 ≤ a < b < n; any other pair is no pair of the band.
    if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 0 && a < b && b < n)) return false;
    if (this.bandKeys === null) {
      const pairs = this.run.pairs;
      this.bandKeys = new Set(Array.from(this.loadedBand, (p) => pairs.a[p] * n + pairs.b[p]));
    }
    return this.bandKeys.has(a * n + b);
  }

  private liveBandKeys: { items: QueueItem[]; keys: Set<string> } | null = null;

  /** The run's band as it was loaded (indices into run.pairs). */
  get runBand(): Int32Array {
    return this.loadedBand;
  }

  /** Review band pair i as a queue item. */
  bandItem(i: number): QueueItem {
    if (this.live.table.changed) return this.bandItems()[i];
    const p = this.loadedBand[i];
    const pairs = this.run.pairs;
    const mk = this.scorer.matchkeys[pairs.flags[p] & 0x7f];
    return { a: pairs.a[p], b: pairs.b[p], score: pairs.score[p], threshold: mk.threshold };
  }
}
