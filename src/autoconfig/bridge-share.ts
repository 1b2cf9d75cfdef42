/** How much of a run's clusters hang on single links: bridges among the matched links inside clusters (chains), found by one Tarjan pass. */
import { PairGraph } from '../engine/clustering/pair-graph.js';
import { UnionFind } from '../engine/clustering/union-find.js';

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
  /**
   * The share of the pairs of rows inside clusters that hang on one link:
   * rows that no two link-disjoint paths join (a linked pair alone, or rows
   * on two sides of a bridge). It is what missing a link could lose: near 0
   * when every entity is held together many times over, 1 when every
   * cluster is a pair or a chain.
   */
  pairsOnOneLink: number;
}

/**
 * The bridges among the links that lie inside clusters of at least 3 rows
 * (a bridge is a link whose removal splits its cluster), as a share of
 * those links, and the chain joints of large clusters.
 *
 * Why: low transitivity has two causes. Chains (two entities joined by one
 * link, then another) hang on bridges, and a higher threshold cuts them. A
 * large entity scored noisily also leaves many triples open, but its records
 * are held together by many links each (a group of 30 with 40% of its pairs
 * linked has no bridge at all); raising the threshold only drops its true
 * links. Measured at threshold 0.75: Cora (large true clusters) 0.002, CDDB
 * (a few chains among singletons) 0.21; Cora's clusters of 30 to 60 records
 * have no bridge at all, where groups chained into one cluster meet at joints.
 *
 * Links are distinct pairs of rows (either order), as a run's pairs are.
 * Iterative Tarjan over their {@link PairGraph}, O(rows + links).
 *
 * @example
 * // A path 0-1-2: both links are bridges. A triangle: none.
 * bridgeStats(3, Int32Array.of(0, 0, 0), [0, 1], [1, 2], 3).share; // 1
 * bridgeStats(3, Int32Array.of(0, 0, 0), [0, 1, 0], [1, 2, 2], 3).share; // 0
 * // Two triangles 0-1-2 and 3-4-5 joined by 2-3, in one cluster of 6 (larger than 5): one joint, 1 bridge of 7 links.
 * // The bridge parts 3 rows from 3: 9 of the cluster's 15 pairs hang on it.
 * bridgeStats(6, new Int32Array(6), [0, 1, 0, 3, 4, 3, 2], [1, 2, 2, 4, 5, 5, 3], 5); // { share: 1/7, largeClusterJoints: 1, pairsOnOneLink: 0.6 }
 */
export function bridgeStats(rowCount: number, clusterOf: Int32Array, linkA: ArrayLike<number>, linkB: ArrayLike<number>, largeCluster: number): BridgeStats {
  const size = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) size[clusterOf[r]]++;
  let clusterPairs = 0;
  for (let c = 0; c < rowCount; c++) clusterPairs += (size[c] * (size[c] - 1)) / 2;
  // Pairs held twice over are those inside one 2-edge-connected piece (the rows left joined once bridges are cut).
  const onOneLink = (held: number): number => (clusterPairs > 0 ? (clusterPairs - held) / clusterPairs : 0);
  // The graph of the links that lie inside a cluster of ≥ 3.
  const inside: number[] = [];
  for (let i = 0; i < linkA.length; i++) {
    if (clusterOf[linkA[i]] === clusterOf[linkB[i]] && size[clusterOf[linkA[i]]] >= 3) inside.push(i);
  }
  if (inside.length === 0) return { share: 0, largeClusterJoints: 0, pairsOnOneLink: onOneLink(0) };
  const pairA = Int32Array.from(inside, (i) => Math.min(linkA[i], linkB[i]));
  const pairB = Int32Array.from(inside, (i) => Math.max(linkA[i], linkB[i]));
  const graph = PairGraph.fromPairs(rowCount, { a: pairA, b: pairB, score: new Float64Array(inside.length), count: inside.length });
  const { offsets, neighbours } = graph;
  const disc = new Int32Array(rowCount).fill(-1);
  const low = new Int32Array(rowCount);
  // Explicit stack of (row, the row it was reached from, next adjacency slot). Links are distinct pairs, so
  // skipping the way back to that row skips exactly the link it was reached by.
  const stackRow = new Int32Array(rowCount);
  const stackFrom = new Int32Array(rowCount);
  const stackSlot = new Int32Array(rowCount);
  // Rows under each row in the depth-first tree: the side a bridge cuts off.
  const below = new Int32Array(rowCount);
  // The tree link into a row is a bridge: marked on that row, with the row it came from.
  const bridgeInto = new Uint8Array(rowCount);
  const treeParent = new Int32Array(rowCount);
  let time = 0;
  let bridges = 0;
  let joints = 0;
  for (let start = 0; start < rowCount; start++) {
    if (disc[start] >= 0 || offsets[start + 1] === offsets[start]) continue;
    let top = 0;
    stackRow[0] = start;
    stackFrom[0] = -1;
    stackSlot[0] = offsets[start];
    disc[start] = low[start] = time++;
    below[start] = 1;
    while (top >= 0) {
      const u = stackRow[top];
      if (stackSlot[top] < offsets[u + 1]) {
        const v = neighbours[stackSlot[top]++];
        if (v === stackFrom[top]) continue;
        if (disc[v] < 0) {
          disc[v] = low[v] = time++;
          below[v] = 1;
          top++;
          stackRow[top] = v;
          stackFrom[top] = u;
          stackSlot[top] = offsets[v];
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
            bridgeInto[u] = 1;
            treeParent[u] = parent;
            const rows = size[clusterOf[u]];
            if (rows > largeCluster && Math.min(below[u], rows - below[u]) >= 3) joints++;
          }
        }
      }
    }
  }
  const pieces = new UnionFind(rowCount);
  for (let k = 0; k < inside.length; k++) {
    const x = pairA[k];
    const y = pairB[k];
    if ((bridgeInto[y] === 1 && treeParent[y] === x) || (bridgeInto[x] === 1 && treeParent[x] === y)) continue;
    pieces.union(x, y);
  }
  let held = 0;
  for (let r = 0; r < rowCount; r++) if (pieces.find(r) === r) held += (pieces.sizeOf(r) * (pieces.sizeOf(r) - 1)) / 2;
  return { share: bridges / inside.length, largeClusterJoints: joints, pairsOnOneLink: onOneLink(held) };
}
