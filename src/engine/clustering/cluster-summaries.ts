/** Cluster sizes and the size-ordered cluster list behind `GET /clusters` paging, in linear time. */

/**
 * Per cluster id, its number of members; 0 at rows that are not a cluster id.
 *
 * @example
 * Array.from(clusterSizes(Int32Array.of(0, 0, 2))); // [2, 0, 1]
 */
export function clusterSizes(clusterOf: Int32Array): Int32Array {
  const sizes = new Int32Array(clusterOf.length);
  for (let r = 0; r < clusterOf.length; r++) sizes[clusterOf[r]]++;
  return sizes;
}

/**
 * Every cluster id ordered by size descending, then id ascending — the
 * `/clusters` order — by a counting sort over sizes (no comparisons, so a
 * million clusters cost a few milliseconds).
 *
 * @example
 * Array.from(clustersBySize(Int32Array.of(2, 0, 1))); // [0, 2]
 */
export function clustersBySize(sizes: Int32Array): Int32Array {
  let largest = 0;
  let clusters = 0;
  for (let id = 0; id < sizes.length; id++) {
    if (sizes[id] > 0) clusters++;
    if (sizes[id] > largest) largest = sizes[id];
  }
  // before[s] = clusters strictly larger than s: where size s starts in the output.
  const before = new Int32Array(largest + 2);
  for (let id = 0; id < sizes.length; id++) if (sizes[id] > 0) before[sizes[id] - 1]++;
  for (let s = largest - 1; s >= 0; s--) before[s] += before[s + 1];
  const order = new Int32Array(clusters);
  for (let id = 0; id < sizes.length; id++) {
    const s = sizes[id];
    if (s > 0) order[before[s]++] = id;
  }
  return order;
}

/**
 * How many clusters at the front of a `clustersBySize` order have at least
 * `minSize` members (binary search: the order is by size descending).
 *
 * @example
 * countAtLeast(order, sizes, 2); // the `total` of GET /clusters?min_size=2
 */
export function countAtLeast(order: Int32Array, sizes: Int32Array, minSize: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sizes[order[mid]] >= minSize) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Sizes of a clustering and its clusters with at least `minSize` members,
 * size descending then id ascending.
 *
 * @example
 * const { sizes, ids } = clusterSummaries(clusterOf, 2);
 * ids.length; // clusters of two or more
 */
export function clusterSummaries(clusterOf: Int32Array, minSize: number): { sizes: Int32Array; ids: Int32Array } {
  const sizes = clusterSizes(clusterOf);
  const order = clustersBySize(sizes);
  return { sizes, ids: order.slice(0, countAtLeast(order, sizes, minSize)) };
}
