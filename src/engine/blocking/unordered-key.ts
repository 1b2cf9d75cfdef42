/** Worker task and helpers of an unordered blocking key: two fields read as a set, keyed on (the smaller, the larger) of a row's two values. */
import type { FieldHandle } from '../fields/field-dictionary.js';
import { compareCodePoints, compareCodeRuns } from '../transforms/code-point-order.js';

/**
 * Input of {@link unorderedKey}: the prepared fields of the key's two fields, in key order.
 *
 * @example
 * const task: UnorderedKeyTask = { fields: [firstName.handle, surname.handle] };
 */
export interface UnorderedKeyTask {
  fields: [FieldHandle, FieldHandle];
}

/**
 * The two derived key fields of an unordered key: `[least, greatest]`.
 * Both are dictionaries over one value space, the sorted union of the two
 * fields' values (a value's id is its rank in code-point order, the same in
 * both), so a row's two ids compare as its two values do. A row holds the
 * smaller of its two values in `least` and the larger in `greatest`; a row
 * missing either value is missing in both (it is in no block, as with any key).
 * The two handles share their `codes` and `offsets` buffers.
 *
 * @example
 * const [least, greatest] = unorderedKey({ fields: [first.handle, last.handle] });
 * // rows (robert, allen) and (allen, robert) both hold least "allen", greatest "robert"
 */
export function unorderedKey(task: UnorderedKeyTask): [FieldHandle, FieldHandle] {
  const [a, b] = task.fields;
  const rowCount = a.rowCount;
  const codesA = new Uint32Array(a.codes);
  const offsetsA = new Int32Array(a.offsets);
  const codesB = new Uint32Array(b.codes);
  const offsetsB = new Int32Array(b.offsets);
  // Every distinct value of either field, as an entry (A's value v is entry v, B's is entry a.count + v), sorted by value then deduplicated.
  const codesOf = (e: number): Uint32Array => (e < a.count ? codesA : codesB);
  const startOf = (e: number): number => (e < a.count ? offsetsA[e] : offsetsB[e - a.count]);
  const endOf = (e: number): number => (e < a.count ? offsetsA[e + 1] : offsetsB[e - a.count + 1]);
  const compare = (x: number, y: number): number => compareCodeRuns(codesOf(x), startOf(x), endOf(x), codesOf(y), startOf(y), endOf(y));
  const entries = new Int32Array(a.count + b.count);
  for (let e = 0; e < entries.length; e++) entries[e] = e;
  entries.sort(compare);
  // rank[e]: the entry's id in the union; distinct[v]: an entry holding union value v.
  const rank = new Int32Array(entries.length);
  const distinct = new Int32Array(entries.length);
  let count = 0;
  let total = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (i === 0 || compare(entries[i - 1], e) !== 0) {
      distinct[count++] = e;
      total += endOf(e) - startOf(e);
    }
    rank[e] = count - 1;
  }
  const codes = new SharedArrayBuffer(4 * Math.max(1, total));
  const offsets = new SharedArrayBuffer(4 * (count + 1));
  const c = new Uint32Array(codes);
  const o = new Int32Array(offsets);
  let pos = 0;
  for (let v = 0; v < count; v++) {
    const e = distinct[v];
    o[v] = pos;
    c.set(codesOf(e).subarray(startOf(e), endOf(e)), pos);
    pos += endOf(e) - startOf(e);
  }
  o[count] = pos;
  const idsA = new Int32Array(a.ids);
  const idsB = new Int32Array(b.ids);
  const least = new SharedArrayBuffer(4 * Math.max(1, rowCount));
  const greatest = new SharedArrayBuffer(4 * Math.max(1, rowCount));
  const lo = new Int32Array(least);
  const hi = new Int32Array(greatest);
  const countsLo = new SharedArrayBuffer(4 * Math.max(1, count));
  const countsHi = new SharedArrayBuffer(4 * Math.max(1, count));
  const nLo = new Int32Array(countsLo);
  const nHi = new Int32Array(countsHi);
  for (let r = 0; r < rowCount; r++) {
    const x = idsA[r];
    const y = idsB[r];
    if (x < 0 || y < 0) {
      lo[r] = -1;
      hi[r] = -1;
      continue;
    }
    const rx = rank[x];
    const ry = rank[a.count + y];
    lo[r] = rx < ry ? rx : ry;
    hi[r] = rx < ry ? ry : rx;
    nLo[lo[r]]++;
    nHi[hi[r]]++;
  }
  const key = unorderedFieldKey(a.key, b.key);
  const handle = (side: 'least' | 'greatest', ids: SharedArrayBuffer, counts: SharedArrayBuffer): FieldHandle => ({
    key: `${side}(${key})`,
    column: `${side}(${a.column}, ${b.column})`,
    transforms: [],
    rowCount,
    count,
    ids,
    codes,
    offsets,
    counts,
  });
  return [handle('least', least, countsLo), handle('greatest', greatest, countsHi)];
}

/** The shared part of the derived fields' keys: both fields' keys, e.g. `"first_name|soundex, surname|soundex"`. */
function unorderedFieldKey(a: string, b: string): string {
  return `${a}, ${b}`;
}

/**
 * A record's key under an unordered key: its two values, smaller first in
 * code-point order (the order of the derived dictionaries, of DuckDB's
 * `least`/`greatest` on VARCHAR and of UTF-8 bytes); null when either is
 * missing or empty.
 *
 * @example
 * unorderedPair('robert', 'allen'); // ['allen', 'robert']
 * unorderedPair('robert', null);    // null
 */
export function unorderedPair(a: string | null, b: string | null): [string, string] | null {
  if (a === null || b === null || a === '' || b === '') return null;
  return compareCodePoints(a, b) <= 0 ? [a, b] : [b, a];
}
