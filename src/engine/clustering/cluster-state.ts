/** The server's live clustering: applies steward edits by re-clustering only the part of the graph they can change. */
import { KindredError } from '../../errors/registry.js';
import { buildClusters, type ClusterLimits } from './cluster-builder.js';
import { clusterFacts, type ClusterFacts, type ScoredPair } from './cluster-facts.js';
import { SizeTally, type ClusterStats } from './cluster-stats.js';
import { clustersBySize, countAtLeast } from './cluster-summaries.js';
import { ConstraintLog } from './constraint-log.js';
import { PairGraph, type PairGraphArrays } from './pair-graph.js';
import { LivingGraph, type Edge, type ScoredGraph } from './living-graph.js';
import type { Constraints, Edit, PairList } from './types.js';

/**
 * One row's new edges after a record change: `null` for a deleted record,
 * else its kept pairs (`links`: the matched ones) by neighbour.
 *
 * @example
 * const change: RowEdges = { row: 12, links: new Map([[40, { score: 0.93, flags: 0x80 }]]) };
 */
export interface RowEdges {
  row: number;
  links: ReadonlyMap<number, Edge> | null;
}

/**
 * What a record change did to the clusters, over the rows it re-clustered:
 * each row's cluster before and after (-1: not a live row then).
 *
 * @example
 * const moved = diff.rows.filter((r, i) => diff.before[i] !== diff.after[i]);
 */
export interface ClusterDiff {
  rows: number[];
  before: Int32Array;
  after: Int32Array;
}

/**
 * What a {@link ClusterState} computes from the links when it is created:
 * the link graph, every row's cluster and the member lists. Plain typed
 * arrays, so a worker can build it (at a million rows this is a second of
 * work that would otherwise hold up the event loop).
 *
 * @example
 * const seed = seedClusterState(rowCount, links, 100);
 * const state = new ClusterState(rowCount, graph, seed, 100);
 */
export interface ClusterSeed {
  linkGraph: PairGraphArrays;
  of: Int32Array;
  next: Int32Array;
  sizes: Int32Array;
}

/**
 * Builds the {@link ClusterSeed} of `links` under `constraints` (none by
 * default): exactly what `new ClusterState(rowCount, graph, links, …)`
 * computes itself.
 *
 * @example
 * const seed = seedClusterState(5, links, { maxClusterSize: 100 }); // in a worker
 */
export function seedClusterState(rowCount: number, links: PairList, limits: ClusterLimits, constraints?: Constraints): ClusterSeed {
  const linkGraph = PairGraph.fromPairs(rowCount, links).arrays();
  const of = buildClusters({ rowCount, links, constraints: (constraints === undefined ? new ConstraintLog() : ConstraintLog.from(constraints)).snapshot(), ...limits });
  const next = new Int32Array(rowCount).fill(-1);
  const sizes = new Int32Array(rowCount);
  const all = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) all[r] = r;
  listMembers(of, all, next, sizes, new Int32Array(rowCount));
  return { linkGraph, of, next, sizes };
}

/**
 * Rebuilds member lists and sizes for `rows` (ascending, a union of whole
 * clusters): `next` links each member to the next larger one, `sizes` holds
 * each cluster's size at its id; `tail` is scratch of `rowCount`.
 */
function listMembers(of: Int32Array, rows: Int32Array, next: Int32Array, sizes: Int32Array, tail: Int32Array): void {
  for (const r of rows) {
    const c = of[r];
    next[r] = -1;
    if (c === r) {
      sizes[r] = 1;
    } else {
      // c < r is in `rows` too, so tail[c] was set when c was visited.
      sizes[r] = 0;
      next[tail[c]] = r;
      sizes[c]++;
    }
    tail[c] = r;
  }
}

/**
 * The orders of `GET /clusters`: size descending (the contract's), or weakest confidence first.
 *
 * @example
 * const sort: ClusterSort = 'confidence';
 */
export type ClusterSort = 'size' | 'confidence';

/**
 * One line of `GET /clusters`.
 *
 * @example
 * const line: ClusterLine = { cluster_id: 12, size: 4, confidence: 0.93 };
 */
export interface ClusterLine {
  cluster_id: number;
  size: number;
  confidence: number;
}

/**
 * The clusters of every row, kept equal to
 * `buildClusters({ rowCount, links, constraints, ...limits })` for the
 * constraints of every edit applied so far, without rebuilding everything.
 *
 * An edit is re-clustered over its **region**: the rows connected to the
 * edit's records by the edges clustering may use (links not touching an
 * isolated row, kept must-links), taken before the edit. Clusters are cut
 * out of those connected parts, so no row outside the region can change;
 * and the region is closed, so rebuilding it alone gives the same answer as
 * a full rebuild. (Re-clustering just the touched clusters would not: a
 * cannot-link elsewhere in the same connected part may be what keeps two of
 * them apart.) A region is one connected part of the match graph — usually a
 * handful of rows, so an edit costs microseconds to milliseconds even at a
 * million rows.
 *
 * Members are kept as linked lists in typed arrays (`next[row]` = the next
 * larger member; a list starts at its cluster id, the smallest member), so
 * the state costs a few arrays of `rowCount`, not an array per cluster.
 *
 * @example
 * const state = new ClusterState(rowCount, PairGraph.fromPairs(rowCount, kept), links, 100);
 * state.apply({ kind: 'approve', seq: 1, a: 12, b: 977, score: 0.8 });
 * state.clusterOf(977); // 12
 * state.stats().total_clusters;
 */
export class ClusterState {
  private readonly linkGraph: LivingGraph;
  private log: ConstraintLog;
  /** Each row's cluster id; -1 for a deleted row. */
  private of: Int32Array;
  private next: Int32Array;
  /** Size at each cluster id; 0 at rows that are not a cluster id. */
  private sizes: Int32Array;
  private readonly tally: SizeTally;
  /** Every cluster id by size descending then id; rebuilt lazily after edits. */
  private order: Int32Array | null = null;
  /** Every cluster id by confidence ascending (then size descending, id), with its confidence; rebuilt lazily after edits. */
  private weakestFirst: { ids: Int32Array; confidence: Float64Array } | null = null;
  /** Scratch: 1 for rows of the region being walked, reset after each edit. */
  private inRegion: Uint8Array;
  /** Scratch: a region row's local index in the sub-problem, or -1. */
  private localIndex: Int32Array;
  /** Scratch: while relisting, the last member seen of each cluster id. */
  private lastMember: Int32Array;
  /** Row ids in use (deleted rows included: their ids are never reused). */
  private rows: number;

  /**
   * Clusters the run (`links` are the matched pairs; `graph` holds every kept
   * scored pair, for reporting) under already-replayed `constraints`. Instead
   * of the links, a {@link ClusterSeed} built from them (with the same
   * constraints) may be given; the state takes its arrays over.
   *
   * @example
   * new ClusterState(n, graph, links, { maxClusterSize: 100 }, replayEdits(storedEdits));
   * new ClusterState(n, graph, await pool.run(...).then((r) => r.seed), { maxClusterSize: 100 });
   */
  constructor(
    rowCount: number,
    private readonly graph: ScoredGraph,
    links: PairList | ClusterSeed,
    private readonly limits: ClusterLimits,
    constraints?: Constraints,
  ) {
    this.log = constraints === undefined ? new ConstraintLog() : ConstraintLog.from(constraints);
    const seed = 'of' in links ? links : seedClusterState(rowCount, links, limits, constraints);
    this.rows = rowCount;
    this.linkGraph = new LivingGraph(PairGraph.fromArrays(seed.linkGraph));
    this.of = seed.of;
    this.next = seed.next;
    this.sizes = seed.sizes;
    this.tally = new SizeTally(rowCount);
    this.inRegion = new Uint8Array(rowCount);
    this.localIndex = new Int32Array(rowCount).fill(-1);
    this.lastMember = new Int32Array(rowCount);
    for (let r = 0; r < rowCount; r++) if (this.sizes[r] > 0) this.tally.add(this.sizes[r]);
  }

  /** Row ids in use (the next added record gets this id). */
  get rowCount(): number {
    return this.rows;
  }

  /**
   * The cluster id (smallest member row id) of a row.
   *
   * @example
   * state.clusterOf(40); // 12
   */
  clusterOf(row: number): number {
    return this.of[row];
  }

  /**
   * Whether `id` is the id of a current cluster (its smallest member).
   *
   * @example
   * state.isCluster(40); // false when 40 belongs to cluster 12
   */
  isCluster(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.rows && this.of[id] === id;
  }

  /**
   * Members of a cluster, ascending. Throws `not_found` for an id that is not
   * a current cluster.
   *
   * @example
   * state.members(12); // [12, 40, 977]
   */
  members(clusterId: number): number[] {
    this.requireCluster(clusterId);
    const out: number[] = [];
    for (let r = clusterId; r >= 0; r = this.next[r]) out.push(r);
    return out;
  }

  /**
   * Size of a cluster (0 for an id that is not a current cluster).
   *
   * @example
   * state.sizeOf(12); // 3
   */
  sizeOf(clusterId: number): number {
    return this.isCluster(clusterId) ? this.sizes[clusterId] : 0;
  }

  /**
   * Whether a pair holds clusters together: an active must-link, or a
   * matched pair without an active cannot-link.
   *
   * @example
   * state.isLink(12, 40); // true
   */
  isLink(a: number, b: number): boolean {
    if (a === b) return false;
    if (this.log.isCannotLink(a, b)) return false;
    if (this.log.mustLink(a, b) !== undefined) return true;
    return this.linkGraph.score(a, b) !== undefined;
  }

  /**
   * The `/clusters/<id>` facts of a cluster (see `clusterFacts`); must-links
   * on pairs the run never scored show the score taken at approval.
   * Throws `not_found` for an id that is not a current cluster.
   *
   * @example
   * state.facts(12).bottleneck_pair; // [12, 977]
   */
  facts(clusterId: number): ClusterFacts {
    const members = this.members(clusterId);
    const extra: ScoredPair[] = [];
    for (const m of members) {
      this.log.forEachMustLink(m, (partner, link) => {
        if (partner > m && this.of[partner] === clusterId && this.graph.score(m, partner) === undefined) extra.push(link);
      });
    }
    return clusterFacts(members, this.graph, (a, b) => this.isLink(a, b), extra);
  }

  /**
   * Applies one steward edit (seq above every earlier one) and re-clusters
   * its region. Returns the ids, after the edit, of every cluster whose
   * membership changed and of the clusters of the edit's records, ascending,
   * and the re-clustered rows with their clusters before and after (the
   * change feed's events are made from it, as for a record change).
   * Throws `not_found` for a row id outside the data.
   *
   * @example
   * state.apply({ kind: 'unmerge', seq: 7, row: 40 }).affected; // [12, 40]
   */
  apply(edit: Edit): { affected: number[]; diff: ClusterDiff } {
    const touched = edit.kind === 'shatter' ? edit.members : edit.kind === 'unmerge' ? [edit.row] : [edit.a, edit.b];
    for (const row of touched) {
      if (!Number.isInteger(row) || row < 0 || row >= this.rows || this.of[row] < 0) {
        throw new KindredError('not_found', `row ${row} does not exist (row ids are 0..${this.rows - 1})`);
      }
    }
    // Before the edit: the only edges an edit adds are must-links between
    // its own records, whose connected parts are walked here already, so the
    // parts after the edit lie inside this region.
    const region = this.regionOf(touched);
    try {
      this.log.apply(edit);
      const before = new Int32Array(region.length);
      for (let i = 0; i < region.length; i++) before[i] = this.of[region[i]];
      this.recluster(region);
      const after = Int32Array.from(region, (r) => this.of[r]);
      return { affected: this.affected(region, before, touched), diff: { rows: region, before, after } };
    } finally {
      for (const r of region) this.inRegion[r] = 0;
    }
  }

  /**
   * `/stats` numbers of the current clusters (kept up to date by `apply`).
   *
   * @example
   * state.stats().singleton_count;
   */
  stats(): ClusterStats {
    return this.tally.stats();
  }

  /**
   * A page of `GET /clusters`: clusters of at least `minSize` members with
   * their confidence, by size descending then id (the default), or with
   * `sort: 'confidence'` weakest first (confidence ascending, then size
   * descending, then id). Either order is built once and reused until the
   * next edit; the confidence order computes every cluster's confidence
   * once, so its first request after an edit costs one pass over the
   * clusters' scored pairs.
   *
   * @example
   * state.clusters({ minSize: 2, limit: 100, offset: 0 }).total;
   * state.clusters({ minSize: 2, limit: 20, offset: 0, sort: 'confidence' }).clusters[0]; // the weakest cluster
   */
  clusters(page: { minSize: number; limit: number; offset: number; sort?: ClusterSort }): {
    clusters: ClusterLine[];
    total: number;
    offset: number;
    limit: number;
  } {
    this.order ??= clustersBySize(this.sizes);
    const total = countAtLeast(this.order, this.sizes, page.minSize);
    const start = Math.max(0, Math.min(page.offset, total));
    const end = Math.max(start, Math.min(total, start + page.limit));
    const lines: ClusterLine[] = [];
    if (page.sort === 'confidence') {
      this.weakestFirst ??= this.byConfidence(this.order);
      const { ids, confidence } = this.weakestFirst;
      // The order mixes sizes, so clusters under minSize are skipped as they come.
      for (let i = 0, seen = 0; i < ids.length && seen < end; i++) {
        const id = ids[i];
        if (this.sizes[id] < page.minSize) continue;
        if (seen++ >= start) lines.push({ cluster_id: id, size: this.sizes[id], confidence: confidence[i] });
      }
    } else {
      for (let i = start; i < end; i++) {
        const id = this.order[i];
        const size = this.sizes[id];
        lines.push({ cluster_id: id, size, confidence: size === 1 ? 1 : this.facts(id).confidence });
      }
    }
    return { clusters: lines, total, offset: page.offset, limit: page.limit };
  }

  /** Every cluster of `bySize` (a size-descending order) reordered weakest first; a stable sort keeps size then id order among equal confidences. */
  private byConfidence(bySize: Int32Array): { ids: Int32Array; confidence: Float64Array } {
    const conf = new Float64Array(bySize.length);
    for (let i = 0; i < bySize.length; i++) conf[i] = this.sizes[bySize[i]] === 1 ? 1 : this.facts(bySize[i]).confidence;
    const positions = Array.from(bySize.keys()).sort((x, y) => conf[x] - conf[y]);
    return { ids: Int32Array.from(positions, (p) => bySize[p]), confidence: Float64Array.from(positions, (p) => conf[p]) };
  }

  /**
   * How many clusters there are of each size, smallest size first (sizes
   * with no cluster left out), from the histogram `/stats` is kept from.
   *
   * @example
   * state.sizeHistogram(); // [{ size: 1, count: 130 }, { size: 2, count: 40 }, { size: 3, count: 7 }]
   */
  sizeHistogram(): { size: number; count: number }[] {
    return this.tally.histogram();
  }

  /**
   * A copy of the cluster id of every row (for snapshots and comparisons).
   *
   * @example
   * const before = state.clusterIds();
   */
  clusterIds(): Int32Array {
    return this.of.slice(0, this.rows);
  }

  /**
   * The constraints of every edit applied so far (or given at construction).
   *
   * @example
   * buildClusters({ rowCount, links, maxClusterSize: 100, constraints: state.constraints() });
   */
  constraints(): Constraints {
    return this.log.snapshot();
  }

  /**
   * Applies record changes: `rowCount` grows to take added rows, each
   * changed row's matched edges are replaced (a deleted row loses all of
   * them and leaves every cluster), and, when given, the constraints are
   * replaced by `edits` replayed (decisions on changed records drop out as
   * stale). Re-clusters only the rows connected, before or after, to the
   * changed rows and to `seeds` (the rows of edits whose constraints
   * changed); everything else is untouched. Returns the re-clustered rows
   * with their clusters before and after.
   *
   * @example
   * state.changeRows(1001, [{ row: 1000, links: new Map([[17, { score: 0.91, flags: 0x80 }]]) }]); // a new record joins 17's cluster
   */
  changeRows(rowCount: number, changes: readonly RowEdges[], edits?: readonly Edit[], seeds: readonly number[] = []): ClusterDiff {
    const firstNew = this.rows;
    this.grow(rowCount);
    const deleted = new Set<number>();
    for (const c of changes) if (c.links === null) deleted.add(c.row);
    const start = [...new Set([...changes.map((c) => c.row), ...seeds])].filter((r) => r >= 0 && r < rowCount);
    const walk = (): number[] => {
      const rows = this.regionOf(start.filter((r) => r < firstNew && this.of[r] >= 0));
      for (const r of rows) this.inRegion[r] = 0;
      return rows;
    };
    const before = walk();
    for (const c of changes) this.linkGraph.replaceRow(c.row, c.links ?? new Map());
    if (edits !== undefined) {
      const log = new ConstraintLog();
      for (const e of edits) log.apply(e);
      this.log = log;
    }
    // New rows start as singletons (their own cluster) so the walk after the change can reach them.
    for (let r = firstNew; r < rowCount; r++) {
      if (deleted.has(r)) continue;
      this.of[r] = r;
      this.sizes[r] = 1;
      this.tally.add(1);
    }
    const after = this.regionOf(start.filter((r) => !deleted.has(r) && this.of[r] >= 0));
    for (const r of after) this.inRegion[r] = 0;
    const all = [...new Set([...before, ...after, ...deleted])].sort((x, y) => x - y);
    const was = Int32Array.from(all, (r) => (r >= firstNew ? -1 : this.of[r]));
    let liveChange = 0;
    for (let r = firstNew; r < rowCount; r++) if (!deleted.has(r)) liveChange++;
    for (const d of deleted) if (d < firstNew && this.of[d] >= 0) liveChange--;
    this.tally.setTotal(this.tally.totalRecords + liveChange);
    for (const d of deleted) {
      if (this.of[d] === d && this.sizes[d] > 0) this.tally.remove(this.sizes[d]);
      this.sizes[d] = 0;
    }
    const region = all.filter((r) => !deleted.has(r));
    for (const d of deleted) {
      this.of[d] = -1;
      this.next[d] = -1;
    }
    // Clusters that lost a deleted member are re-listed with the rest of the region.
    this.recluster(region);
    this.order = null;
    return { rows: all, before: was, after: Int32Array.from(all, (r) => this.of[r]) };
  }

  /** Makes room for row ids up to `rowCount` (doubling, so growth is amortised O(1) per row). */
  private grow(rowCount: number): void {
    if (rowCount <= this.rows) return;
    if (rowCount > this.of.length) {
      const cap = Math.max(rowCount, this.of.length * 2, 16);
      const widen = <T extends Int32Array | Uint8Array>(a: T, fill: number): T => {
        const b = (a instanceof Int32Array ? new Int32Array(cap) : new Uint8Array(cap)) as T;
        b.fill(fill);
        b.set(a);
        return b;
      };
      this.of = widen(this.of, -1);
      this.next = widen(this.next, -1);
      this.sizes = widen(this.sizes, 0);
      this.inRegion = widen(this.inRegion, 0);
      this.localIndex = widen(this.localIndex, -1);
      this.lastMember = widen(this.lastMember, 0);
    }
    for (let r = this.rows; r < rowCount; r++) {
      this.of[r] = -1;
      this.next[r] = -1;
      this.sizes[r] = 0;
    }
    this.rows = rowCount;
  }

  private requireCluster(clusterId: number): void {
    if (!this.isCluster(clusterId)) throw new KindredError('not_found', `cluster ${clusterId} does not exist`);
  }

  /** Rows reachable from `seeds` over usable edges, ascending; marks them in `inRegion`. */
  private regionOf(seeds: readonly number[]): number[] {
    const region: number[] = [];
    const visit = (row: number): void => {
      if (this.inRegion[row] === 0) {
        this.inRegion[row] = 1;
        region.push(row);
      }
    };
    for (const s of seeds) visit(s);
    for (let head = 0; head < region.length; head++) {
      const u = region[head];
      const isolatedU = this.log.isolatedAt(u);
      if (isolatedU === undefined) {
        this.linkGraph.forEachNeighbour(u, (v) => {
          if (this.inRegion[v] === 0 && this.log.isolatedAt(v) === undefined) visit(v);
        });
      }
      this.log.forEachMustLink(u, (v, link) => {
        if (this.inRegion[v] === 0 && link.seq > (isolatedU ?? -Infinity) && link.seq > (this.log.isolatedAt(v) ?? -Infinity)) visit(v);
      });
    }
    return region.sort((x, y) => x - y);
  }

  /** Rebuilds the clusters of a closed region (ascending rows) with the builder, and the lists and tallies of its clusters. */
  private recluster(region: number[]): void {
    const local = this.localIndex;
    for (let i = 0; i < region.length; i++) local[region[i]] = i;
    try {
      const la: number[] = [];
      const lb: number[] = [];
      const ls: number[] = [];
      for (const r of region) {
        this.linkGraph.forEachNeighbour(r, (v, score) => {
          if (v > r && local[v] >= 0) {
            la.push(local[r]);
            lb.push(local[v]);
            ls.push(score);
          }
        });
      }
      const links: PairList = { a: Int32Array.from(la), b: Int32Array.from(lb), score: Float64Array.from(ls), count: la.length };
      const global = this.log.snapshotOfRows(region);
      const constraints: Constraints = {
        mustLinks: global.mustLinks.map((m) => ({ ...m, a: local[m.a], b: local[m.b] })),
        cannotLinks: global.cannotLinks.map((c) => ({ ...c, a: local[c.a], b: local[c.b] })),
        isolatedAt: new Map([...global.isolatedAt].map(([row, seq]) => [local[row], seq])),
      };
      const localOf = buildClusters({ rowCount: region.length, links, constraints, ...this.limits });

      for (const r of region) if (this.sizes[r] > 0) this.tally.remove(this.sizes[r]);
      const rows = Int32Array.from(region);
      for (let i = 0; i < rows.length; i++) this.of[rows[i]] = rows[localOf[i]];
      this.relist(rows);
      for (const r of region) if (this.sizes[r] > 0) this.tally.add(this.sizes[r]);
      this.order = null;
      this.weakestFirst = null;
    } finally {
      for (const r of region) local[r] = -1;
    }
  }

  /** Rebuilds member lists and sizes for `rows` (ascending, a union of whole clusters). */
  private relist(rows: Int32Array): void {
    listMembers(this.of, rows, this.next, this.sizes, this.lastMember);
  }

  private affected(region: number[], before: Int32Array, touched: readonly number[]): number[] {
    const changedOld = new Set<number>();
    const ids = new Set<number>();
    for (let i = 0; i < region.length; i++) {
      if (before[i] !== this.of[region[i]]) {
        changedOld.add(before[i]);
        ids.add(this.of[region[i]]);
      }
    }
    for (let i = 0; i < region.length; i++) if (changedOld.has(before[i])) ids.add(this.of[region[i]]);
    for (const t of touched) ids.add(this.of[t]);
    return [...ids].sort((x, y) => x - y);
  }
}
