/** How much of a run's clusters hang on single links: bridges among the matched links inside clusters (chains), found by one Tarjan pass. */

/**
 * The share of matched links inside clusters of at least 3 rows that are
 * bridges of their cluster (removing one splits it), 0 when there are none.
 *
 * Why: low transitivity has two causes. Chains (two entities joined by one
 * link, then another) hang on bridges, and a higher threshold cuts them. A
 * large entity scored noisily also leaves many triples open, but its records
 * are held together by many links each (a group of 30 with 40% of its pairs
 * linked has no bridge at all); raising the threshold only drops its true
 * links. Measured at threshold 0.75: Cora (large true clusters) 0.002, CDDB
 * (a few chains among singletons) 0.21.
 *
 * Iterative Tarjan over the links, O(rows + links).
 *
 * @example
 * // A path 0-1-2: both links are bridges. A triangle: none.
 * bridgeShare(3, Int32Array.of(0, 0, 0), [0, 1], [1, 2]); // 1
 * bridgeShare(3, Int32Array.of(0, 0, 0), [0, 1, 0], [1, 2, 2]); // 0
 */
export function bridgeShare(rowCount: number, clusterOf: Int32Array, linkA: ArrayLike<number>, linkB: ArrayLike<number>): number {
  return bridgeStats(rowCount, clusterOf, linkA, linkB, rowCount).share;
}

/** What {@link bridgeStats} finds. */
export interface BridgeStats {
  /** Bridges ÷ links, over the links inside clusters of ≥ 3 rows (0 when none). */
  share: number;
  /**
   * Bridges inside clusters of more than `largeCluster` rows whose removal
   * leaves at least 3 rows on each side: the joints of a chain of groups, as
   * opposed to a record hanging on its cluster by one link.
   */
  largeClusterJoints: number;
}

/**
 * {@link bridgeShare}, plus the chain joints of large clusters: why an
 * oversized cluster is oversized. Cora's clusters of 30 to 60 records at
 * threshold 0.75 have no bridge at all (they are single large entities);
 * groups chained into one cluster meet at such joints.
 *
 * @example
 * // Two triangles 0-1-2 and 3-4-5 joined by 2-3, in one cluster of 6 (larger than 5): one joint, 1 bridge of 7 links.
 * bridgeStats(6, new Int32Array(6), [0, 1, 0, 3, 4, 3, 2], [1, 2, 2, 4, 5, 5, 3], 5); // { share: 1/7, largeClusterJoints: 1 }
 */
export function bridgeStats(rowCount: number, clusterOf: Int32Array, linkA: ArrayLike<number>, linkB: ArrayLike<number>, largeCluster: number): BridgeStats {
  const size = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) size[clusterOf[r]]++;
  // Adjacency (CSR) of the links that lie inside a cluster of ≥ 3.
  const keep: number[] = [];
  const degree = new Int32Array(rowCount + 1);
  for (let i = 0; i < linkA.length; i++) {
    const a = linkA[i];
    const b = linkB[i];
    if (clusterOf[a] !== clusterOf[b] || size[clusterOf[a]] < 3) continue;
    keep.push(i);
    degree[a + 1]++;
    degree[b + 1]++;
  }
  if (keep.length === 0) return { share: 0, largeClusterJoints: 0 };
  for (let r = 0; r < rowCount; r++) degree[r + 1] += degree[r];
  const next = new Int32Array(2 * keep.length);
  const edge = new Int32Array(2 * keep.length);
  const fill = degree.slice(0, rowCount);
  keep.forEach((i, e) => {
    const a = linkA[i];
    const b = linkB[i];
    next[fill[a]] = b;
    edge[fill[a]++] = e;
    next[fill[b]] = a;
    edge[fill[b]++] = e;
  });
  const disc = new Int32Array(rowCount).fill(-1);
  const low = new Int32Array(rowCount);
  // Explicit stack of (row, link it was reached by, next adjacency slot).
  const stackRow = new Int32Array(rowCount);
  const stackVia = new Int32Array(rowCount);
  const stackSlot = new Int32Array(rowCount);
  // Rows under each row in the depth-first tree: the side a bridge cuts off.
  const below = new Int32Array(rowCount);
  let time = 0;
  let bridges = 0;
  let joints = 0;
  for (let start = 0; start < rowCount; start++) {
    if (disc[start] >= 0 || degree[start + 1] === degree[start]) continue;
    let top = 0;
    stackRow[0] = start;
    stackVia[0] = -1;
    stackSlot[0] = degree[start];
    disc[start] = low[start] = time++;
    below[start] = 1;
    while (top >= 0) {
      const u = stackRow[top];
      if (stackSlot[top] < degree[u + 1]) {
        const slot = stackSlot[top]++;
        if (edge[slot] === stackVia[top]) continue;
        const v = next[slot];
        if (disc[v] < 0) {
          disc[v] = low[v] = time++;
          below[v] = 1;
          top++;
          stackRow[top] = v;
          stackVia[top] = edge[slot];
          stackSlot[top] = degree[v];
        } else if (disc[v] < low[u]) {
          low[u] = disc[v];
        }
      } else {
        top--;
        if (top >= 0) {
          const parent = stackRow[top];
          if (low[u] < low[parent]) low[parent] = low[u];
          below[parent] += below[u];
          if (low[u] > disc[parent]) {
            bridges++;
            const rows = size[clusterOf[u]];
            if (rows > largeCluster && Math.min(below[u], rows - below[u]) >= 3) joints++;
          }
        }
      }
    }
  }
  return { share: bridges / keep.length, largeClusterJoints: joints };
}
