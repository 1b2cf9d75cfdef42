/** Likely matches found without any blocking pass: a sampled search over loose keys of every column, each pair scored column by column, so a pass's recall can be estimated on pairs it did not choose. */
import type { ColumnStore } from '../data/column-store.js';
import { damerauLevenshteinSimilarity } from '../engine/scorers/damerau-levenshtein.js';
import type { ScoredField } from '../config/types.js';
import { sampleRows, type ColumnProfile } from './column-profile.js';
import { discountContained, type Containment } from './column-redundancy.js';
import { columnValues } from './sample-values.js';
import { scoreValley } from './score-valley.js';

/**
 * The probe: candidate pairs of a sample and how alike they are on each
 * column. `sims[i * columns.length + c]` is the similarity of pair `i` on
 * column `c` (NaN when either side is missing). A pair is a likely match
 * when {@link robustScore} reaches `threshold`.
 */
export interface LikelyMatches {
  columns: string[];
  /** Evidence weight of agreement on each column (bits of `1 / Σ share²`, as a share of 10 bits). */
  weights: number[];
  a: Int32Array;
  b: Int32Array;
  sims: Float32Array;
  /** Per pair, a bit per column whose loose key the two rows share (bit 31 stands for every column from the 32nd on). */
  foundBy: Uint32Array;
  threshold: number;
  /**
   * Column pairs (indexes into `columns`) the configuration reads crossed
   * ({@link readCrossed}): a pair is judged on the better reading of each,
   * as the matchkey scores it. Absent: every column as written.
   */
  swaps?: Array<[number, number]>;
}

/** Query rows searched; every row of a table this small. */
const QUERIES = 4000;
/** Partners kept per query row: the rows sharing the most (rarest) loose keys with it. */
const PARTNERS = 10;
/** A loose block larger than this share of the sample says nothing (a gender, a state) and is not read. */
const MAX_BLOCK_SHARE = 0.05;
/** Likely-match threshold when the probe scores show no valley between non-matches and matches. */
const FALLBACK_THRESHOLD = 0.8;
/** The columns a pair is judged on must carry this much weight together (one fully distinctive column's worth, 10 bits). */
const MIN_EVIDENCE = 1;
/** Bits that make a full weight, as in v0's weights. */
const FULL_BITS = 10;

/**
 * The loose keys of a value: the first three letters or digits of the value
 * and of its last word. Coarse on purpose: two records of one entity share
 * them through most typos, and a record corrupted on one column still
 * shares the other columns' keys.
 *
 * @example
 * looseKeys('Mary-Ann Smith'); // ['mar', 'smi']
 */
export function looseKeys(value: string): string[] {
  const folded = value.toLowerCase();
  const whole = folded.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 3);
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  const last = (words.at(-1) ?? '').slice(0, 3);
  const keys = whole.length > 0 ? [whole] : [];
  if (last.length > 0 && last !== whole) keys.push(last);
  return keys;
}

/** Values longer than this are compared by their words: an edit distance costs the product of the lengths. */
const LONG_VALUE = 40;

/**
 * How alike two case-folded values are: edit similarity (Damerau–Levenshtein,
 * under which, unlike Jaro–Winkler, two unrelated names or dates score
 * low), or for long values the Jaccard share of their words.
 *
 * @example
 * similarity('smith', 'smyth'); // 0.8
 */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length <= LONG_VALUE && b.length <= LONG_VALUE) return damerauLevenshteinSimilarity(a, b);
  const wa = new Set(a.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0));
  const wb = new Set(b.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0));
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  const union = wa.size + wb.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * The `count` rows of highest rank (ties: lower row first), best first: a
 * min-heap of `count` entries, so one pass over the rows however many share
 * a key with the query.
 *
 * @example
 * topRanked([4, 7, 9], Float64Array.from({ length: 10 }, (_, i) => i % 5), 2); // [4, 9]
 */
export function topRanked(rows: readonly number[], rank: Float64Array, count: number): number[] {
  // `worse(x, y)`: x ranks below y.
  const worse = (x: number, y: number): boolean => rank[x] < rank[y] || (rank[x] === rank[y] && x > y);
  const heap: number[] = [];
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l], heap[m])) m = l;
      if (r < heap.length && worse(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (const row of rows) {
    if (heap.length < count) {
      heap.push(row);
      for (let i = heap.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (!worse(heap[i], heap[p])) break;
        [heap[i], heap[p]] = [heap[p], heap[i]];
        i = p;
      }
    } else if (count > 0 && worse(heap[0], row)) {
      heap[0] = row;
      down(0);
    }
  }
  return heap.sort((x, y) => (worse(x, y) ? 1 : worse(y, x) ? -1 : 0));
}

/**
 * A pair's likely-match score: the weighted mean similarity over the
 * columns present on both sides and not in `leaveOut`, after dropping the
 * single least similar of them when three or more remain, so one corrupted
 * column does not hide a match. NaN when fewer than two columns remain
 * (one column's agreement is no evidence beyond itself) or when those left
 * weigh less than one fully distinctive column.
 *
 * @example
 * robustScore(probe, 0, new Set([probe.columns.indexOf('surname')]));
 */
export function robustScore(probe: LikelyMatches, pair: number, leaveOut: ReadonlySet<number> = new Set()): number {
  return robustMean(probe.sims, pair * probe.columns.length, probe.weights, leaveOut);
}

/** {@link robustScore} of the similarities `sims[offset ..]`, one per weight. */
function robustMean(sims: ArrayLike<number>, offset: number, weights: readonly number[], leaveOut: ReadonlySet<number>): number {
  const k = weights.length;
  let sum = 0;
  let weight = 0;
  let present = 0;
  let worst = -1;
  let worstSim = Infinity;
  for (let c = 0; c < k; c++) {
    const s = sims[offset + c];
    if (Number.isNaN(s) || leaveOut.has(c)) continue;
    const w = weights[c];
    sum += w * s;
    weight += w;
    present++;
    if (s < worstSim) {
      worstSim = s;
      worst = c;
    }
  }
  if (present < 2) return NaN;
  if (present >= 3) {
    sum -= weights[worst] * worstSim;
    weight -= weights[worst];
  }
  // Agreement on a year and a category alone is no evidence of a match: the columns judged must be able to carry it.
  return weight >= MIN_EVIDENCE ? sum / weight : NaN;
}

/**
 * Judges any pair of rows of the probe's table as the probe judges its own:
 * the {@link robustScore} of their column-by-column similarities. A model's
 * matches are checked this way whether or not the probe's search met them.
 *
 * @example
 * const judge = probeJudge(sample, probe);
 * judge(3, 17) >= probe.threshold; // a likely match
 */
export function probeJudge(store: ColumnStore, probe: LikelyMatches): (x: number, y: number) => number {
  const values = probe.columns.map((c) => columnValues(store, store.columnIndex(c)));
  const sims = new Float64Array(values.length);
  const none = new Set<number>();
  return (x, y) => {
    for (let c = 0; c < values.length; c++) sims[c] = columnSimilarity(values[c][x], values[c][y]);
    for (const [ca, cb] of probe.swaps ?? []) betterReading(sims, 0, ca, cb, values, x, y);
    return robustMean(sims, 0, probe.weights, none);
  };
}

/**
 * The probe as a configuration that reads column pairs crossed sees it:
 * each pair's similarities on each swapped pair of columns are those of the
 * better reading (as written, or crossed: a's first column against b's
 * second and a's second against b's first), and {@link probeJudge} judges
 * any pair the same way. Without it, the judge would call every transposed
 * record a non-match and count the matchkey that finds them as wrong.
 *
 * @example
 * const crossed = readCrossed(sample, probe, [['first_name', 'surname']]);
 */
export function readCrossed(store: ColumnStore, probe: LikelyMatches, swaps: ReadonlyArray<readonly [string, string]>): LikelyMatches {
  const pairs = swaps.map(([a, b]) => [probe.columns.indexOf(a), probe.columns.indexOf(b)] as [number, number]).filter(([a, b]) => a >= 0 && b >= 0);
  if (pairs.length === 0) return probe;
  const values = probe.columns.map((c) => columnValues(store, store.columnIndex(c)));
  const sims = Float32Array.from(probe.sims);
  const k = probe.columns.length;
  for (let i = 0; i < probe.a.length; i++) for (const [ca, cb] of pairs) betterReading(sims, i * k, ca, cb, values, probe.a[i], probe.b[i]);
  return { ...probe, sims, swaps: pairs };
}

/**
 * Puts the crossed reading of columns `ca` and `cb` into `sims[offset + c]`
 * when the two similarities sum higher (a missing value counting 0): the
 * matchkey's choice by weighted mean, up to the two columns' weights, which
 * a crossed reading shares between them.
 */
function betterReading(sims: Float32Array | Float64Array, offset: number, ca: number, cb: number, values: ReadonlyArray<ReadonlyArray<string | null>>, x: number, y: number): void {
  const ab = columnSimilarity(values[ca][x], values[cb][y]);
  const ba = columnSimilarity(values[cb][x], values[ca][y]);
  const sum = (p: number, q: number): number => (Number.isNaN(p) ? 0 : p) + (Number.isNaN(q) ? 0 : q);
  if (sum(ab, ba) > sum(sims[offset + ca], sims[offset + cb])) {
    sims[offset + ca] = ab;
    sims[offset + cb] = ba;
  }
}

/** Two values' {@link similarity} after case folding and trimming; NaN when either is missing. */
function columnSimilarity(va: string | null, vb: string | null): number {
  return va === null || vb === null ? NaN : similarity(va.toLowerCase().trim(), vb.toLowerCase().trim());
}

/**
 * Searches a sample for likely matches without any blocking pass: for up
 * to {@link QUERIES} rows, the rows sharing the rarest loose keys
 * ({@link looseKeys}, every column) are ranked by the summed rarity
 * (log of the sample over the block's size) of the keys they share and the
 * best {@link PARTNERS} scored column by column ({@link similarity}). The
 * likely-match threshold is the valley of those scores (where non-matches
 * end and matches begin), else 0.8. A column `contained` in another keeps
 * only the news in its weight ({@link discountContained}). With `acrossColumn` (the
 * table-of-origin column of stacked tables), the best partners in other
 * tables are added, and that column is not scored. Deterministic; linear in
 * the sample's size.
 *
 * @example
 * const probe = findLikelyMatches(sample, profiles);
 * probe.a.length; // candidate pairs scored
 */
export function findLikelyMatches(
  store: ColumnStore,
  profiles: readonly ColumnProfile[],
  options: { acrossColumn?: string; contained?: readonly Containment[] } = {},
): LikelyMatches {
  const usable = profiles.filter((p) => p.nullRate < 0.95 && store.columnIndex(p.column) >= 0 && p.column !== options.acrossColumn);
  const columns = usable.map((p) => p.column);
  const colIdx = columns.map((c) => store.columnIndex(c));
  const bits = usable.map((p) => ({ field: p.column, weight: Math.max(0.05, Math.min(1, Math.log2(1 / Math.max(p.collision, 2 ** -FULL_BITS)) / FULL_BITS)) }));
  // Repeated evidence counts once here too, or a pair alike on four forms of one name would look like a match.
  const weights = discountContained(bits as ScoredField[], options.contained ?? []).map((f) => f.weight);
  const n = store.rowCount;
  const table = options.acrossColumn === undefined ? -1 : store.columnIndex(options.acrossColumn);
  const tables = table < 0 ? null : columnValues(store, table);
  const tableOf = (r: number): string | null => (tables === null ? null : tables[r]);
  const values = colIdx.map((ci) => columnValues(store, ci));
  const keysOf = new Map<string, string[]>();
  const loose = (v: string): string[] => {
    let k = keysOf.get(v);
    if (!k) keysOf.set(v, (k = looseKeys(v)));
    return k;
  };

  // Loose blocks: key → rows, per column (a key of one column never meets another column's).
  const blocks = values.map((column) => {
    const m = new Map<string, number[]>();
    for (let r = 0; r < n; r++) {
      const v = column[r];
      if (v === null) continue;
      for (const k of loose(v)) {
        let rows = m.get(k);
        if (!rows) m.set(k, (rows = []));
        rows.push(r);
      }
    }
    return m;
  });
  const maxBlock = Math.max(20, Math.floor(n * MAX_BLOCK_SHARE));
  const rank = new Float64Array(n);
  const touched: number[] = [];
  const seen = new Set<number>();
  const pairsA: number[] = [];
  const pairsB: number[] = [];
  for (const q of sampleRows(n, QUERIES)) {
    for (let c = 0; c < colIdx.length; c++) {
      const v = values[c][q];
      if (v === null) continue;
      for (const k of loose(v)) {
        const rows = blocks[c].get(k);
        if (!rows || rows.length < 2 || rows.length > maxBlock) continue;
        const rarity = Math.log(n / rows.length);
        for (const r of rows) {
          if (r === q) continue;
          if (rank[r] === 0) touched.push(r);
          rank[r] += rarity;
        }
      }
    }
    const own = tableOf(q);
    const best = topRanked(touched, rank, PARTNERS);
    // Stacked tables: the best partners in other tables too, which a table full of look-alike listings would crowd out.
    if (own !== null) best.push(...topRanked(touched.filter((r) => tableOf(r) !== own), rank, PARTNERS));
    for (const r of touched) rank[r] = 0;
    touched.length = 0;
    for (const r of best) {
      const [x, y] = q < r ? [q, r] : [r, q];
      const id = x * n + y;
      if (seen.has(id)) continue;
      seen.add(id);
      pairsA.push(x);
      pairsB.push(y);
    }
  }

  const k = columns.length;
  const sims = new Float32Array(pairsA.length * k);
  const foundBy = new Uint32Array(pairsA.length);
  for (let i = 0; i < pairsA.length; i++) {
    for (let c = 0; c < k; c++) {
      const va = values[c][pairsA[i]];
      const vb = values[c][pairsB[i]];
      sims[i * k + c] = columnSimilarity(va, vb);
      if (va === null || vb === null) continue;
      const ka = loose(va);
      if (loose(vb).some((x) => ka.includes(x))) foundBy[i] |= 1 << Math.min(c, 31);
    }
  }
  const probe: LikelyMatches = { columns, weights, a: Int32Array.from(pairsA), b: Int32Array.from(pairsB), sims, foundBy, threshold: FALLBACK_THRESHOLD };
  const scores = Float64Array.from({ length: pairsA.length }, (_, i) => robustScore(probe, i));
  probe.threshold = scoreValley(scores) ?? FALLBACK_THRESHOLD;
  return probe;
}
