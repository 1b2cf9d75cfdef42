/** Synthetic tables of duplicated records with known agreement rates, for the training tests. */
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { SeededRandom } from '../../../src/engine/probabilistic/seeded-random.js';
import type { PairList } from '../../../src/engine/probabilistic/types.js';

/**
 * A generated table: one dictionary per column, plus the known true duplicate pairs.
 *
 * @example
 * const { columns, truePairs } = syntheticTable(100, [10], [0.9], 1);
 */
export interface SyntheticTable {
  columns: FieldDictionary[];
  rowCount: number;
  /** Rows 2e and 2e+1 describe entity e. */
  truePairs: PairList;
}

/**
 * `entities` entities, two records each. Column c draws values uniformly from
 * `pools[c]` distinct values; the second record copies the first's value
 * with probability `keep[c]`, else draws a different value.
 *
 * @example
 * const t = syntheticTable(500, [50, 200], [0.9, 0.7], 1);
 */
export function syntheticTable(entities: number, pools: number[], keep: number[], seed: number): SyntheticTable {
  const rng = new SeededRandom(seed);
  const rowCount = entities * 2;
  const raw: string[][] = pools.map(() => new Array<string>(rowCount));
  for (let e = 0; e < entities; e++) {
    pools.forEach((pool, c) => {
      const first = rng.nextInt(pool);
      let second = first;
      if (rng.next() >= keep[c]) {
        second = rng.nextInt(pool - 1);
        if (second >= first) second++;
      }
      raw[c][2 * e] = `c${c}v${first}`;
      raw[c][2 * e + 1] = `c${c}v${second}`;
    });
  }
  const a = new Int32Array(entities);
  const b = new Int32Array(entities);
  for (let e = 0; e < entities; e++) {
    a[e] = 2 * e;
    b[e] = 2 * e + 1;
  }
  return {
    columns: raw.map((values, c) => FieldDictionary.fromValues(`col${c}`, [], values)),
    rowCount,
    truePairs: { a, b, count: entities },
  };
}

/**
 * The true pairs followed by `extra` random pairs of rows from different
 * entities, in a seeded order: a stand-in for a blocked sample whose share
 * of matches is known.
 *
 * @example
 * const sample = mixedSample(table, 4000, 7); // λ = entities / (entities + 4000)
 */
export function mixedSample(table: SyntheticTable, extra: number, seed: number): PairList {
  const rng = new SeededRandom(seed);
  const n = table.truePairs.count + extra;
  const a = new Int32Array(n);
  const b = new Int32Array(n);
  a.set(table.truePairs.a);
  b.set(table.truePairs.b);
  for (let i = table.truePairs.count; i < n; i++) {
    let x: number;
    let y: number;
    do {
      x = rng.nextInt(table.rowCount);
      y = rng.nextInt(table.rowCount);
    } while (x >> 1 === y >> 1);
    a[i] = Math.min(x, y);
    b[i] = Math.max(x, y);
  }
  return { a, b, count: n };
}
