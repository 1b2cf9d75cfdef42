/** The median of repeated measurements (the figure every benchmark table reports when a run is repeated). */

/**
 * The median of a non-empty list (mean of the two middle values for an even count).
 *
 * @example
 * median([3, 1, 2]); // 2
 * median([4, 1, 2, 3]); // 2.5
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The median of the values present, or null when there are none (a part
 * whose runs all failed reports a dash, not an error).
 *
 * @example
 * medianOf([3, null, 1]); // 2
 * medianOf([null]);       // null
 */
export function medianOf(values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((x): x is number => x !== null);
  return present.length === 0 ? null : median(present);
}
