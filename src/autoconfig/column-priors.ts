/** Column priors of the user's columns: how strongly equal values identify an entity, and how much case/whitespace noise the spellings carry. */
import type { ColumnStore } from '../data/column-store.js';
import type { ColumnProfile } from './column-profile.js';

/** The priors of one user column (API.md §5.3). */
export interface ColumnPrior {
  column: string;
  identity_score: number;
  corruption_score: number;
}

/** Rows read for the corruption score: the first ones, so the score does not depend on the table size. */
const CORRUPTION_ROWS = 1000;

// Generic header patterns only (never a dataset's own column names): they name what kind of identifier a column holds.
const EMAIL_NAME = /e[-_]?mail/i;
const PHONE_NAME = /phone|mobile|(^|[^a-z])tel([^a-z]|$)/i;
const ID_NAME = /(^|[^a-z])(id|uuid|guid|ssn|tax[-_]?id)([^a-z]|$)/i;

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Identity score in [0, 1], first rule that applies:
 * dates, booleans (≤ 2 distinct values) and categories → 0;
 * email values or an e-mail header → 0.95; digit identifiers or id-like headers → 0.9;
 * phone headers → 0.85; otherwise by distinctness of the non-missing values:
 * > 0.5 → 0.7, > 0.1 → 0.3, else 0.
 *
 * @example
 * identityScore({ column: 'contact_email', kind: 'email', distinct: 90, distinctRatio: 0.9, ... }); // 0.95
 */
export function identityScore(p: ColumnProfile): number {
  if (p.distinct === 0) return 0;
  if (p.kind === 'date' || p.kind === 'category' || p.distinct <= 2) return 0;
  if (p.kind === 'email' || EMAIL_NAME.test(p.column)) return 0.95;
  if (p.kind === 'identifier' || ID_NAME.test(p.column)) return p.distinctRatio > 0.1 ? 0.9 : 0;
  if (PHONE_NAME.test(p.column)) return p.distinctRatio > 0.1 ? 0.85 : 0;
  if (p.distinctRatio > 0.5) return 0.7;
  if (p.distinctRatio > 0.1) return 0.3;
  return 0;
}

/**
 * A spelling with case and whitespace noise removed: trimmed, inner runs of
 * whitespace made one space, lower-cased.
 *
 * @example
 * foldSpelling('  Ann   LEE '); // 'ann lee'
 */
export function foldSpelling(v: string): string {
  return v.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Corruption score in [0, 1]: over the first 1,000 rows, with R the distinct
 * non-empty raw spellings and N the distinct spellings after lower-casing,
 * trimming and collapsing inner whitespace, `1 − |N| / |R|`.
 *
 * @example
 * corruptionScore(ColumnStore.fromRows(['n'], [['Ann'], ['ANN'], ['ann '], ['Bo']]), 0); // 0.5
 */
export function corruptionScore(store: ColumnStore, column: number): number {
  const raw = new Set<string>();
  const normal = new Set<string>();
  const n = Math.min(store.rowCount, CORRUPTION_ROWS);
  for (let r = 0; r < n; r++) {
    const v = store.get(column, r);
    if (v === null || v.trim() === '') continue;
    raw.add(v);
    normal.add(foldSpelling(v));
  }
  if (raw.size === 0) return 0;
  return round3(Math.min(1, Math.max(0, 1 - normal.size / raw.size)));
}

/**
 * The priors of every profiled column with a non-zero score, identity
 * descending then corruption descending (ties by column name, so the order is stable).
 *
 * @example
 * columnPriors(store, profileColumns(store, ['rec_id'])); // [{ column: 'email', identity_score: 0.95, corruption_score: 0.1 }, ...]
 */
export function columnPriors(store: ColumnStore, profiles: readonly ColumnProfile[]): ColumnPrior[] {
  const out: ColumnPrior[] = [];
  for (const p of profiles) {
    const prior = {
      column: p.column,
      identity_score: identityScore(p),
      corruption_score: corruptionScore(store, store.columnIndex(p.column)),
    };
    if (prior.identity_score > 0 || prior.corruption_score > 0) out.push(prior);
  }
  return out.sort(
    (a, b) => b.identity_score - a.identity_score || b.corruption_score - a.corruption_score || (a.column < b.column ? -1 : a.column > b.column ? 1 : 0),
  );
}
