/** Evidence for pairing two tables' columns: records across the tables that share rare words are likely one entity, and the columns that agree on those records (beyond chance) carry the same field. */
import { wordsOf } from './value-words.js';
import { ColumnStore, type TableHandle } from './column-store.js';

/** How one column of the first table and one of the second agree on the likely pairs, against chance. */
export interface ColumnPairEvidence {
  first: string;
  second: string;
  /** Likely pairs with both cells filled. */
  pairs: number;
  /** Mean agreement of the two cells over those pairs, in [0, 1]. */
  agreement: number;
  /** The same over shuffled pairs (each second-table record beside another pair's first-table record): what agreement chance gives. */
  chance: number;
  /** (agreement − chance) in standard errors. */
  z: number;
}

/** What the records say about the columns. */
export interface AlignmentEvidence {
  /** Record pairs across the tables taken as likely one entity. */
  likely_pairs: number;
  /** Every column pair (excluded columns left out), in column order. */
  columns: ColumnPairEvidence[];
  /** The likely pairs themselves, `[first-table row, second-table row]`: the anchors the controller weighs fields on. */
  anchors: Array<[number, number]>;
}

/** Input of {@link alignmentEvidenceTask} (shared memory: nothing is copied). */
export interface AlignmentEvidenceTask {
  first: TableHandle;
  second: TableHandle;
  exclude: readonly string[];
}

/** First-table records indexed: beyond this, an even sample (tokenising is the cost, and a few dozen likely pairs suffice). */
const INDEXED_ROWS = 20_000;
/** Second-table records looked up, evenly spread. */
const QUERY_ROWS = 1_000;
/** A word in more than this share of the indexed records says nothing about identity (and would make the lookup quadratic). */
const COMMON_WORD_SHARE = 0.05;
/** The best partner must outscore the runner-up by this factor: a record that resembles several equally is not evidence. */
const CLEAR_LEAD = 1.5;

/**
 * Finds likely pairs across the tables, column-blind (a record is the bag
 * of words of all its cells, so no pairing of columns is presumed), then
 * measures every column pair's agreement on them and on shuffled pairs.
 * A second-table record's likely partner is the first-table record that
 * shares the most inverse-document-frequency weight of words with it, when
 * that weight is at least one word seen once (ln of the indexed count) and
 * clearly leads the runner-up.
 *
 * @example
 * const e = alignmentEvidence(shopA, shopB, ['id']);
 * e.columns.find((c) => c.first === 'title' && c.second === 'name'); // { pairs: 640, agreement: 0.63, chance: 0.01, z: 52, ... }
 */
export function alignmentEvidence(first: ColumnStore, second: ColumnStore, exclude: readonly string[]): AlignmentEvidence {
  const firstCols = usable(first, exclude);
  const secondCols = usable(second, exclude);
  const likely = likelyPairs({ store: first, columns: firstCols, rows: allRows(first) }, { store: second, columns: secondCols, rows: allRows(second) });
  const columns: ColumnPairEvidence[] = [];
  for (const i of firstCols) {
    for (const j of secondCols) columns.push(columnPairEvidence(first, i, second, j, likely));
  }
  return { likely_pairs: likely.length, columns, anchors: likely };
}

/**
 * {@link alignmentEvidence} in a worker, on the stores' shared memory.
 *
 * @example
 * const e = await pool.run('alignmentEvidenceTask', { first: a.handle, second: b.handle, exclude: ['id'] });
 */
export function alignmentEvidenceTask(task: AlignmentEvidenceTask): AlignmentEvidence {
  return alignmentEvidence(ColumnStore.fromHandle(task.first), ColumnStore.fromHandle(task.second), task.exclude);
}

/**
 * The anchors of one file holding two stacked tables (a table-of-origin
 * column with exactly two values): record pairs across them found by their
 * words alone, as for two files (`[a0, b0, a1, b1, …]`, rows of `store`,
 * the table seen first, then the other). Null with any other number of tables.
 *
 * @example
 * stackedAnchors(store, 'source', ['id']); // Int32Array [12, 4031, 57, 2210, ...]
 */
export function stackedAnchors(store: ColumnStore, sourceColumn: string, exclude: readonly string[]): Int32Array | null {
  const source = store.columnIndex(sourceColumn);
  if (source < 0) return null;
  const tables = new Map<string, number[]>();
  for (let r = 0; r < store.rowCount; r++) {
    const t = store.get(source, r) ?? '';
    const rows = tables.get(t);
    if (rows === undefined) tables.set(t, [r]);
    else rows.push(r);
  }
  if (tables.size !== 2) return null;
  const [first, second] = [...tables.values()];
  const columns = usable(store, [...exclude, sourceColumn]);
  const pairs = likelyPairs({ store, columns, rows: first }, { store, columns, rows: second });
  return Int32Array.from(pairs.flat());
}

function allRows(store: ColumnStore): number[] {
  return Array.from({ length: store.rowCount }, (_, r) => r);
}

/** The rows of one table the finder reads, and the columns it reads them by. */
interface TableRows {
  store: ColumnStore;
  columns: readonly number[];
  rows: readonly number[];
}

function usable(store: ColumnStore, exclude: readonly string[]): number[] {
  return store.names.flatMap((n, c) => (exclude.includes(n) ? [] : [c]));
}

function recordWords(store: ColumnStore, columns: readonly number[], row: number): Set<string> {
  const words = new Set<string>();
  for (const c of columns) {
    const v = store.get(c, row);
    if (v !== null) for (const w of wordsOf(v)) words.add(w);
  }
  return words;
}

/** [first row, second row] pairs (rows of each table's store), in the second table's row order. */
function likelyPairs(first: TableRows, second: TableRows): Array<[number, number]> {
  const postings = new Map<string, number[]>();
  const step = Math.max(1, Math.ceil(first.rows.length / INDEXED_ROWS));
  let indexed = 0;
  for (let k = 0; k < first.rows.length; k += step) {
    indexed++;
    const r = first.rows[k];
    for (const w of recordWords(first.store, first.columns, r)) {
      const p = postings.get(w);
      if (p === undefined) postings.set(w, [r]);
      else p.push(r);
    }
  }
  const maxDf = Math.max(2, COMMON_WORD_SHARE * indexed);
  const minWeight = Math.log(indexed);
  const out: Array<[number, number]> = [];
  const queryStep = Math.max(1, Math.ceil(second.rows.length / QUERY_ROWS));
  const weight = new Map<number, number>();
  for (let k = 0; k < second.rows.length; k += queryStep) {
    const r = second.rows[k];
    weight.clear();
    for (const w of recordWords(second.store, second.columns, r)) {
      const p = postings.get(w);
      if (p === undefined || p.length > maxDf) continue;
      const idf = Math.log(indexed / p.length);
      for (const a of p) weight.set(a, (weight.get(a) ?? 0) + idf);
    }
    let best = -1;
    let top = 0;
    let runnerUp = 0;
    for (const [a, s] of weight) {
      // Ties go to the smaller row: the choice never depends on the map's order.
      if (s > top || (s === top && a < best)) {
        runnerUp = Math.max(runnerUp, top);
        top = s;
        best = a;
      } else if (s > runnerUp) runnerUp = s;
    }
    if (best >= 0 && top >= minWeight && top >= CLEAR_LEAD * runnerUp) out.push([best, r]);
  }
  return out;
}

function columnPairEvidence(first: ColumnStore, i: number, second: ColumnStore, j: number, likely: ReadonlyArray<readonly [number, number]>): ColumnPairEvidence {
  const matched: Array<[string, string]> = [];
  const shuffled: Array<[string, string]> = [];
  for (let p = 0; p < likely.length; p++) {
    const [a, b] = likely[p];
    const y = second.get(j, b);
    if (y === null) continue;
    const x = first.get(i, a);
    if (x !== null) matched.push([x, y]);
    // Another likely pair's first record: the same rows, the identity broken.
    const other = likely.length > 1 ? first.get(i, likely[(p + 1) % likely.length][0]) : null;
    if (other !== null) shuffled.push([other, y]);
  }
  const scale = numberScale(shuffled);
  const m = moments(matched, scale);
  const u = moments(shuffled, scale);
  const se = Math.sqrt(m.variance() / Math.max(1, m.n) + u.variance() / Math.max(1, u.n));
  const lift = m.mean() - u.mean();
  return {
    first: first.names[i],
    second: second.names[j],
    pairs: m.n,
    agreement: round3(m.mean()),
    chance: round3(u.mean()),
    z: round3(se === 0 ? (lift > 0 ? 1e6 : 0) : lift / se),
  };
}

function moments(pairs: ReadonlyArray<readonly [string, string]>, scale: number | null): Moments {
  const out = new Moments();
  for (const [x, y] of pairs) out.add(valueAgreement(x, y, scale));
  return out;
}

/**
 * How far apart two records' numbers in these columns usually lie: the
 * median distance over the shuffled pairs where both cells are numbers
 * (null when none are, or most are equal). Closeness is judged against it,
 * so a year, a date written as digits and a price are each near on their
 * own scale; the median, because prices and weights have long tails.
 */
function numberScale(shuffled: ReadonlyArray<readonly [string, string]>): number | null {
  const distances: number[] = [];
  for (const [x, y] of shuffled) {
    const nx = plainNumber(x);
    const ny = plainNumber(y);
    if (nx !== null && ny !== null) distances.push(Math.abs(nx - ny));
  }
  if (distances.length === 0) return null;
  distances.sort((a, b) => a - b);
  const median = distances[distances.length >> 1];
  return median === 0 ? null : median;
}

/**
 * How far two cells say the same thing, in [0, 1], whatever the field:
 * numbers (given the usual distance `scale` between two records' numbers)
 * by 1 − distance / scale; text by shared words (Jaccard), or 1 when their
 * letters and digits are the same run (`ELPLP-12` and `elplp12`).
 *
 * @example
 * valueAgreement('58.45', '57.99', 120);               // 0.996
 * valueAgreement('Whitman, Gayne', 'Gayne Whitman', null); // 1
 */
export function valueAgreement(x: string, y: string, scale: number | null): number {
  const nx = plainNumber(x);
  const ny = plainNumber(y);
  if (nx !== null && ny !== null && scale !== null) return Math.max(0, 1 - Math.abs(nx - ny) / scale);
  const wx = wordsOf(x);
  const wy = wordsOf(y);
  if (wx.length > 0 && wx.join('') === wy.join('')) return 1;
  const sx = new Set(wx);
  const sy = new Set(wy);
  let shared = 0;
  for (const w of sx) if (sy.has(w)) shared++;
  const union = sx.size + sy.size - shared;
  return union === 0 ? 0 : shared / union;
}

function plainNumber(v: string): number | null {
  const t = v.trim().replace(/^[$€£]/, '').replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** Running mean and variance (Welford). */
class Moments {
  n = 0;
  private m = 0;
  private s = 0;
  add(x: number): void {
    this.n++;
    const d = x - this.m;
    this.m += d / this.n;
    this.s += d * (x - this.m);
  }
  mean(): number {
    return this.n === 0 ? 0 : this.m;
  }
  variance(): number {
    return this.n < 2 ? 0 : this.s / (this.n - 1);
  }
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
