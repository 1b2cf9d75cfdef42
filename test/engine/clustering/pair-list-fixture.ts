/** Test fixture: builds PairLists and random graphs for the clustering tests. */
import type { PairList } from '../../../src/engine/clustering/types.js';

/**
 * A PairList from `[a, b, score]` triples (a < b is the caller's job).
 *
 * @example
 * pairList([[0, 1, 0.9], [1, 2, 0.8]]);
 */
export function pairList(triples: ReadonlyArray<readonly [number, number, number]>): PairList {
  return {
    a: Int32Array.from(triples.map((t) => t[0])),
    b: Int32Array.from(triples.map((t) => t[1])),
    score: Float64Array.from(triples.map((t) => t[2])),
    count: triples.length,
  };
}

/**
 * The project's seeded generator (mulberry32), so generated graphs are the same every run.
 *
 * @example
 * const rnd = seededRandom(42); rnd(); // same number every run
 */
export { seededStream as seededRandom } from '../../../src/engine/probabilistic/seeded-random.js';

/**
 * A random sparse graph of unique pairs among `rowCount` rows, with scores
 * on a coarse grid (so equal scores, and their tie-breaks, are common).
 *
 * @example
 * const pairs = randomPairs(seededRandom(1), 50, 80);
 */
export function randomPairs(rnd: () => number, rowCount: number, pairCount: number): PairList {
  const seen = new Set<string>();
  const triples: Array<[number, number, number]> = [];
  while (triples.length < pairCount) {
    const x = Math.floor(rnd() * rowCount);
    const y = Math.floor(rnd() * rowCount);
    if (x === y || seen.has(`${Math.min(x, y)}-${Math.max(x, y)}`)) continue;
    seen.add(`${Math.min(x, y)}-${Math.max(x, y)}`);
    triples.push([Math.min(x, y), Math.max(x, y), Math.round(rnd() * 20) / 20]);
  }
  return pairList(triples);
}

/**
 * Groups a clusterOf array into sorted member lists, sorted by first member
 * (readable assertions on small cases).
 *
 * @example
 * groups(Int32Array.of(0, 0, 2)); // [[0, 1], [2]]
 */
export function groups(clusterOf: Int32Array): number[][] {
  const byId = new Map<number, number[]>();
  clusterOf.forEach((c, r) => {
    const g = byId.get(c) ?? [];
    g.push(r);
    byId.set(c, g);
  });
  return [...byId.values()].sort((x, y) => x[0] - y[0]);
}
