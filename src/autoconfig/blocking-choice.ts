/** Zero-config blocking: passes chosen from the column profile and kept while their projected candidate pairs fit a budget. */
import type { BlockingKey } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { sampleRows, type ColumnProfile } from './column-profile.js';

/**
 * Blocking passes chosen from the profile: exact passes on distinctive
 * identifier/date/email columns, prefix and phonetic passes on names, kept
 * while their projected candidate pairs fit the budget.
 *
 * @example
 * chooseBlocking(store, profileColumns(store, [])); // [{ fields: [{ field: 'email', transforms: ['lowercase', 'strip'] }] }, ...]
 */
export function chooseBlocking(store: ColumnStore, profiles: ColumnProfile[]): BlockingKey[] {
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
  const names = byDistinct
    .filter((p) => p.kind === 'name' || p.kind === 'text' || p.kind === 'long_text')
    .sort((a, b) => Number(a.kind === 'long_text') - Number(b.kind === 'long_text') || Number(a.nullRate >= 0.5) - Number(b.nullRate >= 0.5));
  for (const p of names.slice(0, 3)) {
    if (p.kind === 'name') {
      candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', 'strip', 'substring:0:4'] }] });
      candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', 'first_token', 'soundex'] }] });
    } else if (p.kind === 'text') {
      // Titles and product names: the same words, not always in the same order or with the same first word.
      candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', 'alpha_only', 'substring:0:8'] }] });
      candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', 'first_token'] }] });
      candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', 'last_token'] }] });
    } else {
      candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', 'normalize_whitespace', 'substring:0:12'] }] });
    }
  }
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
  // Keep passes whose projected pair count fits the budget (~40 pairs per row).
  const budget = Math.max(50_000, store.rowCount * 40);
  const kept: BlockingKey[] = [];
  let spent = 0;
  for (const key of candidates) {
    const pairs = projectedPairs(store, key);
    if (pairs > budget / 2 || spent + pairs > budget) continue;
    kept.push(key);
    spent += pairs;
  }
  if (kept.length === 0 && candidates.length > 0) kept.push(candidates[0]);
  return kept;
}

/**
 * Projects Σ C(block, 2) of a key from a sample of rows (raw values, so a rough upper estimate for prefixes).
 *
 * @example
 * projectedPairs(store, { fields: [{ field: 'surname', transforms: ['lowercase'] }] }); // 41_250
 */
export function projectedPairs(store: ColumnStore, key: BlockingKey): number {
  const rows = sampleRows(store.rowCount, 20_000);
  const scale = store.rowCount / Math.max(1, rows.length);
  const counts = new Map<string, number>();
  for (const r of rows) {
    const k = approximateKey(store, key, r);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let pairs = 0;
  for (const c of counts.values()) {
    const s = c * scale;
    pairs += (s * (s - 1)) / 2;
  }
  return pairs;
}

/**
 * A row's block key under `key`, computed on the main thread from raw values
 * with the transforms approximated (Soundex by the first letter, so the
 * approximation never splits a real block); null when a key field is missing.
 *
 * @example
 * approximateKey(store, { fields: [{ field: 'surname', transforms: ['substring:0:4'] }] }, 0); // 'smit'
 */
export function approximateKey(store: ColumnStore, key: BlockingKey, row: number): string | null {
  const parts: string[] = [];
  for (const f of key.fields) {
    const v = store.get(store.columnIndex(f.field), row);
    if (v === null) return null;
    parts.push(approximateTransform(v, f.transforms));
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
    else if (t === 'alpha_only') s = s.replace(/[^\p{L}]/gu, '');
    else if (t === 'soundex') s = s.slice(0, 1);
  }
  return s;
}
