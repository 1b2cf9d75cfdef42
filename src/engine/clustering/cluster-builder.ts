/** Builds the clusters of a run: spanning forest of the links (optionally density-gated), steward constraints, size split, ids = smallest member. */
import type { Config } from '../../config/types.js';
import { KindredError } from '../../errors/registry.js';
import { enforceCannotLinks } from './cannot-link-cuts.js';
import { strongestFirst } from './edge-order.js';
import { splitOversized } from './size-split.js';
import { maximumSpanningForest, type RankedEdges } from './spanning-forest.js';
import type { Constraints, MustLink, PairList } from './types.js';
import type { LinkDensityGate } from './link-density-gate.js';
import { rowComponents } from './row-components.js';
import { UnionFind } from './union-find.js';

/**
 * What clustering needs: the matched pairs, the steward's constraints and
 * the size limit (configuration `clustering.max_cluster_size`, default 100).
 *
 * @example
 * const input: ClusterInput = { rowCount: 4, links, maxClusterSize: 100 };
 */
export interface ClusterInput {
  rowCount: number;
  /** Matched pairs: the score reached the deciding matchkey's threshold. */
  links: PairList;
  constraints?: Constraints;
  /** At least 1; `Infinity` turns the size split off. */
  maxClusterSize: number;
  /**
   * In [0, 1]; 0 (the default) keeps connected components. Above 0, two
   * trees join only when links cover this share of their record pairs
   * (see {@link LinkDensityGate}).
   */
  minLinkDensity?: number;
}

/**
 * The configured limits on clusters, in the form {@link buildClusters} takes.
 *
 * @example
 * const limits: ClusterLimits = { maxClusterSize: 100, minLinkDensity: 0.1 };
 */
export type ClusterLimits = Pick<ClusterInput, 'maxClusterSize' | 'minLinkDensity'>;

/**
 * The cluster limits of a configuration's `clustering` section.
 *
 * @example
 * clusterLimits({ max_cluster_size: 10, min_link_density: 0.1 }); // { maxClusterSize: 10, minLinkDensity: 0.1 }
 */
export function clusterLimits(clustering: Config['clustering']): ClusterLimits {
  return { maxClusterSize: clustering.max_cluster_size, minLinkDensity: clustering.min_link_density };
}

/**
 * The cluster of every row: `clusterOf[row]` is the cluster id, the smallest
 * row id among the cluster's members (a singleton's id is its own row).
 *
 * Steps (docs/clustering.md has the reasoning):
 * 1. edges = kept must-links (newest first) then links not touching an
 *    isolated row (score descending, ties by pair id);
 * 2. maximum spanning forest over them (Kruskal), merges gated by
 *    `minLinkDensity` when it is above 0;
 * 3. cannot-links, in seq order, cut the weakest edge on their tree path;
 * 4. pieces over `maxClusterSize` lose their weakest automatic edges;
 * 5. clusters are the pieces left; ids are their smallest rows.
 *
 * Deterministic: the edge order is total, so the same input always gives the
 * same array. O(rows + pairs) plus near-constant union-find work per edge.
 * Without constraints or a density gate, steps 1–4 change nothing in a
 * component within the size limit: such components are clusters as they
 * are, and the steps run over the links of the oversized components only
 * ({@link forestClusters} is the general path, the same result).
 *
 * @example
 * const clusterOf = buildClusters({
 *   rowCount: 4,
 *   links: { a: Int32Array.of(1, 2), b: Int32Array.of(3, 3), score: Float64Array.of(0.9, 0.95), count: 2 },
 *   maxClusterSize: 100,
 * });
 * Array.from(clusterOf); // [0, 1, 1, 1]
 */
export function buildClusters(input: ClusterInput): Int32Array {
  const { rowCount, links, maxClusterSize } = input;
  if (!(maxClusterSize >= 1)) {
    throw new KindredError('internal', `maxClusterSize must be at least 1, got ${maxClusterSize}`);
  }
  if (unconstrained(input)) {
    checkLinks(rowCount, links);
    // With no constraint and no density gate, Kruskal's forest spans the
    // connected components whatever the edge order; only a component over the
    // size limit needs the order (to drop its weakest edges), and what happens
    // inside one component never depends on another. So the components within
    // the limit are clusters as they are, and the forest is built over the
    // links of the oversized ones only.
    const { clusterOf, sizeOf, largest } = rowComponents(rowCount, links);
    if (largest <= maxClusterSize) return clusterOf;
    const over = new Uint8Array(rowCount);
    for (let r = 0; r < rowCount; r++) over[r] = sizeOf[clusterOf[r]] > maxClusterSize ? 1 : 0;
    const split = forestClusters({ rowCount, links: linksWhere(links, over), maxClusterSize });
    for (let r = 0; r < rowCount; r++) if (over[r] === 1) clusterOf[r] = split[r];
    return clusterOf;
  }
  return forestClusters(input);
}

/** The links whose rows are marked in `rows` (both ends of a link are in one component, so one end decides). */
function linksWhere(links: PairList, rows: Uint8Array): PairList {
  let count = 0;
  for (let i = 0; i < links.count; i++) count += rows[links.a[i]];
  const a = new Int32Array(count);
  const b = new Int32Array(count);
  const score = new Float64Array(count);
  for (let i = 0, j = 0; i < links.count; i++) {
    if (rows[links.a[i]] === 0) continue;
    a[j] = links.a[i];
    b[j] = links.b[i];
    score[j++] = links.score[i];
  }
  return { a, b, score, count };
}

/**
 * {@link buildClusters} through the spanning forest always, whatever the
 * constraints and the size of the components: the general path, exported so
 * that a test can hold the shortcut for unconstrained runs to it.
 *
 * @example
 * forestClusters({ rowCount: 4, links, maxClusterSize: 100 }); // the same array as buildClusters
 */
export function forestClusters(input: ClusterInput): Int32Array {
  const { rowCount, links, maxClusterSize } = input;
  checkLinks(rowCount, links);
  const constraints = input.constraints;
  const isolatedAt = isolationSeqs(rowCount, constraints);

  const edges = rankedEdges(rowCount, links, constraints?.mustLinks ?? [], isolatedAt);
  const forest = maximumSpanningForest(rowCount, edges, input.minLinkDensity ?? 0);

  const cut = new Uint8Array(forest.edges.count);
  let cuts = 0;
  const cannotLinks = constraints?.cannotLinks ?? [];
  if (cannotLinks.length > 0) {
    enforceCannotLinks(rowCount, forest, cannotLinks, cut);
    for (let e = 0; e < cut.length; e++) cuts += cut[e];
  }
  if (forest.largestTree > maxClusterSize) cuts += splitOversized(rowCount, forest, maxClusterSize, cut);

  let pieces = forest.trees;
  if (cuts > 0) {
    pieces = new UnionFind(rowCount);
    const { a, b, count } = forest.edges;
    for (let e = 0; e < count; e++) if (cut[e] === 0) pieces.union(a[e], b[e]);
  }
  return labelBySmallestMember(rowCount, pieces);
}

/** No steward constraint and no density gate: the clusters are the components, size limit permitting. */
function unconstrained(input: ClusterInput): boolean {
  const c = input.constraints;
  const none = c === undefined || (c.mustLinks.length === 0 && c.cannotLinks.length === 0 && c.isolatedAt.size === 0);
  return none && !((input.minLinkDensity ?? 0) > 0);
}

/** Every link must be a scored pair a < b of rows that exist: anything else is a bug upstream, not data. */
function checkLinks(rowCount: number, links: PairList): void {
  for (let i = 0; i < links.count; i++) {
    if (!(links.a[i] >= 0 && links.a[i] < links.b[i] && links.b[i] < rowCount) || !Number.isFinite(links.score[i])) {
      throw new KindredError('internal', `link ${i} (${links.a[i]}, ${links.b[i]}, ${links.score[i]}) is not a scored pair a < b below ${rowCount}`);
    }
  }
}

/** Per row, the seq of the edit that isolated it, or -Infinity; null when no row is isolated. */
function isolationSeqs(rowCount: number, constraints: Constraints | undefined): Float64Array | null {
  if (constraints === undefined || constraints.isolatedAt.size === 0) return null;
  const seqs = new Float64Array(rowCount).fill(-Infinity);
  for (const [row, seq] of constraints.isolatedAt) if (row >= 0 && row < rowCount) seqs[row] = seq;
  return seqs;
}

/**
 * The Kruskal edge list: must-links first (they outrank every score; newer
 * outranks older), then the links. An isolated row keeps no automatic link
 * and no must-link older than its isolation.
 */
function rankedEdges(
  rowCount: number,
  links: PairList,
  mustLinks: readonly MustLink[],
  isolatedAt: Float64Array | null,
): RankedEdges {
  const kept: MustLink[] = [];
  for (const m of mustLinks) {
    if (!(m.a >= 0 && m.a < m.b && m.b < rowCount)) continue;
    if (isolatedAt !== null && (isolatedAt[m.a] > m.seq || isolatedAt[m.b] > m.seq)) continue;
    kept.push(m);
  }
  kept.sort((x, y) => y.seq - x.seq);

  let keepLink: Uint8Array | null = null;
  if (isolatedAt !== null) {
    keepLink = new Uint8Array(links.count);
    for (let i = 0; i < links.count; i++) {
      keepLink[i] = isolatedAt[links.a[i]] === -Infinity && isolatedAt[links.b[i]] === -Infinity ? 1 : 0;
    }
  }
  const order = strongestFirst(links, rowCount, keepLink);

  const count = kept.length + order.length;
  const a = new Int32Array(count);
  const b = new Int32Array(count);
  const mustLink = new Uint8Array(count);
  const seq = new Float64Array(count);
  for (let i = 0; i < kept.length; i++) {
    a[i] = kept[i].a;
    b[i] = kept[i].b;
    mustLink[i] = 1;
    seq[i] = kept[i].seq;
  }
  for (let j = 0, i = kept.length; j < order.length; j++, i++) {
    a[i] = links.a[order[j]];
    b[i] = links.b[order[j]];
  }
  return { a, b, mustLink, seq, count };
}

/** Cluster id per row = smallest row of its set: the first row met when scanning ascending. */
function labelBySmallestMember(rowCount: number, pieces: UnionFind): Int32Array {
  const firstOfRoot = new Int32Array(rowCount).fill(-1);
  const clusterOf = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) {
    const root = pieces.find(r);
    if (firstOfRoot[root] < 0) firstOfRoot[root] = r;
    clusterOf[r] = firstOfRoot[root];
  }
  return clusterOf;
}
