/** Zero-config blocking: passes chosen from the column profile and kept while their projected candidate pairs fit a budget. */
import type { BlockingKey } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { codeToken } from '../engine/transforms/code-token.js';
import { carriesCodes, sampleRows, type ColumnProfile } from './column-profile.js';

/**
 * Blocking passes chosen from the profile: exact passes on distinctive
 * identifier/date/email columns, prefix and phonetic passes on names, kept
 * while their projected candidate pairs fit the budget.
 *
 * @example
 * chooseBlocking(store, profileColumns(store, [])); // [{ fields: [{ field: 'email', transforms: ['lowercase', 'strip'] }] }, ...]
 */
export function chooseBlocking(store: ColumnStore, profiles: ColumnProfile[], options: BlockingChoiceOptions = {}): BlockingKey[] {
  const candidates: BlockingKey[] = [];
  const byDistinct = [...profiles].sort((a, b) => b.distinctRatio - a.distinctRatio);
  for (const p of byDistinct) {
    if ((p.kind === 'identifier' || p.kind === 'email' || p.kind === 'date') && p.distinctRatio > 0.2) {
      candidates.push({ fields: [{ field: p.column, transforms: p.kind === 'email' ? ['lowercase', 'strip'] : ['strip'] }] });
    } else if (p.kind === 'code' && p.distinctRatio > 0.5 && p.nullRate < 0.5) {
      candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', 'strip'] }] });
    }
  }
  // Mostly-present short text first: long descriptions rarely start alike, so they block last.
  // Among the rest, the rarest agreement first: in a file full of duplicates a title repeats
  // (low distinct ratio) yet two random rows still seldom share it.
  const names = byDistinct
    .filter((p) => p.kind === 'name' || p.kind === 'text' || p.kind === 'long_text')
    .sort((a, b) => Number(a.kind === 'long_text') - Number(b.kind === 'long_text') || Number(a.nullRate >= 0.5) - Number(b.nullRate >= 0.5));
  // Round robin over the columns (every column's first pass, then every second pass, ...), so
  // the budget below buys several columns' evidence before a second key on any one column.
  const perColumn = names.slice(0, 5).filter((p) => p.kind !== 'long_text').map(textPasses);
  for (let i = 0; perColumn.some((passes) => i < passes.length); i++) {
    for (const passes of perColumn) if (i < passes.length) candidates.push(passes[i]);
  }
  // Long descriptions rarely start alike: they block only when few shorter texts can.
  if (perColumn.length < 3) for (const p of names.slice(0, 3)) if (p.kind === 'long_text') candidates.push(...textPasses(p));
  const codes = byDistinct.filter((p) => p.kind === 'code' || p.kind === 'number');
  if (codes.length >= 2) {
    candidates.push({ fields: [{ field: codes[0].column, transforms: ['strip'] }, { field: codes[1].column, transforms: ['strip'] }] });
  }
  if (names.length > 0 && codes.length > 0) {
    candidates.push({
      fields: [
        { field: names[0].column, transforms: ['lowercase', 'strip', 'substring:0:1'] },
        { field: codes[0].column, transforms: ['strip'] },
      ],
    });
  }
  // Keep passes whose projected pair count fits the budget (~40 pairs per row); passes to keep come first, whatever they cost.
  const tableRows = Math.max(store.rowCount, options.tableRows ?? 0);
  const budget = Math.max(50_000, tableRows * 40);
  const wordy = new Set(profiles.filter((p) => (p.kind === 'text' || p.kind === 'long_text') && p.avgTokens >= 3).map((p) => p.column));
  const cost = (key: BlockingKey): number =>
    projectedPairs(store, key, { sameTextIsFree: key.fields.length === 1 && wordy.has(key.fields[0].field), acrossColumn: options.acrossColumn, tableRows });
  const kept = [...(options.keep ?? [])];
  const seen = new Set(kept.map((k) => JSON.stringify(k)));
  let spent = kept.reduce((sum, key) => sum + cost(key), 0);
  for (const key of candidates) {
    if (seen.has(JSON.stringify(key))) continue;
    const pairs = cost(key);
    if (pairs > budget / 2 || spent + pairs > budget) continue;
    kept.push(key);
    spent += pairs;
  }
  if (kept.length === 0 && candidates.length > 0) kept.push(candidates[0]);
  return kept;
}

/**
 * Options of {@link chooseBlocking}.
 *
 * @example
 * chooseBlocking(store, profiles, { acrossColumn: 'source', keep: config.blocking.keys });
 */
export interface BlockingChoiceOptions {
  /** Stacked tables compared only across (`link_only`): a pass costs only its pairs across the tables this column names. */
  acrossColumn?: string;
  /** Passes already chosen: kept first and counted against the budget, whatever they cost. */
  keep?: readonly BlockingKey[];
  /**
   * Rows of the whole table when `store` is a uniform sample of it. Passes are
   * priced, and the budget set, for the whole table: a block's pairs grow with
   * the square of the sampling factor, so a pass cheap on 30,000 sampled rows
   * can cost ten times the budget per row on 300,000.
   */
  tableRows?: number;
}

/** The blocking passes of one name or text column, the most likely to hold duplicates together first. */
function textPasses(p: ColumnProfile): BlockingKey[] {
  const pass = (...transforms: string[]): BlockingKey => ({ fields: [{ field: p.column, transforms }] });
  if (p.kind === 'name') return [pass('lowercase', 'strip', 'substring:0:4'), pass('lowercase', 'first_token', 'soundex')];
  // Titles and product names: the same words, not always in the same order or with the same first word.
  // Product listings: two shops word a product differently but print the same model code.
  if (p.kind === 'text') {
    const words = [pass('lowercase', 'alpha_only', 'substring:0:8'), pass('lowercase', 'first_token'), pass('lowercase', 'last_token')];
    return carriesCodes(p) ? [pass('lowercase', 'code_token'), ...words] : words;
  }
  return [pass('lowercase', 'normalize_whitespace', 'substring:0:12')];
}

/**
 * Projects Σ C(block, 2) of a key from a sample of rows (raw values, so a rough upper estimate for prefixes).
 * With `sameTextIsFree` (a one-column key on multi-word text), pairs whose whole
 * values have the same letters and digits are not counted: two records with the same
 * title or description are almost surely one entity, so they are the pairs
 * blocking exists to find, not its cost. Without it, a file full of repeated
 * titles would look too expensive to block on its titles at all.
 * With `acrossColumn` (stacked tables compared only across them), pairs
 * inside one table are not counted either: they are never scored. With
 * `tableRows` (`store` a uniform sample of a table that large), the count is
 * projected to the whole table.
 *
 * @example
 * projectedPairs(store, { fields: [{ field: 'surname', transforms: ['lowercase'] }] }); // 41_250
 */
export function projectedPairs(
  store: ColumnStore,
  key: BlockingKey,
  options: { sameTextIsFree?: boolean; acrossColumn?: string; tableRows?: number } = {},
): number {
  const { rows, scale } = projectionSample(store, options.tableRows);
  const tableColumn = options.acrossColumn === undefined ? -1 : store.columnIndex(options.acrossColumn);
  // Σ C(size, 2) over `plus` groups minus over `minus` groups. A block's pairs count; across tables,
  // not those inside one table; with sameTextIsFree, not those of one text (across tables: of one
  // text in two tables, so a text's pairs inside one table are not taken off twice).
  const plus = new Map<string, number>();
  const minus = new Map<string, number>();
  const add = (m: Map<string, number>, k: string): void => {
    m.set(k, (m.get(k) ?? 0) + 1);
  };
  for (const r of rows) {
    const k = approximateKey(store, key, r);
    if (k === null) continue;
    add(plus, k);
    const table = tableColumn < 0 ? null : `\u0001${store.get(tableColumn, r) ?? ''}`;
    if (table !== null) add(minus, k + table);
    if (options.sameTextIsFree) {
      // Letters and digits: '12 x 5 inches' and '3 x 4 inches' must stay different texts.
      const whole = (store.get(store.columnIndex(key.fields[0].field), r) ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
      const both = `${k}\u0000${whole}`;
      add(minus, both);
      if (table !== null) add(plus, both + table);
    }
  }
  // Each pair of the table is in the sample with probability 1/scale², so the sample's pairs times scale² estimate the
  // table's without bias; scaling the block first (C(c·scale, 2)) would charge every value seen once for scale − 1 copies.
  const pairsOf = (c: number): number => ((c * (c - 1)) / 2) * scale * scale;
  let pairs = 0;
  for (const c of plus.values()) pairs += pairsOf(c);
  for (const c of minus.values()) pairs -= pairsOf(c);
  return pairs;
}

/**
 * Projects the largest block of a key from the same sample as {@link projectedPairs}
 * (raw values, transforms approximated, so a rough upper estimate for prefixes).
 *
 * @example
 * largestBlock(store, { fields: [{ field: 'title', transforms: ['lowercase', 'first_token'] }] }); // 130
 */
export function largestBlock(store: ColumnStore, key: BlockingKey): number {
  const { rows } = projectionSample(store);
  const counts = new Map<string, number>();
  let largest = 0;
  for (const r of rows) {
    const k = approximateKey(store, key, r);
    if (k === null) continue;
    const c = (counts.get(k) ?? 0) + 1;
    counts.set(k, c);
    if (c > largest) largest = c;
  }
  return (largest * store.rowCount) / Math.max(1, rows.length);
}

/** The rows projections read (every k-th, at most 20,000) and how many table rows each stands for (of `tableRows`, when `store` samples a larger table). */
function projectionSample(store: ColumnStore, tableRows = store.rowCount): { rows: number[]; scale: number } {
  const rows = sampleRows(store.rowCount, 20_000);
  return { rows, scale: Math.max(store.rowCount, tableRows) / Math.max(1, rows.length) };
}

/**
 * A row's block key under `key`, computed on the main thread from raw values
 * with the transforms approximated (Soundex by the first letter, so the
 * approximation never splits a real block); null when a key field is
 * missing or a transform leaves it empty.
 *
 * @example
 * approximateKey(store, { fields: [{ field: 'surname', transforms: ['substring:0:4'] }] }, 0); // 'smit'
 */
export function approximateKey(store: ColumnStore, key: BlockingKey, row: number): string | null {
  const parts: string[] = [];
  for (const f of key.fields) {
    const v = store.get(store.columnIndex(f.field), row);
    if (v === null) return null;
    // A transform that leaves nothing makes the value missing (as in the engine): no block, not one block of ''.
    const part = approximateTransform(v, f.transforms);
    if (part === '') return null;
    parts.push(part);
  }
  return parts.join('\u0000');
}

function approximateTransform(v: string, transforms: readonly string[]): string {
  let s = v.toLowerCase().trim();
  for (const t of transforms) {
    if (t.startsWith('substring:')) {
      const [, a, b] = t.split(':');
      s = [...s].slice(Number(a), Number(b)).join('');
    } else if (t === 'first_token') s = s.split(/\s+/)[0] ?? '';
    else if (t === 'last_token') s = s.split(/\s+/).at(-1) ?? '';
    else if (t === 'normalize_whitespace') s = s.replace(/\s+/g, ' ');
    else if (t === 'alpha_only') s = s.replace(/[^\p{L}]/gu, '');
    else if (t === 'soundex') s = s.slice(0, 1);
    else if (t === 'code_token') s = codeToken(s);
  }
  return s;
}
