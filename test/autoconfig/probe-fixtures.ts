/** Hand-built probes and kept-pair lists for the probe-agreement and probe-threshold tests. */
import type { LikelyMatches } from '../../src/autoconfig/likely-matches.js';
import type { PairList } from '../../src/engine/run.js';

/** A probe over two equally weighted columns: pair i is rows (2i, 2i+1) with the given similarities. */
export function probe(sims: number[][]): LikelyMatches {
  const n = sims.length;
  return {
    columns: ['x', 'y'],
    weights: [1, 1],
    a: Int32Array.from({ length: n }, (_, i) => 2 * i),
    b: Int32Array.from({ length: n }, (_, i) => 2 * i + 1),
    sims: Float32Array.from(sims.flat()),
    foundBy: new Uint32Array(n),
    threshold: 0.8,
  };
}

/** A run's kept pairs: [row a, row b, score]. */
export function kept(pairs: Array<[number, number, number]>): PairList {
  return {
    a: Int32Array.from(pairs.map((p) => p[0])),
    b: Int32Array.from(pairs.map((p) => p[1])),
    score: Float64Array.from(pairs.map((p) => p[2])),
    flags: new Uint8Array(pairs.length),
    count: pairs.length,
  };
}
