/** Which column of a second table is which column of the first, one to one: by the agreement of their values on records that are likely the same entity, else by how alike their names and values look. */
import { jaroWinkler } from '../engine/scorers/jaro.js';
import type { AlignmentEvidence } from './alignment-evidence.js';
import type { ColumnStore } from './column-store.js';
import { wordsOf } from './value-words.js';

/** One aligned pair and why. */
export interface AlignedPair {
  first: string;
  second: string;
  /** The score the pair was chosen on (or 1 when the configuration's `columns:` named it). */
  score: number;
  name_score: number;
  value_score: number;
  /**
   * `record_evidence`: the two columns agree on likely pairs of records far
   * beyond chance (score = agreement − chance); `names`: the same name, no
   * evidence against; `names_and_values`: too few likely pairs to judge by,
   * paired by how alike the columns look; `configuration`: `columns:`.
   */
  by: 'record_evidence' | 'names' | 'names_and_values' | 'configuration';
  /** For `record_evidence`: likely pairs with both cells filled, their mean agreement, the same on shuffled pairs, and the lift in standard errors. */
  evidence?: { pairs: number; agreement: number; chance: number; z: number };
}

/** How the second table's columns map onto the first's. */
export interface ColumnAlignment {
  pairs: AlignedPair[];
  /** Columns of the first table with no partner (empty on the second table's rows). */
  first_only: string[];
  /** Columns of the second table with no partner (kept, empty on the first table's rows). */
  second_only: string[];
  /** Record pairs across the tables the evidence was measured on (null: not measured). */
  likely_pairs: number | null;
}

/** Values read per column. */
const SAMPLE = 2000;
/** Words kept per column's vocabulary. */
const VOCABULARY = 5000;
/** Below this score two columns are not the same field. */
const MIN_SCORE = 0.6;
/** How far a name's likeness moves a pair's score from its values' likeness: values decide, names break near-ties. */
const NAME_SHARE = 0.35;
/** With fewer likely pairs than this, the records say too little and the columns' looks decide. */
const MIN_LIKELY_PAIRS = 20;
/** A column pair is judged on the records only when this many likely pairs fill both. */
const MIN_FILLED_PAIRS = 10;
/** Agreement beyond chance that makes two columns one field: a real effect (in agreement points) … */
const MIN_LIFT = 0.05;
/** … that is no accident of the sample (in standard errors). */
const MIN_Z = 3;

/** What a column's values look like, and the words they use. */
interface ValueSignature {
  /** Shares of the sample: digits only, letters and digits mixed in a word, several words. */
  digits: number;
  mixed: number;
  multiword: number;
  meanLength: number;
  words: Set<string>;
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
 * Aligns the second table's columns with the first's, each column at most
 * once. `fixed` pairs (second → first, from the configuration's `columns:`)
 * are taken first and override everything; a second column fixed to null
 * is paired with nothing (listed in `second_only`). `exclude`d names (on
 * either side) are never paired, and the second file's are not listed.
 *
 * With `evidence` from at least 20 likely pairs of records, the records
 * decide: column pairs whose agreement on those records beats chance by at
 * least 0.05 and 3 standard errors (over at least 10 records filling both)
 * are taken, strongest lift first; then columns of the same name that are
 * still free. Two columns the records cannot vouch for stay apart: a wrong
 * pairing compares unrelated fields, a missed one only loses a field.
 * Without such evidence, every pair is scored by how alike its values look,
 * moved by 0.35 × how much more alike the names are than these tables'
 * names usually are, and taken best first while at least 0.6.
 * Deterministic.
 *
 * @example
 * alignColumns(left, right, [], ['id'], evidence).pairs; // [{ first: 'title', second: 'name', by: 'record_evidence', ... }]
 */
export function alignColumns(
  first: ColumnStore,
  second: ColumnStore,
  fixed: ReadonlyArray<readonly [string, string | null]>,
  exclude: readonly string[] = [],
  evidence: AlignmentEvidence | null = null,
): ColumnAlignment {
  const pairs: AlignedPair[] = [];
  // Excluded columns (ids, truth) are nobody's partner; the second file's are left out altogether.
  const usedFirst = new Set<string>(exclude);
  const usedSecond = new Set<string>(exclude);
  const take = (p: AlignedPair): void => {
    pairs.push(p);
    usedFirst.add(p.first);
    usedSecond.add(p.second);
  };
  for (const [s, f] of fixed) {
    usedSecond.add(s);
    if (f !== null) take({ first: f, second: s, score: 1, name_score: round3(nameSimilarity(f, s)), value_score: 1, by: 'configuration' });
  }
  const free = (f: string, s: string): boolean => !usedFirst.has(f) && !usedSecond.has(s);
  if (evidence !== null && evidence.likely_pairs >= MIN_LIKELY_PAIRS) {
    const order = (f: string, s: string): number => first.names.indexOf(f) * second.names.length + second.names.indexOf(s);
    const vouched = evidence.columns
      .filter((e) => e.pairs >= MIN_FILLED_PAIRS && e.agreement - e.chance >= MIN_LIFT && e.z >= MIN_Z)
      .sort((x, y) => y.agreement - y.chance - (x.agreement - x.chance) || order(x.first, x.second) - order(y.first, y.second));
    for (const e of vouched) {
      if (!free(e.first, e.second)) continue;
      const lift = round3(e.agreement - e.chance);
      take({ first: e.first, second: e.second, score: lift, name_score: round3(nameSimilarity(e.first, e.second)), value_score: e.agreement, by: 'record_evidence', evidence: { pairs: e.pairs, agreement: e.agreement, chance: e.chance, z: e.z } });
    }
    for (const f of first.names) {
      for (const s of second.names) {
        if (free(f, s) && nameSimilarity(f, s) === 1) take({ first: f, second: s, score: 1, name_score: 1, value_score: 0, by: 'names' });
      }
    }
  } else {
    for (const c of lookAlikes(first, second, free)) if (free(c.first, c.second)) take(c);
  }
  return {
    pairs,
    first_only: first.names.filter((n) => !usedFirst.has(n) || (exclude.includes(n) && !pairs.some((p) => p.first === n))),
    second_only: second.names.filter((n) => !exclude.includes(n) && !pairs.some((p) => p.second === n)),
    likely_pairs: evidence === null ? null : evidence.likely_pairs,
  };
}

/** The free column pairs that look alike enough (values, then names), best first. */
function lookAlikes(first: ColumnStore, second: ColumnStore, free: (f: string, s: string) => boolean): AlignedPair[] {
  const sigFirst = first.names.map((_, c) => signature(first, c));
  const sigSecond = second.names.map((_, c) => signature(second, c));
  const open = first.names.flatMap((f, i) => second.names.map((s, j) => ({ f, s, i, j }))).filter((p) => free(p.f, p.s));
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
  return candidates.filter((c) => c.score >= MIN_SCORE);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
