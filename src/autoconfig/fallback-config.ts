/** The zero-config fallback: a weighted matchkey and multi-pass blocking chosen from the column profile. */
import type { BlockingKey, Config, ScoredField } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { profileColumns, sampleRows, type ColumnProfile } from './column-profile.js';

/** How each kind of column is compared, and how much it counts. */
const FIELD_RULES: Partial<Record<ColumnProfile['kind'], { scorer: string; weight: number; transforms: string[] }>> = {
  email: { scorer: 'exact', weight: 1.0, transforms: ['lowercase', 'strip'] },
  identifier: { scorer: 'exact', weight: 1.0, transforms: ['strip'] },
  date: { scorer: 'exact', weight: 1.0, transforms: ['strip'] },
  name: { scorer: 'jaro_winkler', weight: 1.0, transforms: ['lowercase', 'normalize_whitespace'] },
  text: { scorer: 'token_set', weight: 0.75, transforms: ['lowercase', 'normalize_whitespace'] },
  long_text: { scorer: 'tfidf_cosine', weight: 1.0, transforms: ['lowercase'] },
  code: { scorer: 'exact', weight: 0.5, transforms: ['strip'] },
  number: { scorer: 'exact', weight: 0.25, transforms: ['strip'] },
  category: { scorer: 'exact', weight: 0.1, transforms: ['lowercase', 'strip'] },
};

/**
 * Builds a configuration from the data alone: every usable column becomes a
 * weighted field by kind; blocking takes exact passes on distinctive
 * identifier/date/email columns and prefix/phonetic passes on names, keeping
 * only passes whose projected candidate pairs stay within budget.
 *
 * @example
 * const config = fallbackConfig(store, ['rec_id']);
 */
export function fallbackConfig(store: ColumnStore, exclude: readonly string[]): Config {
  const profiles = profileColumns(store, exclude).filter((p) => p.nullRate < 0.95);
  const fields: ScoredField[] = [];
  for (const p of profiles) {
    const rule = FIELD_RULES[p.kind];
    if (!rule) continue;
    fields.push({ field: p.column, scorer: rule.scorer, weight: rule.weight, transforms: rule.transforms });
  }
  if (fields.length === 0 && profiles.length > 0) {
    fields.push({ field: profiles[0].column, scorer: 'token_set', weight: 1, transforms: ['lowercase'] });
  }
  return {
    matchkeys: [{ name: 'auto_weighted', type: 'weighted', threshold: 0.75, fields, negative_evidence: [] }],
    blocking: { strategy: 'multi_pass', keys: chooseBlocking(store, profiles), window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' },
    review: { lo: null, hi: null },
    clustering: { max_cluster_size: 100 },
    link: null,
    exclude_columns: [...exclude],
  };
}

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
    }
  }
  const names = byDistinct.filter((p) => p.kind === 'name' || p.kind === 'text' || p.kind === 'long_text');
  for (const p of names.slice(0, 3)) {
    const t = p.kind === 'long_text' ? ['lowercase', 'normalize_whitespace', 'substring:0:12'] : ['lowercase', 'strip', 'substring:0:4'];
    candidates.push({ fields: [{ field: p.column, transforms: t }] });
    candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', 'first_token', 'soundex'] }] });
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

/** Projects Σ C(block, 2) of a key from a sample of rows (raw values, so a rough upper estimate for prefixes). */
function projectedPairs(store: ColumnStore, key: BlockingKey): number {
  const rows = sampleRows(store.rowCount, 20_000);
  const scale = store.rowCount / Math.max(1, rows.length);
  const counts = new Map<string, number>();
  const cols = key.fields.map((f) => store.columnIndex(f.field));
  for (const r of rows) {
    const parts: string[] = [];
    let ok = true;
    key.fields.forEach((f, i) => {
      const v = store.get(cols[i], r);
      if (v === null) ok = false;
      else parts.push(approximateTransform(v, f.transforms));
    });
    if (!ok) continue;
    const k = parts.join('\u0000');
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let pairs = 0;
  for (const c of counts.values()) {
    const s = c * scale;
    pairs += (s * (s - 1)) / 2;
  }
  return pairs;
}

function approximateTransform(v: string, transforms: readonly string[]): string {
  let s = v.toLowerCase().trim();
  for (const t of transforms) {
    if (t.startsWith('substring:')) {
      const [, a, b] = t.split(':');
      s = [...s].slice(Number(a), Number(b)).join('');
    } else if (t === 'first_token') s = s.split(/\s+/)[0] ?? '';
    else if (t === 'soundex') s = s.slice(0, 1);
  }
  return s;
}
