/** Finds the column that says which table a row came from, when the file is several tables stacked for linkage. */
import type { ColumnStore } from '../data/column-store.js';
import type { ColumnProfile } from './column-profile.js';

/**
 * A table-of-origin column and the tables it names.
 *
 * @example
 * const source: SourceColumn = { column: 'source', values: ['left', 'right'] };
 */
export interface SourceColumn {
  column: string;
  /** The distinct values, in order of first appearance. */
  values: string[];
}

// Generic names for "which input this row came from" (Splink's `source_dataset`, `table`, `origin`, …), never a dataset's own column.
const SOURCE_NAME = /^(source|source[-_ ]?(dataset|table|system|file)|dataset|table|origin|side|src|system|input)$/i;
/** At most this many tables: more values make it a category, not a table of origin. */
const MAX_SOURCES = 8;
/** Every table must hold at least this share of the rows, or it is not a table of its own. */
const MIN_SHARE = 0.02;

/**
 * The column naming each row's table, if the file looks like stacked tables:
 * its header is a table-of-origin name, no row lacks it, and it takes 2–8
 * values each holding at least 2% of the rows. Null otherwise. Whether the
 * tables are linked only across (`link_only`) or also deduplicated is decided
 * later from the data (the `link_only_clean_sources` rule).
 *
 * @example
 * detectSourceColumn(store, profiles); // { column: 'source', values: ['left', 'right'] }
 */
export function detectSourceColumn(store: ColumnStore, profiles: readonly ColumnProfile[]): SourceColumn | null {
  for (const p of profiles) {
    if (!SOURCE_NAME.test(p.column.trim()) || p.nullRate > 0) continue;
    const c = store.columnIndex(p.column);
    const counts = new Map<string, number>();
    let complete = true;
    for (let r = 0; r < store.rowCount && complete && counts.size <= MAX_SOURCES; r++) {
      const v = store.get(c, r);
      if (v === null) complete = false;
      else counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    if (!complete || counts.size < 2 || counts.size > MAX_SOURCES) continue;
    if ([...counts.values()].some((n) => n < MIN_SHARE * store.rowCount)) continue;
    return { column: p.column, values: [...counts.keys()] };
  }
  return null;
}
