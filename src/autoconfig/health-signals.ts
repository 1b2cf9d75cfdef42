/** Health signals of one matching run on the sample, and the health verdict of API.md §5.2. */
import { KindredError } from '../errors/registry.js';
import type { Config } from '../config/types.js';
import type { MatchRun } from '../engine/run.js';
import { bridgeStats } from './bridge-share.js';
import { foldSpelling } from './column-priors.js';
import { findValley, valleyThreshold, VALLEY_HISTOGRAM_FROM, VALLEY_RANGE } from './score-valley.js';
import type { Health } from './telemetry-schema.js';

/** What the controller measures after each run (telemetry `scoring`, `blocking`, `cluster` plus counts the rules need). */
export interface HealthSignals {
  n_rows: number;
  n_pairs_scored: number;
  n_matched: number;
  mass_above_threshold: number;
  mass_in_borderline: number;
  n_blocks: number;
  reduction_ratio: number;
  block_size_max: number;
  block_size_p99: number;
  /** Index of the blocking pass holding the largest block (−1 when none). */
  largest_block_pass: number;
  n_clusters: number;
  transitivity_rate: number;
  /** Share of matched links inside clusters of ≥ 3 rows that are bridges of their cluster ({@link bridgeStats}). */
  bridge_share: number;
  /** Bridges inside oversized clusters with ≥ 3 rows on each side: where chained groups meet ({@link bridgeStats}). */
  n_oversized_joints: number;
  cluster_size_max: number;
  n_oversized_clusters: number;
  /** With a link setting: matched pairs whose two rows come from the same table, and from two tables (0 without one). */
  n_matched_within_source: number;
  n_matched_across_sources: number;
  /**
   * With a link setting, per table: the share of its records with a kept pair
   * whose best-scoring partner lies in another table (empty without one).
   */
  best_partner_across: Record<string, number>;
  /** With a link setting, per table: its share of the rows (empty without one). */
  table_shares: Record<string, number>;
  /**
   * With a link setting: matched pairs across tables whose rows are each
   * other's best partner in another table, and matched pairs inside one
   * table whose rows are each other's best partner in it ({@link mutualBest}).
   */
  n_mutual_best_across: number;
  n_mutual_best_within: number;
  /**
   * Per column compared by the first matchkey: the share of matched pairs
   * (both values present) whose case-folded values are equal. It estimates
   * the Fellegi–Sunter m-probability of agreement without labels.
   */
  matched_agreement: Record<string, number>;
  /** The share of the pairs inside clusters that hang on one link ({@link bridgeStats}): how much a missed link could lose. */
  pairs_on_one_link: number;
  /** The threshold where the run's kept scores dip between the non-match and the match humps ({@link valleyThreshold}); null when they do not. */
  score_valley: number | null;
  /** That dip's upper edge ({@link Valley.edge}): `score_valley` itself, or under it when the threshold went to the top of a flat floor; null with no dip. */
  score_valley_edge: number | null;
}

/**
 * The largest block a healthy blocking may hold: 10% of the rows (API.md §5.2).
 *
 * @example
 * maxHealthyBlock(1295); // 129.5
 */
export function maxHealthyBlock(nRows: number): number {
  return 0.1 * nRows;
}

/**
 * The lowest score every controller run keeps (some keep lower ones too):
 * signals read from kept scores start here, so they mean the same in every run.
 *
 * @example
 * const keepFrom = SIGNAL_FLOOR; // 0.5
 */
export const SIGNAL_FLOOR = VALLEY_RANGE[0] - 0.05;

/**
 * The lowest score the controller's runs keep: the score histogram reads the
 * non-match hump down to here ({@link VALLEY_HISTOGRAM_FROM}).
 *
 * @example
 * await runMatching(sample, keepingFrom(config, KEEP_FLOOR), pool);
 */
export const KEEP_FLOOR = VALLEY_HISTOGRAM_FROM;

/**
 * The configuration with its review band widened down to `from`, so a run
 * keeps every pair scoring at least that much (whatever its own band).
 *
 * @example
 * await runMatching(sample, keepingFrom(config, SIGNAL_FLOOR), pool);
 */
export function keepingFrom(config: Config, from: number): Config {
  return { ...config, review: { ...config.review, lo: Math.min(from, config.review.lo ?? 1) } };
}

/** Borderline band half-width around the threshold (API.md §5.1). */
const BORDERLINE = 0.1;
/** Triples sampled per run for transitivity; enough for a stable rate, small enough to stay cheap. */
const MAX_TRIPLES = 5000;

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** A cluster is oversized when it holds more than this share of the rows (and at least 10 of them). */
export function oversizedLimit(nRows: number): number {
  return Math.max(10, Math.ceil(0.02 * nRows));
}

/**
 * Measures a run: the scoring masses are fractions of all candidate pairs
 * scored (not only kept ones), blocks are the groups of every blocking pass,
 * transitivity is the share of sampled within-cluster triples whose three
 * pairs all matched.
 *
 * @example
 * const s = measureRun(await runMatching(sample, config, pool));
 * s.mass_above_threshold; // 0.12
 */
export function measureRun(run: MatchRun): HealthSignals {
  const n = run.store.rowCount;
  const threshold = firstThreshold(run.config);
  const scored = run.candidatePairs;
  // The controller's runs score on the pool, which counts its candidates; a pair source's run is never measured.
  if (scored === null) throw new KindredError('internal', 'measureRun: the run did not count its candidate pairs (its pairs came from another engine)');
  let matched = 0;
  let borderline = 0;
  let within = 0;
  const tables = run.config.link ? tableCodes(run, run.store.columnIndex(run.config.link.source_column)) : null;
  const matchedSet = new Set<number>();
  const linkA: number[] = [];
  const linkB: number[] = [];
  for (let i = 0; i < run.pairs.count; i++) {
    const s = run.pairs.score[i];
    if (run.pairs.flags[i] & 0x80) {
      matched++;
      matchedSet.add(run.pairs.a[i] * n + run.pairs.b[i]);
      linkA.push(run.pairs.a[i]);
      linkB.push(run.pairs.b[i]);
      if (tables !== null && tables.codes[run.pairs.a[i]] === tables.codes[run.pairs.b[i]]) within++;
    }
    if (s >= SIGNAL_FLOOR && Math.abs(s - threshold) <= BORDERLINE + 1e-12) borderline++;
  }

  // Typed arrays, not lists and maps: this runs on the event loop after every controller run.
  const sizes = new Int32Array(run.index.passes.reduce((sum, p) => sum + p.handle.groups, 0));
  let largestPass = -1;
  let largest = 0;
  let at = 0;
  run.index.passes.forEach((p, pass) => {
    for (let g = 0; g < p.handle.groups; g++) {
      const size = p.starts[g + 1] - p.starts[g];
      sizes[at++] = size;
      if (size > largest) {
        largest = size;
        largestPass = pass;
      }
    }
  });
  sizes.sort();
  const allPairs = (n * (n - 1)) / 2;

  // Cluster ids are row ids (the smallest member), so sizes fit an array indexed by id.
  const clusterSize = new Int32Array(n);
  for (let r = 0; r < n; r++) clusterSize[run.clusterOf[r]]++;
  let clusters = 0;
  let clusterMax = 0;
  let oversized = 0;
  const limit = oversizedLimit(n);
  for (let c = 0; c < n; c++) {
    const size = clusterSize[c];
    if (size === 0) continue;
    clusters++;
    clusterMax = Math.max(clusterMax, size);
    if (size > limit) oversized++;
  }
  // Member lists only where a triple fits, in order of each cluster's first row (the order triples are sampled in).
  const members = new Map<number, number[]>();
  for (let r = 0; r < n; r++) {
    const c = run.clusterOf[r];
    if (clusterSize[c] < 3) continue;
    const list = members.get(c);
    if (list) list.push(r);
    else members.set(c, [r]);
  }

  const bridges = bridgeStats(n, run.clusterOf, linkA, linkB, oversizedLimit(n));
  return {
    matched_agreement: matchedAgreement(run),
    pairs_on_one_link: round4(bridges.pairsOnOneLink),
    ...valleySignals(run, bridges.pairsOnOneLink),
    n_rows: n,
    n_pairs_scored: scored,
    n_matched: matched,
    mass_above_threshold: scored > 0 ? round4(matched / scored) : 0,
    mass_in_borderline: scored > 0 ? round4(borderline / scored) : 0,
    n_blocks: sizes.length,
    reduction_ratio: allPairs > 0 ? round4(1 - scored / allPairs) : 0,
    block_size_max: largest,
    block_size_p99: sizes.length > 0 ? sizes[Math.min(sizes.length - 1, Math.floor(0.99 * sizes.length))] : 0,
    largest_block_pass: largestPass,
    n_clusters: clusters,
    transitivity_rate: round4(transitivity([...members.values()], matchedSet, n)),
    bridge_share: round4(bridges.share),
    n_oversized_joints: bridges.largeClusterJoints,
    cluster_size_max: clusterMax,
    n_oversized_clusters: oversized,
    n_matched_within_source: within,
    n_matched_across_sources: tables !== null ? matched - within : 0,
    ...linkSignals(run, tables),
  };
}

/** Each row's table as a small integer (decoded once per run, not once per pair) and the tables' names by code. */
interface TableCodes {
  codes: Int32Array;
  names: string[];
}

/**
 * The threshold a run's own score valley sets ({@link valleyThreshold}),
 * `score_valley` without the rest of {@link measureRun}: the model choice
 * reads it on the Fellegi–Sunter twin's run, whose other signals nobody
 * reads. The share of pairs on one link is measured only when there is a
 * valley to place.
 *
 * @example
 * const threshold = runScoreValley(fsRun) ?? 0.5;
 */
export function runScoreValley(run: MatchRun): number | null {
  return valleySignals(run, null).score_valley;
}

/** The run's valley signals, given the run's share of pairs on one link when it is already known. */
function valleySignals(run: MatchRun, pairsOnOneLink: number | null): Pick<HealthSignals, 'score_valley' | 'score_valley_edge'> {
  // Read from the lowest score the run kept, down to VALLEY_HISTOGRAM_FROM: a match-probability run keeps from SIGNAL_FLOOR only.
  const keptFrom = Math.max(VALLEY_HISTOGRAM_FROM, run.config.review.lo ?? SIGNAL_FLOOR);
  const valley = findValley(run.pairs.score.subarray(0, run.pairs.count), keptFrom);
  if (valley === null) return { score_valley: null, score_valley_edge: null };
  if (pairsOnOneLink !== null) return { score_valley: valleyThreshold(valley, pairsOnOneLink), score_valley_edge: valley.edge };
  const linkA: number[] = [];
  const linkB: number[] = [];
  for (let i = 0; i < run.pairs.count; i++) {
    if (run.pairs.flags[i] & 0x80) {
      linkA.push(run.pairs.a[i]);
      linkB.push(run.pairs.b[i]);
    }
  }
  const n = run.store.rowCount;
  return { score_valley: valleyThreshold(valley, bridgeStats(n, run.clusterOf, linkA, linkB, oversizedLimit(n)).pairsOnOneLink), score_valley_edge: valley.edge };
}

function tableCodes(run: MatchRun, sourceColumn: number): TableCodes {
  const codes = new Int32Array(run.store.rowCount);
  const byName = new Map<string, number>();
  for (let r = 0; r < codes.length; r++) {
    const name = run.store.get(sourceColumn, r) ?? '';
    let code = byName.get(name);
    if (code === undefined) byName.set(name, (code = byName.size));
    codes[r] = code;
  }
  return { codes, names: [...byName.keys()] };
}

/** The signals of stacked tables ({@link HealthSignals}), all empty or 0 without a link setting. */
function linkSignals(
  run: MatchRun,
  tables: TableCodes | null,
): Pick<HealthSignals, 'best_partner_across' | 'table_shares' | 'n_mutual_best_across' | 'n_mutual_best_within'> {
  if (tables === null) return { best_partner_across: {}, table_shares: {}, n_mutual_best_across: 0, n_mutual_best_within: 0 };
  const best = bestPairs(run, tables);
  const mutual = mutualBest(run, tables, best);
  return {
    best_partner_across: bestPartnerAcross(run, tables, best),
    table_shares: tableShares(tables),
    n_mutual_best_across: mutual.across,
    n_mutual_best_within: mutual.within,
  };
}

/**
 * Each row's best-scoring kept pair in another table (slot 2·row) and in
 * its own table (slot 2·row + 1), as indices into the run's pairs, −1 for
 * none. Ties keep the first pair seen: pairs come in a deterministic order.
 */
function bestPairs(run: MatchRun, tables: TableCodes): Int32Array {
  const { a, b, score } = run.pairs;
  const best = new Int32Array(2 * run.store.rowCount).fill(-1);
  for (let i = 0; i < run.pairs.count; i++) {
    const side = tables.codes[a[i]] === tables.codes[b[i]] ? 1 : 0;
    const x = 2 * a[i] + side;
    const y = 2 * b[i] + side;
    if (best[x] < 0 || score[i] > score[best[x]]) best[x] = i;
    if (best[y] < 0 || score[i] > score[best[y]]) best[y] = i;
  }
  return best;
}

/** Per table, keyed by its name in code-point order: `value(t)` for the tables `keep(t)` admits. */
function perTable(tables: TableCodes, value: (t: number) => number, keep: (t: number) => boolean = () => true): Record<string, number> {
  return Object.fromEntries(
    tables.names
      .map((name, t) => [name, t] as const)
      .filter(([, t]) => keep(t))
      .sort((x, y) => (x[0] < y[0] ? -1 : 1))
      .map(([name, t]) => [name, value(t)]),
  );
}

/** Per table, the share of its records with a kept pair whose best-scoring pair overall lies across tables (the earlier pair on a tie). */
function bestPartnerAcross(run: MatchRun, tables: TableCodes, best: Int32Array): Record<string, number> {
  const { score } = run.pairs;
  const withPartner = new Array<number>(tables.names.length).fill(0);
  const acrossCount = new Array<number>(tables.names.length).fill(0);
  for (let r = 0; r < tables.codes.length; r++) {
    const across = best[2 * r];
    const inside = best[2 * r + 1];
    if (across < 0 && inside < 0) continue;
    withPartner[tables.codes[r]]++;
    if (inside < 0 || (across >= 0 && (score[across] > score[inside] || (score[across] === score[inside] && across < inside)))) acrossCount[tables.codes[r]]++;
  }
  return perTable(tables, (t) => round4(acrossCount[t] / withPartner[t]), (t) => withPartner[t] > 0);
}

function tableShares(tables: TableCodes): Record<string, number> {
  const counts = new Array<number>(tables.names.length).fill(0);
  for (const t of tables.codes) counts[t]++;
  const n = Math.max(1, tables.codes.length);
  return perTable(tables, (t) => round4(counts[t] / n));
}

/**
 * Matched pairs, across tables and inside one, whose two rows are each
 * other's best-scoring partner on that side (in another table, or in their
 * own): the pair is both rows' best pair there. Clean tables hold an entity
 * at most once each, so their matches across pair off one to one while the
 * matches inside them, look-alikes (a product's variants), come in
 * families, many to many. In a file with duplicates dealt to tables at
 * random, inside and across are alike.
 */
function mutualBest(run: MatchRun, tables: TableCodes, best: Int32Array): { across: number; within: number } {
  const { a, b, flags } = run.pairs;
  let across = 0;
  let within = 0;
  for (let i = 0; i < run.pairs.count; i++) {
    if (!(flags[i] & 0x80)) continue;
    const side = tables.codes[a[i]] === tables.codes[b[i]] ? 1 : 0;
    if (best[2 * a[i] + side] !== i || best[2 * b[i] + side] !== i) continue;
    if (side === 1) within++;
    else across++;
  }
  return { across, within };
}

/** Matched pairs read per column for {@link HealthSignals.matched_agreement}: enough for a stable rate. */
const MAX_AGREEMENT_PAIRS = 20_000;

function matchedAgreement(run: MatchRun): Record<string, number> {
  const out: Record<string, number> = {};
  const columns = [...new Set((run.config.matchkeys[0]?.fields ?? []).map((f) => f.field))];
  const fold = (v: string | null): string | null => (v === null ? null : foldSpelling(v) || null);
  for (const column of columns) {
    const c = run.store.columnIndex(column);
    let both = 0;
    let equal = 0;
    for (let i = 0; i < run.pairs.count && both < MAX_AGREEMENT_PAIRS; i++) {
      if (!(run.pairs.flags[i] & 0x80)) continue;
      const x = fold(run.store.get(c, run.pairs.a[i]));
      const y = fold(run.store.get(c, run.pairs.b[i]));
      if (x === null || y === null) continue;
      both++;
      if (x === y) equal++;
    }
    if (both > 0) out[column] = round4(equal / both);
  }
  return out;
}

function firstThreshold(config: Config): number {
  return config.matchkeys[0]?.threshold ?? 1;
}

/**
 * Share of within-cluster triples whose three pairs all matched. Triples are
 * enumerated in row order and capped per cluster (evenly over clusters of
 * three or more), so the rate is deterministic. No triple at all → 1.
 */
function transitivity(clusters: number[][], matched: Set<number>, n: number): number {
  const big = clusters.filter((m) => m.length >= 3);
  if (big.length === 0) return 1;
  const perCluster = Math.max(1, Math.floor(MAX_TRIPLES / big.length));
  let total = 0;
  let closed = 0;
  const has = (x: number, y: number): boolean => matched.has(x < y ? x * n + y : y * n + x);
  for (const m of big) {
    let taken = 0;
    for (let i = 0; i < m.length && taken < perCluster; i++) {
      for (let j = i + 1; j < m.length && taken < perCluster; j++) {
        for (let k = j + 1; k < m.length && taken < perCluster; k++) {
          taken++;
          if (has(m[i], m[j]) && has(m[j], m[k]) && has(m[i], m[k])) closed++;
        }
      }
    }
    total += taken;
  }
  return total > 0 ? closed / total : 1;
}

/** Why a verdict is what it is: the failed checks, red ones first. */
export interface HealthVerdict {
  health: Health;
  reasons: string[];
  degenerateBlocking: boolean;
}

/**
 * The verdict of API.md §5.2: red for degenerate blocking (reduction < 0.5 or a
 * block with more than 10% of the rows), nothing matched, or transitivity
 * < 0.5; yellow for transitivity < 0.85, more than 20% borderline pairs or an
 * oversized cluster; green otherwise.
 *
 * @example
 * healthVerdict(signals).health; // 'yellow'
 */
export function healthVerdict(s: HealthSignals): HealthVerdict {
  const red: string[] = [];
  const yellow: string[] = [];
  const degenerateBlocking = s.reduction_ratio < 0.5 || s.block_size_max > maxHealthyBlock(s.n_rows);
  if (s.reduction_ratio < 0.5) red.push(`reduction ratio ${s.reduction_ratio} < 0.5`);
  if (s.block_size_max > maxHealthyBlock(s.n_rows)) red.push(`largest block ${s.block_size_max} > 10% of ${s.n_rows} rows`);
  if (s.n_matched === 0) red.push('no pair matched');
  if (s.transitivity_rate < 0.5) red.push(`transitivity ${s.transitivity_rate} < 0.5`);
  else if (s.transitivity_rate < 0.85) yellow.push(`transitivity ${s.transitivity_rate} < 0.85`);
  if (s.mass_in_borderline > 0.2) yellow.push(`borderline mass ${s.mass_in_borderline} > 0.2`);
  if (s.n_oversized_clusters > 0) yellow.push(`${s.n_oversized_clusters} oversized cluster(s)`);
  const health: Health = red.length > 0 ? 'red' : yellow.length > 0 ? 'yellow' : 'green';
  return { health, reasons: [...red, ...yellow], degenerateBlocking };
}

/**
 * The signals as a vector in [0, 1]⁸ for convergence: L1 distance between
 * two runs below ε means the last change did not move anything that matters.
 *
 * @example
 * l1Distance(signalVector(a), signalVector(b)) < 0.05;
 */
export function signalVector(s: HealthSignals): number[] {
  const n = Math.max(1, s.n_rows);
  return [
    Math.min(1, Math.max(0, s.reduction_ratio)),
    Math.min(1, s.block_size_p99 / n),
    Math.min(1, s.block_size_max / n),
    s.mass_above_threshold,
    s.mass_in_borderline,
    s.transitivity_rate,
    Math.min(1, s.cluster_size_max / n),
    Math.min(1, s.n_matched / n),
  ];
}

/** L1 distance of two equal-length vectors. */
export function l1Distance(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, x, i) => sum + Math.abs(x - (b[i] ?? 0)), 0);
}
