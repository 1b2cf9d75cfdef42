/** Zero-config blocking: candidate passes from the column profile, chosen for the recall they measure on likely matches while their projected candidate pairs fit a budget. */
import type { BlockingKey } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { codeToken } from '../engine/transforms/code-token.js';
import { carriesCodes, sampleRows, type ColumnProfile } from './column-profile.js';
import type { LikelyMatches } from './likely-matches.js';
import { columnValues, derivedValues } from './sample-values.js';
import { exactKeyOf, likelyPairs, together } from './pass-recall.js';

/**
 * Blocking passes chosen from the profile and kept within the pair budget
 * (~40 candidate pairs per row of the table). With a probe of likely
 * matches ({@link LikelyMatches}), passes are chosen greedily for recall:
 * each step takes the pass that keeps together the most likely matches not
 * yet kept, per pair it costs, so a second pass on a column already blocked
 * on is taken only when it finds matches the others miss (a record with a
 * corrupted or missing column is found through another column). Without a
 * probe, or with too few likely matches, passes are kept in the profile's
 * order while they fit.
 *
 * @example
 * chooseBlocking(store, profileColumns(store, []), { probe }); // [{ fields: [{ field: 'email', transforms: ['lowercase', 'strip'] }] }, ...]
 */
export function chooseBlocking(store: ColumnStore, profiles: ColumnProfile[], options: BlockingChoiceOptions = {}): BlockingKey[] {
  const candidates = candidatePasses(profiles);
  const tableRows = Math.max(store.rowCount, options.tableRows ?? 0);
  const budget = pairBudget(tableRows);
  const wordy = new Set(profiles.filter((p) => (p.kind === 'text' || p.kind === 'long_text') && p.avgTokens >= 3).map((p) => p.column));
  const cost = (key: BlockingKey): number =>
    projectedPairs(store, key, { sameTextIsFree: key.fields.length === 1 && wordy.has(key.fields[0].field), acrossColumn: options.acrossColumn, tableRows });
  const kept = [...(options.keep ?? [])];
  const seen = new Set(kept.map((k) => JSON.stringify(k)));
  let spent = kept.reduce((sum, key) => sum + cost(key), 0);
  const priced = candidates.filter((k) => !seen.has(JSON.stringify(k))).map((key) => ({ key, pairs: cost(key) })).filter((c) => c.pairs <= budget / 2);
  // A two-column pass exists for a column too common to block on alone: where the column alone is affordable, the pair
  // only adds a second column that must agree too (and breaks when it is missing or garbled).
  const affordable = new Set(priced.filter((c) => c.key.fields.length === 1).map((c) => JSON.stringify(c.key.fields[0])));
  const open = priced.filter((c) => c.key.fields.length === 1 || !affordable.has(JSON.stringify(c.key.fields[0])));
  const likely = options.probe ? likelyPairs(store, options.probe, options.acrossColumn ?? options.probeAcross) : [];
  if (options.probe && likely.length >= MIN_LIKELY) {
    const probe = options.probe;
    const base = new Uint8Array(probe.a.length);
    for (const key of kept) together(store, probe, key, likely).forEach((t, i) => (base[i] |= t));
    const keeps = open.map((c) => together(store, probe, c.key, likely));
    // Gain per pair, not gain alone: every candidate pair costs scoring time and, at any threshold, a chance of a false match.
    const pick = improvedCover(open, keeps, likely, base, budget - spent);
    for (const c of pick.chosen) kept.push(open[c].key);
    // Insurance: when every pass reads one column, a record with that column missing or garbled in the rest of the table
    // (the probe saw little of it) would never be compared; the best affordable pass on other columns backs it up.
    const read = new Set(kept.flatMap((k) => k.fields.map((f) => f.field)));
    if (read.size === 1) {
      let best = -1;
      let bestValue = 0;
      for (let c = 0; c < open.length; c++) {
        if (open[c].key.fields.some((f) => read.has(f.field)) || pick.pairs + spent + open[c].pairs > budget) continue;
        let own = 0;
        for (const i of likely) own += keeps[c][i];
        const value = own / (open[c].pairs + budget / 50);
        if (value > bestValue) (best = c), (bestValue = value);
      }
      if (best >= 0) kept.push(open[best].key);
    }
  } else {
    for (const { key, pairs } of open) {
      if (spent + pairs > budget) continue;
      kept.push(key);
      spent += pairs;
    }
  }
  if (kept.length === 0 && candidates.length > 0) kept.push(candidates[0]);
  return kept;
}

/**
 * Candidate pairs zero-config's blocking may cost: about 40 per row of the
 * table, and never less than 50,000.
 *
 * @example
 * pairBudget(1_000_000); // 40_000_000
 */
export function pairBudget(tableRows: number): number {
  return Math.max(50_000, tableRows * 40);
}

/** Rounds of {@link improvedCover}'s local search (each strictly better, so it ends anyway). */
const COVER_ROUNDS = 8;

/**
 * {@link greedyCover}, then a local search on its answer: the ratio greedy
 * is myopic (a cheap pass taken first can leave too little budget for the
 * passes that would have covered more together), so each chosen pass in
 * turn is struck out and the rest of the budget filled greedily again; a
 * cover that keeps more likely matches together (or as many for fewer
 * pairs) replaces it, until none does. (An any-order name key, cheap and
 * broad, taken first on a person file with several name columns lowered
 * the estimated recall of the cover 95.9% → 91.9%, and F1 0.824 → 0.790.)
 * `keeps[c][i]` is 1 when pass `c` keeps likely match `i` together.
 *
 * @example
 * improvedCover([{ pairs: 450 }, { pairs: 400 }, { pairs: 400 }], keeps, likely, new Uint8Array(100), 800).chosen; // [1, 2]
 */
export function improvedCover(
  open: ReadonlyArray<{ pairs: number }>,
  keeps: readonly Uint8Array[],
  likely: readonly number[],
  base: Uint8Array,
  budget: number,
): { chosen: number[]; covered: number; pairs: number } {
  let best = greedyCover(open, keeps, likely, base, budget, new Set());
  for (let round = 0; round < COVER_ROUNDS; round++) {
    let next: typeof best | null = null;
    for (const c of best.chosen) {
      const alt = greedyCover(open, keeps, likely, base, budget, new Set([c]));
      if (alt.covered > (next ?? best).covered || (alt.covered === (next ?? best).covered && alt.pairs < (next ?? best).pairs)) next = alt;
    }
    if (next === null) break;
    best = next;
  }
  return best;
}

/**
 * Greedy budgeted coverage of the likely matches: each step takes the
 * affordable pass (not `struck`) with the best gain (new likely matches
 * kept together) per pair it costs plus a fixed overhead, and stops when
 * no pass gains {@link MIN_GAIN} of them.
 */
function greedyCover(
  open: ReadonlyArray<{ pairs: number }>,
  keeps: readonly Uint8Array[],
  likely: readonly number[],
  base: Uint8Array,
  budget: number,
  struck: ReadonlySet<number>,
): { chosen: number[]; covered: number; pairs: number } {
  const covered = Uint8Array.from(base);
  const chosen: number[] = [];
  // A pass is worth its pairs plus a fixed overhead (a pass over the table, a block index), so a pass finding almost nothing is not free.
  const overhead = budget / 50;
  let spent = 0;
  for (;;) {
    let best = -1;
    let bestGain = 0;
    let bestValue = 0;
    for (let c = 0; c < open.length; c++) {
      if (chosen.includes(c) || struck.has(c) || spent + open[c].pairs > budget) continue;
      let gain = 0;
      for (const i of likely) if (keeps[c][i] === 1 && covered[i] === 0) gain++;
      const value = gain / (open[c].pairs + overhead);
      if (value > bestValue) {
        best = c;
        bestGain = gain;
        bestValue = value;
      }
    }
    if (best < 0 || bestGain < MIN_GAIN * likely.length) break;
    // A gain seen on a handful of pairs is noise while the pass's pairs are certain cost: only a cheap pass is taken on it.
    if (bestGain < MIN_GAIN_PAIRS && open[best].pairs > overhead) break;
    chosen.push(best);
    spent += open[best].pairs;
    for (const i of likely) covered[i] |= keeps[best][i];
  }
  let n = 0;
  for (const i of likely) n += covered[i];
  return { chosen, covered: n, pairs: spent };
}

/** Fewer likely matches than this and the probe cannot guide the choice. */
const MIN_LIKELY = 20;
/** A pass must keep together at least this share of the likely matches not yet kept. */
const MIN_GAIN = 0.005;
/** ... and at least this many of them, unless its pairs cost less than a pass's fixed overhead. */
const MIN_GAIN_PAIRS = 10;

/**
 * Every pass zero-config may block on, in the profile's order of preference:
 * exact passes on distinctive identifier/date/email/code/number columns, prefix and
 * phonetic passes on names, word passes on short text, a six-character prefix
 * of each distinctive identifier or email (for one misspelt), then passes pairing a
 * column with a coarse key of another (a first name alone makes blocks too
 * large; with a birth year it does not).
 *
 * @example
 * candidatePasses(profiles).length; // 23
 */
export function candidatePasses(profiles: readonly ColumnProfile[]): BlockingKey[] {
  const candidates: BlockingKey[] = [];
  const byDistinct = [...profiles].sort((a, b) => b.distinctRatio - a.distinctRatio);
  for (const p of byDistinct) {
    const distinctEnough =
      ((p.kind === 'identifier' || p.kind === 'email' || p.kind === 'date') && p.distinctRatio > 0.2) ||
      ((p.kind === 'code' || p.kind === 'number') && p.distinctRatio > 0.5 && p.nullRate < 0.5);
    const whole = distinctEnough ? firstPass(p) : null;
    if (whole !== null) candidates.push(whole);
  }
  // Mostly-present short text first: long descriptions rarely start alike, so they block last.
  // Among the rest, the rarest agreement first: in a file full of duplicates a title repeats
  // (low distinct ratio) yet two random rows still seldom share it.
  const names = byDistinct
    .filter((p) => p.kind === 'name' || p.kind === 'text' || p.kind === 'long_text')
    .sort((a, b) => Number(a.kind === 'long_text') - Number(b.kind === 'long_text') || Number(a.nullRate >= 0.5) - Number(b.nullRate >= 0.5));
  // Round robin over the columns (every column's first pass, then every second pass, ...), so
  // a budget spent in this order buys several columns' evidence before a second key on any one column.
  const perColumn = names.filter((p) => p.kind !== 'long_text').map(textPasses);
  for (let i = 0; perColumn.some((passes) => i < passes.length); i++) {
    for (const passes of perColumn) if (i < passes.length) candidates.push(passes[i]);
  }
  // Long descriptions rarely start alike: they block only when few shorter texts can.
  if (perColumn.length < 3) for (const p of names.slice(0, 3)) if (p.kind === 'long_text') candidates.push(...textPasses(p));
  // An identifier misspelt once misses its exact pass: its prefix still holds the two records together,
  // priced and judged like every other pass (after the text passes, so a name's second key comes first).
  for (const p of byDistinct) {
    if ((p.kind === 'identifier' || p.kind === 'email') && p.distinctRatio > 0.2) {
      candidates.push({ fields: [{ field: p.column, transforms: ['lowercase', p.kind === 'identifier' ? 'strip_all' : 'strip', `substring:0:${IDENTIFIER_PREFIX}`] }] });
    }
  }
  const codes = byDistinct.filter((p) => p.kind === 'code' || p.kind === 'number');
  if (codes.length >= 2) {
    candidates.push({ fields: [{ field: codes[0].column, transforms: ['strip_all'] }, { field: codes[1].column, transforms: ['strip_all'] }] });
  }
  // Pairs of columns: the first key of one with a coarse key of another, for columns too common to block on alone.
  const coarse = byDistinct.filter((p) => p.kind !== 'long_text' && p.nullRate < 0.5).slice(0, COMBINED_COLUMNS);
  for (const p of coarse) {
    const first = firstPass(p);
    if (!first) continue;
    for (const q of coarse) {
      if (q === p) continue;
      const other = coarseField(q);
      if (other) candidates.push({ fields: [...first.fields, other] });
    }
  }
  return candidates;
}

/**
 * The pass for two columns a matchkey reads crossed: each value's first word
 * by sound, the two compared as a set (`unordered`), so a record with the
 * values transposed shares the block of its partner (a pass on one column
 * cannot hold them together).
 *
 * @example
 * transposedPass('first_name', 'surname'); // { fields: [soundex(first_name), soundex(surname)], unordered: true }
 */
export function transposedPass(a: string, b: string): BlockingKey {
  const transforms = ['lowercase', 'first_token', 'soundex'];
  return { fields: [{ field: a, transforms: [...transforms] }, { field: b, transforms: [...transforms] }], unordered: true };
}

/** Characters of an identifier's typo-tolerant pass: long enough to stay rare, short enough to end before most typos. */
const IDENTIFIER_PREFIX = 6;

/** Columns paired with one another in two-column passes (by distinctness): 10 columns make 90 pairs. */
const COMBINED_COLUMNS = 10;

/**
 * The first single-column pass of a column, with the transforms {@link candidatePasses} gives it alone (so a pair can be
 * matched to it): a name's or a text's first key, else the whole value as its kind normalises it (a code's or an
 * identifier's spacing dropped, `SW1A 1AA` = `SW1A1AA`).
 */
function firstPass(p: ColumnProfile): BlockingKey | null {
  const on = (...transforms: string[]): BlockingKey => ({ fields: [{ field: p.column, transforms }] });
  if (p.kind === 'name' || p.kind === 'text') return textPasses(p)[0];
  if (p.kind === 'identifier') return on('strip_all');
  if (p.kind === 'date' || p.kind === 'number') return on('strip');
  if (p.kind === 'code') return on('lowercase', 'strip_all');
  if (p.kind === 'category' || p.kind === 'email') return on('lowercase', 'strip');
  return null;
}

/** A coarse key of a column to narrow another column's blocks: a first letter, a year, a category, an amount. */
function coarseField(p: ColumnProfile): BlockingKey['fields'][number] | null {
  if (p.kind === 'name' || p.kind === 'text') return { field: p.column, transforms: ['lowercase', 'strip', 'substring:0:1'] };
  if (p.kind === 'date') return { field: p.column, transforms: ['strip', 'substring:0:4'] };
  // A category, a code or an amount is coarse already: its whole value.
  if (p.kind === 'category' || p.kind === 'code' || p.kind === 'number') return firstPass(p)?.fields[0] ?? null;
  return null;
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
  /** Likely matches of `store` ({@link findLikelyMatches}): passes are chosen for the recall they measure on them. */
  probe?: LikelyMatches;
  /**
   * Stacked tables not (yet) compared only across: recall is still judged on
   * the likely matches across the tables this column names, the pairs linking
   * exists for (one table full of look-alike listings would otherwise choose
   * the passes), while every pair is priced.
   */
  probeAcross?: string;
}

/** The blocking passes of one name or text column, the most likely to hold duplicates together first. */
function textPasses(p: ColumnProfile): BlockingKey[] {
  const pass = (...transforms: string[]): BlockingKey => ({ fields: [{ field: p.column, transforms }] });
  // Two sources write a name's or a title's words in their own order ("Gayne Whitman", "Whitman, Gayne"): the same
  // words sorted give both one key, where a prefix or a first or last word gives each its own.
  const anyOrder = pass('lowercase', 'token_sort', 'alpha_only', 'substring:0:8');
  if (p.kind === 'name') return [pass('lowercase', 'strip', 'substring:0:4'), pass('lowercase', 'first_token', 'soundex')];
  // Titles and product names: the same words, not always in the same order or with the same first word.
  // Product listings: two shops word a product differently but print the same model code.
  if (p.kind === 'text') {
    const words = [pass('lowercase', 'alpha_only', 'substring:0:8'), pass('lowercase', 'first_token'), pass('lowercase', 'last_token'), anyOrder];
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
 * projected to the whole table. With `exact`, keys use the engine's own
 * transforms instead of the approximation.
 *
 * @example
 * projectedPairs(store, { fields: [{ field: 'surname', transforms: ['lowercase'] }] }); // 41_250
 */
export function projectedPairs(
  store: ColumnStore,
  key: BlockingKey,
  options: { sameTextIsFree?: boolean; acrossColumn?: string; tableRows?: number; exact?: boolean } = {},
): number {
  const { rows, scale } = projectionSample(store, options.tableRows);
  const tableColumn = options.acrossColumn === undefined ? -1 : store.columnIndex(options.acrossColumn);
  const tables = tableColumn < 0 ? null : columnValues(store, tableColumn);
  const wholes = options.sameTextIsFree
    ? // Letters and digits: '12 x 5 inches' and '3 x 4 inches' must stay different texts.
      derivedValues(store, `whole:${key.fields[0].field}`, store.columnIndex(key.fields[0].field), (v) => v.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))
    : null;
  // Σ C(size, 2) over `plus` groups minus over `minus` groups. A block's pairs count; across tables,
  // not those inside one table; with sameTextIsFree, not those of one text (across tables: of one
  // text in two tables, so a text's pairs inside one table are not taken off twice).
  const plus = new Map<string, number>();
  const minus = new Map<string, number>();
  const add = (m: Map<string, number>, k: string): void => {
    m.set(k, (m.get(k) ?? 0) + 1);
  };
  // `exact`: the engine's own transforms (the approximation prices Soundex as a first letter: far too coarse for a key of two names).
  const keyOf = options.exact === true ? exactKeyOf(store, key) : (r: number) => approximateKey(store, key, r);
  for (const r of rows) {
    const k = keyOf(r);
    if (k === null) continue;
    add(plus, k);
    const table = tables === null ? null : `\u0001${tables[r] ?? ''}`;
    if (table !== null) add(minus, k + table);
    if (wholes !== null) {
      const both = `${k}\u0000${wholes[r] ?? ''}`;
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
    // A transform that leaves nothing makes the value missing (as in the engine): no block, not one block of ''.
    const part = derivedValues(store, `approx:${f.field}:${f.transforms.join('|')}`, store.columnIndex(f.field), (v) => approximateTransform(v, f.transforms) || null)[row];
    if (part === null) return null;
    parts.push(part);
  }
  // An unordered key's values agree as a set (any one order serves a projection).
  if (key.unordered === true) parts.sort();
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
    else if (t === 'token_sort') s = s.split(/\s+/).filter((w) => w.length > 0).sort().join(' ');
    else if (t === 'normalize_whitespace') s = s.replace(/\s+/g, ' ');
    else if (t === 'alpha_only') s = s.replace(/[^\p{L}]/gu, '');
    else if (t === 'soundex') s = s.slice(0, 1);
    else if (t === 'code_token') s = codeToken(s);
  }
  return s;
}
