/** Kruskal's merge gate for `clustering.min_link_density`: two trees join only when enough of their record pairs are links. */
import type { RankedEdges } from './spanning-forest.js';
import type { UnionFind } from './union-find.js';

/**
 * Decides whether an automatic edge may join the two trees it touches.
 *
 * Why: connected components chain. One strong-looking link between two
 * people who share a surname and a city joins their whole clusters, although
 * almost none of the other record pairs across them match. The gate asks
 * that the links between the two trees cover at least `minDensity` of
 * their `|A|·|B|` record pairs (one link always suffices for two single
 * records). The cost is a walk over the smaller tree's links per attempted
 * merge; a rejection is remembered until either tree grows, so parallel
 * weaker edges between the same two trees do not repeat the walk.
 *
 * @example
 * const gate = new LinkDensityGate(rowCount, edges, 0.1);
 * const rx = trees.find(x), ry = trees.find(y);
 * if (rx !== ry && gate.allows(trees, rx, ry)) { trees.union(x, y); gate.joined(trees, rx, ry); }
 */
export class LinkDensityGate {
  private readonly offsets: Int32Array;
  private readonly neighbours: Int32Array;
  /** Members of each tree as a list from its root: next member, or -1. */
  private readonly nextMember: Int32Array;
  private readonly lastMember: Int32Array;
  /** (root, root) → the two sizes when that merge was refused. */
  private readonly refused = new Map<number, number>();

  constructor(
    private readonly rowCount: number,
    edges: RankedEdges,
    private readonly minDensity: number,
  ) {
    const degree = new Int32Array(rowCount + 1);
    for (let i = 0; i < edges.count; i++) {
      degree[edges.a[i] + 1]++;
      degree[edges.b[i] + 1]++;
    }
    for (let r = 0; r < rowCount; r++) degree[r + 1] += degree[r];
    this.offsets = degree;
    this.neighbours = new Int32Array(degree[rowCount]);
    const fill = degree.slice(0, rowCount);
    for (let i = 0; i < edges.count; i++) {
      this.neighbours[fill[edges.a[i]]++] = edges.b[i];
      this.neighbours[fill[edges.b[i]]++] = edges.a[i];
    }
    this.nextMember = new Int32Array(rowCount).fill(-1);
    this.lastMember = new Int32Array(rowCount);
    for (let r = 0; r < rowCount; r++) this.lastMember[r] = r;
  }

  /**
   * Whether the different trees rooted at `rootX` and `rootY` have enough
   * links between them to join.
   *
   * @example
   * gate.allows(trees, trees.find(3), trees.find(7)); // false when 1 link joins two trees of 4 rows at min density 0.2
   */
  allows(trees: UnionFind, rootX: number, rootY: number): boolean {
    let small = rootX;
    let large = rootY;
    let smallSize = trees.sizeOf(small);
    let largeSize = trees.sizeOf(large);
    if (smallSize > largeSize || (smallSize === largeSize && small > large)) {
      [small, large] = [large, small];
      [smallSize, largeSize] = [largeSize, smallSize];
    }
    const key = small * this.rowCount + large;
    const sizes = smallSize * (this.rowCount + 1) + largeSize;
    if (this.refused.get(key) === sizes) return false;
    const needed = this.minDensity * smallSize * largeSize;
    let cross = 0;
    for (let m = small; m !== -1 && cross < needed; m = this.nextMember[m]) {
      const end = this.offsets[m + 1];
      for (let k = this.offsets[m]; k < end; k++) if (trees.find(this.neighbours[k]) === large) cross++;
    }
    // The edge being tried is itself a link between the two trees, so two single rows always join.
    if (cross >= needed - 1e-9) return true;
    this.refused.set(key, sizes);
    return false;
  }

  /**
   * Records that the trees rooted at `rootX` and `rootY` were just united in
   * `trees`, so the member list of the new root covers both.
   *
   * @example
   * const rx = trees.find(x), ry = trees.find(y); trees.union(x, y); gate.joined(trees, rx, ry);
   */
  joined(trees: UnionFind, rootX: number, rootY: number): void {
    const root = trees.find(rootX);
    const other = root === rootX ? rootY : rootX;
    this.nextMember[this.lastMember[root]] = other;
    this.lastMember[root] = this.lastMember[other];
  }
}
