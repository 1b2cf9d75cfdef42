/** The live clustering of a server: applies steward edits by re-clustering only the clusters they touch. */
import { buildClusters } from './cluster-builder.js';
import type { PairGraph } from './pair-graph.js';
import type { Constraints, Edit, MustLink, PairDecision, PairList } from './types.js';
import { clusterFacts } from './cluster-facts.js';

/** `/stats` figures. */
export interface ClusterStats {
  total_records: number;
  total_clusters: number;
  singleton_count: number;
  match_rate: number;
  avg_cluster_size: number;
  max_cluster_size: number;
}

const pairKey = (a: number, b: number, n: number): number => Math.min(a, b) * n + Math.max(a, b);

/**
 * The replayed state of an edit log: the decision in force per pair and the
 * latest isolation (shatter/unmerge) per row.
 *
 * @example
 * replayEdits([{ kind: 'reject', seq: 1, a: 3, b: 9 }]).cannotLinks; // [{ a: 3, b: 9, seq: 1 }]
 */
export function replayEdits(edits: readonly Edit[]): Constraints {
  const must = new Map<string, MustLink>();
  const cannot = new Map<string, PairDecision>();
  const isolatedAt = new Map<number, number>();
  for (const e of edits) {
    if (e.kind === 'shatter') for (const m of e.members) isolatedAt.set(m, e.seq);
    else if (e.kind === 'unmerge') isolatedAt.set(e.row, e.seq);
    else {
      const a = Math.min(e.a, e.b);
      const b = Math.max(e.a, e.b);
      const k = `${a}-${b}`;
      must.delete(k);
      cannot.delete(k);
      if (e.kind === 'approve') must.set(k, { a, b, seq: e.seq, score: e.score });
      else if (e.kind === 'reject') cannot.set(k, { a, b, seq: e.seq });
    }
  }
  return {
    mustLinks: [...must.values()].sort((x, y) => x.a - y.a || x.b - y.b),
    cannotLinks: [...cannot.values()].sort((x, y) => x.seq - y.seq),
    isolatedAt,
  };
}

/**
 * Clusters of every row, kept up to date under edits. An edit re-clusters
 * the rows of the clusters it touches (both records' clusters for a decision,
 * the cluster for a shatter or an unmerge) with the same builder as the
 * initial run, under the constraints of the whole edit log.
 *
 * @example
 * const state = new ClusterState(rowCount, graph, links, 100);
 * state.apply({ kind: 'approve', seq: 1, a: 12, b: 977, score: 0.8 });
 * state.clusterOf(977); // 12
 */
export class ClusterState {
  private readonly rowCount: number;
  private readonly graph: PairGraph;
  private readonly maxClusterSize: number;
  private readonly linkSet = new Set<number>();
  private readonly of: Int32Array;
  /** Members of every cluster with ≥ 2 rows, ascending. */
  private readonly groups = new Map<number, number[]>();
  private readonly edits: Edit[] = [];
  private constraints: Constraints = { mustLinks: [], cannotLinks: [], isolatedAt: new Map() };
  private sorted: Array<{ id: number; size: number }> | null = null;

  constructor(rowCount: number, graph: PairGraph, links: PairList, maxClusterSize: number, initial?: Int32Array) {
    this.rowCount = rowCount;
    this.graph = graph;
    this.maxClusterSize = maxClusterSize;
    for (let i = 0; i < links.count; i++) this.linkSet.add(pairKey(links.a[i], links.b[i], rowCount));
    this.of = initial ? Int32Array.from(initial) : buildClusters({ rowCount, links, maxClusterSize });
    // A row whose cluster id is another row is a member of that cluster; only those clusters are kept as groups.
    for (let r = 0; r < rowCount; r++) {
      const c = this.of[r];
      if (c === r) continue;
      let g = this.groups.get(c);
      if (!g) this.groups.set(c, (g = [c]));
      g.push(r);
    }
  }

  /** The cluster id (smallest member) of a row. */
  clusterOf(row: number): number {
    return this.of[row];
  }

  /** Members of a cluster, ascending (a singleton's own row). */
  members(clusterId: number): number[] {
    return this.groups.get(clusterId)?.slice() ?? (this.of[clusterId] === clusterId ? [clusterId] : []);
  }

  /** True when the pair is a link holding clusters together: a matched pair or an active must-link, not cut by a cannot-link. */
  isLink(a: number, b: number): boolean {
    const x = Math.min(a, b);
    const y = Math.max(a, b);
    if (this.constraints.cannotLinks.some((c) => c.a === x && c.b === y)) return false;
    if (this.constraints.mustLinks.some((m) => m.a === x && m.b === y)) return true;
    return this.linkSet.has(pairKey(x, y, this.rowCount));
  }

  /** The score of a link: the run's score, or an approved pair's score when the run did not keep it. */
  linkScore(a: number, b: number): number {
    const s = this.graph.score(Math.min(a, b), Math.max(a, b));
    if (s !== undefined) return s;
    const x = Math.min(a, b);
    const y = Math.max(a, b);
    return this.constraints.mustLinks.find((m) => m.a === x && m.b === y)?.score ?? 0;
  }

  /** Facts of one cluster (link scores, bottleneck, confidence). */
  facts(clusterId: number): ReturnType<typeof clusterFacts> {
    const members = this.members(clusterId);
    const inside = new Set(members);
    // Approved pairs the run did not keep are links with the score recorded at approval.
    const extra = this.constraints.mustLinks
      .filter((m) => inside.has(m.a) && inside.has(m.b) && this.graph.score(m.a, m.b) === undefined)
      .map((m) => ({ a: m.a, b: m.b, score: m.score }));
    return clusterFacts(members, this.graph, (x, y) => this.isLink(x, y), extra);
  }

  /** Applies one edit and returns the cluster ids of the rows it re-clustered. */
  apply(edit: Edit): { affected: number[] } {
    const touched =
      edit.kind === 'shatter' ? edit.members : edit.kind === 'unmerge' ? [edit.row] : [edit.a, edit.b];
    const rows = new Set<number>();
    for (const t of touched) for (const m of this.members(this.of[t])) rows.add(m);
    this.edits.push(edit);
    this.constraints = replayEdits(this.edits);
    const region = [...rows].sort((x, y) => x - y);
    this.recluster(region);
    this.sorted = null;
    return { affected: [...new Set(region.map((r) => this.of[r]))].sort((x, y) => x - y) };
  }

  private recluster(region: number[]): void {
    const local = new Map(region.map((r, i) => [r, i]));
    const a: number[] = [];
    const b: number[] = [];
    const s: number[] = [];
    for (const r of region) {
      this.graph.forEachNeighbour(r, (nb, score) => {
        if (nb > r && local.has(nb) && this.linkSet.has(pairKey(r, nb, this.rowCount))) {
          a.push(local.get(r) as number);
          b.push(local.get(nb) as number);
          s.push(score);
        }
      });
    }
    const inRegion = (x: number, y: number): boolean => local.has(x) && local.has(y);
    const c = this.constraints;
    const constraints: Constraints = {
      mustLinks: c.mustLinks.filter((m) => inRegion(m.a, m.b)).map((m) => ({ ...m, a: local.get(m.a) as number, b: local.get(m.b) as number })),
      cannotLinks: c.cannotLinks.filter((m) => inRegion(m.a, m.b)).map((m) => ({ ...m, a: local.get(m.a) as number, b: local.get(m.b) as number })),
      isolatedAt: new Map([...c.isolatedAt].filter(([row]) => local.has(row)).map(([row, seq]) => [local.get(row) as number, seq])),
    };
    const localOf = buildClusters({
      rowCount: region.length,
      links: { a: Int32Array.from(a), b: Int32Array.from(b), score: Float64Array.from(s), count: a.length },
      constraints,
      maxClusterSize: this.maxClusterSize,
    });
    for (const r of region) this.groups.delete(this.of[r]);
    const fresh = new Map<number, number[]>();
    region.forEach((r, i) => {
      const id = region[localOf[i]];
      this.of[r] = id;
      let g = fresh.get(id);
      if (!g) fresh.set(id, (g = []));
      g.push(r);
    });
    for (const [id, g] of fresh) if (g.length >= 2) this.groups.set(id, g);
  }

  /** `/stats` figures over the current clusters. */
  stats(): ClusterStats {
    let inClusters = 0;
    let max = 0;
    for (const g of this.groups.values()) {
      inClusters += g.length;
      if (g.length > max) max = g.length;
    }
    const k = this.groups.size;
    return {
      total_records: this.rowCount,
      total_clusters: k,
      singleton_count: this.rowCount - inClusters,
      match_rate: this.rowCount > 0 ? inClusters / this.rowCount : 0,
      avg_cluster_size: k > 0 ? inClusters / k : 0,
      max_cluster_size: max,
    };
  }

  /** A page of clusters of at least `minSize` members: size descending, then id ascending. */
  clusters(o: { minSize: number; limit: number; offset: number }): { clusters: Array<{ cluster_id: number; size: number; confidence: number }>; total: number } {
    if (this.sorted === null) {
      this.sorted = [...this.groups].map(([id, g]) => ({ id, size: g.length })).sort((x, y) => y.size - x.size || x.id - y.id);
    }
    let list = this.sorted.filter((c) => c.size >= o.minSize);
    if (o.minSize <= 1) {
      const singles: Array<{ id: number; size: number }> = [];
      for (let r = 0; r < this.rowCount; r++) if (this.of[r] === r && !this.groups.has(r)) singles.push({ id: r, size: 1 });
      list = [...list, ...singles];
    }
    const page = list.slice(o.offset, o.offset + o.limit).map((c) => ({
      cluster_id: c.id,
      size: c.size,
      confidence: this.facts(c.id).confidence,
    }));
    return { clusters: page, total: list.length };
  }
}
