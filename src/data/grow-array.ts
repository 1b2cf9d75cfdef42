/** Growing typed arrays by doubling: the one rule the changed rows' columnar stores and the column interner use to make room for an index. */

/** The typed arrays grown this way. */
type Growable = Int32Array | Uint32Array | Uint8Array | Float64Array;

/**
 * `array` itself when `index` fits, else a copy at least twice as long
 * (and at least `index + 1`, and at least 64) whose new part holds `fill`:
 * amortised O(1) per added index, as a JS array's push is, but the
 * elements stay off the JS heap.
 *
 * @example
 * let head = new Int32Array(0);
 * head = withRoomFor(head, 1000, -1); // length 1001, all -1
 * head[1000] = 7;
 */
export function withRoomFor<T extends Growable>(array: T, index: number, fill = 0): T {
  if (index < array.length) return array;
  const grown = new (array.constructor as new (length: number) => T)(Math.max(index + 1, array.length * 2, 64));
  if (fill !== 0) grown.fill(fill, array.length);
  (grown as Growable).set(array as ArrayLike<number>);
  return grown;
}
