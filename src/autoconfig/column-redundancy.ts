/** Columns that repeat one another within a record (a first name inside a full name, a year inside a date), found from the rows, so that repeated evidence is counted once. */
import type { ScoredField } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { wordsOf } from '../data/value-words.js';
import { sampleRows } from './column-profile.js';

/** Rows read per pair of columns. */
const ROWS = 3000;
/** A column is contained in another when, on at least this share of the rows holding both, all its words are among the other's: most rows, despite typos on either side. */
const CONTAINED_SHARE = 0.5;
/** Fewer rows holding both columns than this say nothing. */
const MIN_ROWS = 20;


/**
 * How much `inner` repeats `outer` on the rows holding both: `share`, the
 * rows where every word of `inner`'s value is a word of `outer`'s, and
 * `coverage`, the mean part of `outer`'s letters and digits those words
 * make up on such rows. Null below 20 rows holding both.
 *
 * @example
 * containedShare(store, store.columnIndex('full_name'), store.columnIndex('surname'), rows); // { share: 0.83, coverage: 0.47 }
 */
export function containedShare(store: ColumnStore, outer: number, inner: number, rows: readonly number[]): { share: number; coverage: number } | null {
  let both = 0;
  let inside = 0;
  let covered = 0;
  for (const r of rows) {
    const a = store.get(outer, r);
    const b = store.get(inner, r);
    if (a === null || b === null) continue;
    const wb = wordsOf(b);
    if (wb.length === 0) continue;
    both++;
    const listA = wordsOf(a);
    const wa = new Set(listA);
    if (!wb.every((w) => wa.has(w))) continue;
    inside++;
    const length = (ws: Iterable<string>): number => [...ws].reduce((sum, w) => sum + w.length, 0);
    covered += length(new Set(wb)) / Math.max(1, length(wa));
  }
  return both < MIN_ROWS ? null : { share: inside / both, coverage: inside === 0 ? 0 : covered / inside };
}

/** One column repeating another within records: on `share` of the rows holding both, every word of `inner` is a word of `outer`, and there it makes up `coverage` of `outer`'s letters. */
export interface Containment {
  inner: string;
  outer: string;
  share: number;
  coverage: number;
}

/**
 * Every column contained in another (on at least half the rows holding
 * both). Label-free: it reads one record at a time, never a pair.
 *
 * @example
 * containments(store, ['full_name', 'surname', 'dob']); // [{ inner: 'surname', outer: 'full_name', share: 0.83, coverage: 0.47 }]
 */
export function containments(store: ColumnStore, columns: readonly string[]): Containment[] {
  const rows = sampleRows(store.rowCount, ROWS);
  const out: Containment[] = [];
  for (const outer of columns) {
    for (const inner of columns) {
      if (inner === outer) continue;
      const c = containedShare(store, store.columnIndex(outer), store.columnIndex(inner), rows);
      if (c !== null && c.share >= CONTAINED_SHARE) out.push({ inner, outer, share: round3(c.share), coverage: round3(c.coverage) });
    }
  }
  return out;
}

/**
 * Weights with repeated evidence counted once: a field whose column is
 * contained in another compared column loses the part of its weight the
 * other already holds, `share × coverage` (its largest over containers):
 * how often it is inside, times how much of the other it makes up. A
 * first-and-last name inside a full name is mostly the same agreement; a
 * model number inside a long product title is one word of many, and mostly
 * news. Where the outer value is missing or garbled, the inner still
 * speaks at its reduced weight. Two columns contained in each other
 * discount only the weaker (ties: the later).
 *
 * @example
 * discountContained([{ field: 'full_name', weight: 1 }, { field: 'surname', weight: 0.6 }] as ScoredField[], [{ inner: 'surname', outer: 'full_name', share: 0.8, coverage: 0.5 }]);
 * // weights 1 and 0.36
 */
export function discountContained(fields: readonly ScoredField[], contained: readonly Containment[]): ScoredField[] {
  const weightOf = new Map<string, number>();
  const order = new Map<string, number>();
  fields.forEach((f, i) => {
    weightOf.set(f.field, Math.max(weightOf.get(f.field) ?? 0, f.weight));
    if (!order.has(f.field)) order.set(f.field, i);
  });
  const news = new Map<string, number>();
  for (const c of contained) {
    if (!weightOf.has(c.outer) || !weightOf.has(c.inner)) continue;
    const mutual = contained.some((d) => d.inner === c.outer && d.outer === c.inner);
    if (mutual) {
      const wi = weightOf.get(c.inner) as number;
      const wo = weightOf.get(c.outer) as number;
      const innerIsWeaker = wi < wo || (wi === wo && (order.get(c.inner) as number) > (order.get(c.outer) as number));
      if (!innerIsWeaker) continue;
    }
    news.set(c.inner, Math.min(news.get(c.inner) ?? 1, 1 - c.share * c.coverage));
  }
  return fields.map((f) => {
    const keep = news.get(f.field);
    return keep === undefined ? f : { ...f, weight: Math.max(0.01, Math.round(f.weight * keep * 100) / 100) };
  });
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
