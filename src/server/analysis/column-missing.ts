/** Missing-value rate of a column, read straight from its missing bitmap (no cell is decoded). */
import type { ColumnStore } from '../../data/column-store.js';

/**
 * Share of rows whose cell in `column` is missing (0 for an empty table).
 *
 * @example
 * missingRate(store, store.columnIndex('address_2')); // 0.62
 */
export function missingRate(store: ColumnStore, column: number): number {
  const n = store.rowCount;
  if (n === 0) return 0;
  const bits = store.columns[column].missing;
  let count = 0;
  const bytes = (n + 7) >> 3;
  for (let i = 0; i < bytes; i++) {
    let x = bits[i];
    while (x !== 0) {
      x &= x - 1;
      count++;
    }
  }
  return count / n;
}
