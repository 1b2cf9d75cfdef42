/** Which column of a second table is which column of the first: paired by name similarity and by how alike their values are, one to one. */
import { jaroWinkler } from '../engine/scorers/jaro.js';
import type { ColumnStore } from './column-store.js';

/** One aligned pair and why. */
export interface AlignedPair {
  first: string;
  second: string;
  /** The score the pair was chosen on (or 1 when the configuration's `columns:` named it). */
  score: number;
  name_score: number;
  value_score: number;
  by: 'names_and_values' | 'configuration';
}

/** How the second table's columns map onto the first's. */
export interface ColumnAlignment {
  pairs: AlignedPair[];
  /** Columns of the first table with no partner (empty on the second table's rows). */
  first_only: string[];
  /** Columns of the second table with no partner (kept, empty on the first table's rows). */
  second_only: string[];
}

/** Values read per column. */
const SAMPLE = 2000;
/** Words kept per column's vocabulary. */
const VOCABULARY = 5000;
/** Below this score two columns are not the same field. */
const MIN_SCORE = 0.6;
/** How far a name's likeness moves a pair's score from its values' likeness: values decide, names break near-ties. */
const NAME_SHARE = 0.35;

/** What a column's values look like, and the words they use. */
interface ValueSignature {
  /** Shares of the sample: digits only, letters and digits mixed in a word, several words. */
  digits: number;
  mixed: number;
  multiword: number;
  meanLength: number;
  words: Set<string>;
}

/**
 * The words of a value: case-folded (NFC) runs of letters and digits.
 *
 * @example
 * wordsOf('Mary-Ann  SMITH'); // ['mary', 'ann', 'smith']
 */
export function wordsOf(v: string): string[] {
  return v
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function signature(store: ColumnStore, column: number): ValueSignature {
  const step = Math.max(1, Math.floor(store.rowCount / SAMPLE));
  let n = 0;
  let digits = 0;
  let mixed = 0;
  let multiword = 0;
  let length = 0;
  const words = new Set<string>();
  for (let r = 0; r < store.rowCount; r += step) {
    const v = store.get(column, r);
    if (v === null || v.trim() === '') continue;
    n++;
    const ws = wordsOf(v);
    if (/^[\d\s.,:/+-]+$/.test(v)) digits++;
    if (ws.some((w) => /\d/.test(w) && /\p{L}/u.test(w))) mixed++;
    if (ws.length > 1) multiword++;
    length += v.length;
    for (const w of ws) if (words.size < VOCABULARY) words.add(w);
  }
  const d = Math.max(1, n);
  return { digits: digits / d, mixed: mixed / d, multiword: multiword / d, meanLength: length / d, words };
}

/**
 * How alike two columns' values are, in [0, 1]: half their shared words
 * (as a share of the smaller vocabulary: one shop may list more products),
 * half their shape (digits, codes, several words, length).
 *
 * @example
 * valueSimilarity(signatureOf(left, 'title'), signatureOf(right, 'name')); // 0.71
 */
function valueSimilarity(a: ValueSignature, b: ValueSignature): number {
  let shared = 0;
  const [small, large] = a.words.size <= b.words.size ? [a.words, b.words] : [b.words, a.words];
  for (const w of small) if (large.has(w)) shared++;
  const overlap = small.size === 0 ? 0 : shared / small.size;
  const length = Math.min(a.meanLength, b.meanLength) / Math.max(1e-9, a.meanLength, b.meanLength);
  const shape = 1 - (Math.abs(a.digits - b.digits) + Math.abs(a.mixed - b.mixed) + Math.abs(a.multiword - b.multiword) + (1 - length)) / 4;
  return 0.5 * overlap + 0.5 * shape;
}

/**
 * How alike two column names are, in [0, 1]: the better of their shared
 * words (split at punctuation and case changes) and Jaro–Winkler of the
 * folded names.
 *
 * @example
 * nameSimilarity('actor name', 'actorName'); // 1
 * nameSimilarity('title', 'name');           // 0.52
 */
export function nameSimilarity(a: string, b: string): number {
  const split = (s: string): string[] =>
    s
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 0);
  const wa = new Set(split(a));
  const wb = new Set(split(b));
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  const union = wa.size + wb.size - shared;
  const jaccard = union === 0 ? 0 : shared / union;
  return Math.max(jaccard, jaroWinkler([...wa].join(' '), [...wb].join(' ')));
}

/**
 * Aligns the second table's columns with the first's: every pair of columns
 * is scored by how alike their values are, moved by 0.35 × how much more
 * alike their names are than these tables' names usually are, and pairs
 * are taken best first, each column at most once, while the score is at
 * least 0.6. `fixed` pairs (second → first, from the configuration's
 * `columns:`) are taken first and override the scores; a second column
 * fixed to null is paired with nothing (listed in `second_only`).
 * `exclude`d names (on either side) are never paired, and the second
 * file's are not listed.
 * Deterministic.
 *
 * @example
 * alignColumns(left, right, []).pairs; // [{ first: 'title', second: 'name', score: 0.74, ... }]
 */
export function alignColumns(first: ColumnStore, second: ColumnStore, fixed: ReadonlyArray<readonly [string, string | null]>, exclude: readonly string[] = []): ColumnAlignment {
  const pairs: AlignedPair[] = [];
  // Excluded columns (ids, truth) are nobody's partner; the second file's are left out altogether.
  const usedFirst = new Set<string>(exclude);
  const usedSecond = new Set<string>(exclude);
  for (const [s, f] of fixed) {
    usedSecond.add(s);
    if (f === null) continue;
    pairs.push({ first: f, second: s, score: 1, name_score: round3(nameSimilarity(f, s)), value_score: 1, by: 'configuration' });
    usedFirst.add(f);
    usedSecond.add(s);
  }
  const sigFirst = first.names.map((_, c) => signature(first, c));
  const sigSecond = second.names.map((_, c) => signature(second, c));
  const open = first.names.flatMap((f, i) => second.names.map((s, j) => ({ f, s, i, j }))).filter((p) => !usedFirst.has(p.f) && !usedSecond.has(p.s));
  // Names count only as far as they stand out from how alike any two of these tables' names are:
  // a second source with names that say nothing (c1, c2, …) is aligned on its values alone.
  const names = open.map((p) => nameSimilarity(p.f, p.s));
  const usual = names.length === 0 ? 0 : names.reduce((sum, x) => sum + x, 0) / names.length;
  const candidates: AlignedPair[] = open.map((p, k) => {
    const value = valueSimilarity(sigFirst[p.i], sigSecond[p.j]);
    const score = value + NAME_SHARE * (names[k] - usual);
    return { first: p.f, second: p.s, score: round3(score), name_score: round3(names[k]), value_score: round3(value), by: 'names_and_values' };
  });
  // Best first; ties by column order, so the result never depends on the sort's stability.
  candidates.sort((x, y) => y.score - x.score || first.names.indexOf(x.first) - first.names.indexOf(y.first) || second.names.indexOf(x.second) - second.names.indexOf(y.second));
  for (const c of candidates) {
    if (c.score < MIN_SCORE) break;
    if (usedFirst.has(c.first) || usedSecond.has(c.second)) continue;
    pairs.push(c);
    usedFirst.add(c.first);
    usedSecond.add(c.second);
  }
  return {
    pairs,
    first_only: first.names.filter((n) => !usedFirst.has(n) || (exclude.includes(n) && !pairs.some((p) => p.first === n))),
    second_only: second.names.filter((n) => !exclude.includes(n) && !pairs.some((p) => p.second === n)),
  };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
