/** Brute-force candidate pairs for the blocking tests: equal keys, sorted-neighbourhood windows and their union, computed the slow obvious way. */
import { compareCodePoints } from '../../../src/engine/transforms/code-point-order.js';

/** A row's key tuple for one pass, or null when the row is not in the pass (a key field missing). */
export type KeyTuple = string[] | null;

/**
 * Rows sorted by key tuple (field by field, code-point order), ties by row id.
 *
 * @example
 * sortedRows([['b'], ['a'], null, ['a']]); // [1, 3, 0]
 */
export function sortedRows(keys: readonly KeyTuple[]): number[] {
  const rows = keys.flatMap((k, r) => (k === null ? [] : [r]));
  return rows.sort((x, y) => compareTuples(keys[x] as string[], keys[y] as string[]) || x - y);
}

/** Field-by-field code-point comparison of two key tuples. */
export function compareTuples(a: readonly string[], b: readonly string[]): number {
  for (let f = 0; f < a.length; f++) {
    const c = compareCodePoints(a[f], b[f]);
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * Pairs `"a-b"` (a < b) of rows fewer than `window` positions apart in the sorted order.
 *
 * @example
 * windowPairs([['a'], ['c'], ['b']], 2); // Set { '0-2', '1-2' }
 */
export function windowPairs(keys: readonly KeyTuple[], window: number): Set<string> {
  const order = sortedRows(keys);
  const out = new Set<string>();
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length && j - i < window; j++) out.add(pairId(order[i], order[j]));
  }
  return out;
}

/**
 * Pairs `"a-b"` (a < b) of rows with equal key tuples.
 *
 * @example
 * blockPairs([['a'], ['a'], null]); // Set { '0-1' }
 */
export function blockPairs(keys: readonly KeyTuple[]): Set<string> {
  const out = new Set<string>();
  for (let x = 0; x < keys.length; x++) {
    for (let y = x + 1; y < keys.length; y++) {
      const kx = keys[x];
      const ky = keys[y];
      if (kx !== null && ky !== null && compareTuples(kx, ky) === 0) out.add(pairId(x, y));
    }
  }
  return out;
}

/** `"a-b"` with a < b. */
export function pairId(x: number, y: number): string {
  return x < y ? `${x}-${y}` : `${y}-${x}`;
}

/**
 * The kept pairs of a run as `"a-b"` ids, failing on a duplicate or an unordered pair.
 *
 * @example
 * const ids = runPairIds(run.pairs); // string[] in run order
 */
export function runPairIds(pairs: { a: Int32Array; b: Int32Array; count: number }): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < pairs.count; i++) {
    const a = pairs.a[i];
    const b = pairs.b[i];
    if (a >= b) throw new Error(`pair ${a}-${b} is not ordered`);
    const id = `${a}-${b}`;
    if (seen.has(id)) throw new Error(`pair ${id} appears twice`);
    seen.add(id);
    ids.push(id);
  }
  return ids;
}

/** The ids of a set, sorted, for deepEqual. */
export function sortedIds(ids: Iterable<string>): string[] {
  return [...ids].sort();
}
