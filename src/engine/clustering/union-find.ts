/** Disjoint sets over dense row ids in typed arrays: path halving and union by size. */

/**
 * Disjoint-set forest over the ids `0..n-1`. Near-constant time per
 * operation; two Int32Arrays of memory, so it is cheap at a million rows.
 *
 * @example
 * const uf = new UnionFind(4);
 * uf.union(0, 2);
 * uf.find(2) === uf.find(0); // true
 * uf.sizeOf(2);              // 2
 */
export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(n: number) {
    this.parent = new Int32Array(n);
    this.size = new Int32Array(n).fill(1);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }

  /** Number of ids in the structure. */
  get length(): number {
    return this.parent.length;
  }

  /**
   * The representative of `x`'s set. Halves the path as it walks, so later
   * finds on the same chain are shorter (no recursion: chains can be long).
   *
   * @example
   * new UnionFind(3).find(1); // 1
   */
  find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) {
      const grand = parent[parent[x]];
      parent[x] = grand;
      x = grand;
    }
    return x;
  }

  /**
   * Joins the sets of `x` and `y`; false when they were already one set. The
   * smaller set hangs under the larger, which keeps trees shallow.
   *
   * @example
   * const uf = new UnionFind(2);
   * uf.union(0, 1); // true
   * uf.union(1, 0); // false
   */
  union(x: number, y: number): boolean {
    let rx = this.find(x);
    let ry = this.find(y);
    if (rx === ry) return false;
    if (this.size[rx] < this.size[ry]) {
      const t = rx;
      rx = ry;
      ry = t;
    }
    this.parent[ry] = rx;
    this.size[rx] += this.size[ry];
    return true;
  }

  /**
   * Size of the set that holds `x`.
   *
   * @example
   * new UnionFind(5).sizeOf(3); // 1
   */
  sizeOf(x: number): number {
    return this.size[this.find(x)];
  }
}
