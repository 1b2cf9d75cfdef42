/** The controller's named rules: each reads the health signals of the last run and, when it fires, returns a changed configuration with its rationale and diff. */
import { weightMove, withAnchoredWeights, type AnchoredWeight } from './anchor-weights.js';
import type { BlockingKey, Config, FieldRef, NegativeEvidence } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { chooseBlocking, largestBlock } from './blocking-choice.js';
import type { LikelyMatches } from './likely-matches.js';
import type { ColumnProfile } from './column-profile.js';
import type { ColumnPrior } from './column-priors.js';
import { maxHealthyBlock, type HealthSignals, type HealthVerdict } from './health-signals.js';
import { usableProfiles } from './initial-config.js';
import type { SourceColumn } from './link-detection.js';
import { sitsAtValley } from './score-valley.js';

/** What a rule sees. */
export interface RuleContext {
  config: Config;
  signals: HealthSignals;
  /** The signals of the run before this one (null on the first run). */
  previous: HealthSignals | null;
  verdict: HealthVerdict;
  profiles: readonly ColumnProfile[];
  priors: readonly ColumnPrior[];
  /** The table-of-origin column when the file is stacked tables. */
  source: SourceColumn | null;
  /** The rows the runs match (blocks of the first pass kept whole). */
  sample: ColumnStore;
  /** Every k-th row of the table (the whole table when small): what a new blocking pass is priced on, for `tableRows`. */
  uniform: ColumnStore;
  /** Rows of the whole table the configuration will run on. */
  tableRows: number;
  /** Likely matches of `uniform`, found without blocking: what a blocking pass's recall is measured on. */
  probe?: LikelyMatches;
  /** Two linked tables: the weights their anchors give the fields across them (anchor-weights.ts). */
  anchored?: readonly AnchoredWeight[] | null;
}

/** A fired rule's proposal: the new configuration and the `decisions` entry content. */
export interface RuleProposal {
  config: Config;
  rationale: string;
  config_diff: Record<string, { from: unknown; to: unknown }>;
}

/** A named rule; `apply` returns null when it does not fire. */
export interface Rule {
  name: string;
  /** A structural rule is asked even when the run is healthy: it fixes what the data is, not a symptom. */
  structural?: boolean;
  apply(ctx: RuleContext): RuleProposal | null;
}

/** Threshold bounds the threshold rules move within. */
const THRESHOLD_FLOOR = 0.5;
const THRESHOLD_CEILING = 0.95;
/** Identity score from which a column is strong enough to veto a match when it disagrees. */
const NE_IDENTITY = 0.75;
/** Corruption score from which a column's comparisons get case and whitespace folding. */
const CORRUPTION_MIN = 0.1;
const NE_THRESHOLD = 0.5;
const NE_PENALTY = 0.3;

const round2 = (x: number): number => Math.round(x * 100) / 100;
const clone = (c: Config): Config => structuredClone(c);

/** The blocking key as text for rationales and diffs: `lower(email)+first_token(name)`; an unordered key as `any_order(a+b)`. */
export function describeKey(key: BlockingKey): string {
  const text = key.fields.map((f) => (f.transforms.length > 0 ? `${f.transforms.join('|')}(${f.field})` : f.field)).join('+');
  return key.unordered === true ? `any_order(${text})` : text;
}

function blockingColumns(config: Config): Set<string> {
  return new Set(config.blocking.keys.flatMap((k) => k.fields.map((f) => f.field)));
}

function positiveColumns(config: Config): Set<string> {
  return new Set(config.matchkeys.flatMap((m) => m.fields.map((f) => f.field)));
}

function identityOf(priors: readonly ColumnPrior[], column: string): number {
  return priors.find((p) => p.column === column)?.identity_score ?? 0;
}

function corruptionOf(priors: readonly ColumnPrior[], column: string): number {
  return priors.find((p) => p.column === column)?.corruption_score ?? 0;
}

/** Unused columns that can carry a blocking pass, best first (identity, then distinctness, then name). */
function blockingCandidates(ctx: RuleContext): ColumnProfile[] {
  const used = blockingColumns(ctx.config);
  return ctx.profiles
    .filter((p) => !used.has(p.column) && p.nullRate < 0.2 && p.distinctRatio >= 0.3)
    .filter((p) => p.kind !== 'category' && p.kind !== 'long_text')
    .sort(
      (a, b) =>
        identityOf(ctx.priors, b.column) - identityOf(ctx.priors, a.column) ||
        b.distinctRatio - a.distinctRatio ||
        (a.column < b.column ? -1 : 1),
    );
}

function keyFor(p: ColumnProfile): BlockingKey {
  // A code's spacing is formatting, not content (`SW1A 1AA`, `SW1A1AA`).
  const transforms = p.kind === 'name' || p.kind === 'text' ? ['lowercase', 'first_token'] : p.kind === 'code' || p.kind === 'identifier' ? ['lowercase', 'strip_all'] : ['lowercase', 'strip'];
  return { fields: [{ field: p.column, transforms }] };
}

/** True when the pass's largest block, projected on the sample, is within the healthy limit (10% of its rows). */
function holdsNoDegenerateBlock(sample: ColumnStore, key: BlockingKey): boolean {
  return largestBlock(sample, key) <= maxHealthyBlock(sample.rowCount);
}

/** Stricter passes on the same column: its last token, then its whole folded value (those not already a pass). */
function stricterKeys(config: Config, old: BlockingKey): BlockingKey[] {
  const column = old.fields[0]?.field;
  if (column === undefined) return [];
  const existing = new Set(config.blocking.keys.map(describeKey));
  const options: BlockingKey[] = [
    { fields: [{ field: column, transforms: ['lowercase', 'last_token'] }] },
    { fields: [{ field: column, transforms: ['lowercase', 'normalize_whitespace'] }] },
  ];
  return options.filter((k) => !existing.has(describeKey(k)));
}

/**
 * Degenerate blocking: the pass holding the largest block is swapped for
 * the first replacement whose own largest block, projected on the sample,
 * is healthy: a pass on an unused distinctive column, else a stricter pass
 * on the same column. Without one the pass is dropped when another remains:
 * a swap that only moves the giant block elsewhere wastes an iteration.
 */
const blockingKeySwap: Rule = {
  name: 'blocking_key_swap',
  apply(ctx) {
    const { signals: s, config } = ctx;
    if (!ctx.verdict.degenerateBlocking || config.blocking.keys.length === 0) return null;
    const pass = s.largest_block_pass >= 0 && s.largest_block_pass < config.blocking.keys.length ? s.largest_block_pass : 0;
    const old = config.blocking.keys[pass];
    const why = `reduction ratio ${s.reduction_ratio}, largest block ${s.block_size_max} of ${s.n_rows} rows (pass ${describeKey(old)})`;
    const next = clone(config);
    const options = [...blockingCandidates(ctx).map(keyFor), ...stricterKeys(config, old)];
    const key = options.find((k) => holdsNoDegenerateBlock(ctx.sample, k));
    if (key) {
      next.blocking.keys[pass] = key;
      return {
        config: next,
        rationale: `${why}: blocking degenerate, swap the pass for ${describeKey(key)}`,
        config_diff: { [`blocking.keys[${pass}]`]: { from: describeKey(old), to: describeKey(key) } },
      };
    }
    if (config.blocking.keys.length < 2) return null;
    next.blocking.keys.splice(pass, 1);
    return {
      config: next,
      rationale: `${why}: blocking degenerate and no unused column or stricter key would hold smaller blocks, drop the pass`,
      config_diff: { [`blocking.keys[${pass}]`]: { from: describeKey(old), to: null } },
    };
  },
};

/** Nothing was compared: add a pass on the best unused column so candidates exist at all. */
const blockingAddPass: Rule = {
  name: 'blocking_add_pass',
  apply(ctx) {
    if (ctx.signals.n_pairs_scored > 0) return null;
    const candidate = blockingCandidates(ctx)[0];
    if (!candidate) return null;
    const key = keyFor(candidate);
    const next = clone(ctx.config);
    next.blocking.keys.push(key);
    return {
      config: next,
      rationale: `no candidate pair was scored on ${ctx.signals.n_rows} rows: add the pass ${describeKey(key)}`,
      config_diff: { [`blocking.keys[${ctx.config.blocking.keys.length}]`]: { from: null, to: describeKey(key) } },
    };
  },
};

function folded(ref: FieldRef): string[] {
  return ['lowercase', 'normalize_whitespace', ...ref.transforms.filter((t) => t !== 'lowercase' && t !== 'normalize_whitespace')];
}

/** A compared or blocking column whose spellings differ only by case/whitespace gets case and whitespace folding. */
const corruptionNormalize: Rule = {
  name: 'corruption_normalize',
  apply(ctx) {
    if (ctx.verdict.health === 'green') return null;
    const next = clone(ctx.config);
    const diff: RuleProposal['config_diff'] = {};
    const columns: string[] = [];
    const fix = (ref: FieldRef, path: string): void => {
      const c = corruptionOf(ctx.priors, ref.field);
      if (c < CORRUPTION_MIN || ref.transforms.includes('lowercase')) return;
      const to = folded(ref);
      diff[path] = { from: [...ref.transforms], to };
      ref.transforms = to;
      const label = `${ref.field} (${c})`;
      if (!columns.includes(label)) columns.push(label);
    };
    next.matchkeys.forEach((m, i) => m.fields.forEach((f, j) => fix(f, `matchkeys[${i}].fields[${j}].transforms`)));
    next.blocking.keys.forEach((k, i) => k.fields.forEach((f, j) => fix(f, `blocking.keys[${i}].fields[${j}].transforms`)));
    // Crossed fields must keep sharing transforms: a folded one folds its partner.
    next.matchkeys.forEach((m, i) => {
      if (m.type !== 'weighted') return;
      for (const pair of m.swaps ?? []) {
        const [a, b] = pair.map((c) => m.fields.findIndex((f) => f.field === c));
        const foldedOne = [a, b].find((x) => m.fields[x].transforms.includes('lowercase'));
        if (foldedOne === undefined) continue;
        for (const x of [a, b]) {
          if (x === foldedOne || m.fields[x].transforms.join('|') === m.fields[foldedOne].transforms.join('|')) continue;
          diff[`matchkeys[${i}].fields[${x}].transforms`] = { from: [...m.fields[x].transforms], to: [...m.fields[foldedOne].transforms] };
          m.fields[x].transforms = [...m.fields[foldedOne].transforms];
        }
      }
    });
    if (columns.length === 0) return null;
    return {
      config: next,
      rationale: `health ${ctx.verdict.health}; corruption score ≥ ${CORRUPTION_MIN} on ${columns.join(', ')}: fold case and whitespace`,
      config_diff: diff,
    };
  },
};

function moveThreshold(ctx: RuleContext, delta: number, why: string): RuleProposal | null {
  const mk = ctx.config.matchkeys[0];
  if (!mk) return null;
  // To 0.001: the score valley sets a bin edge (0.825), and a threshold rounded past it loses the matches just above.
  const to = Math.round(Math.min(THRESHOLD_CEILING, Math.max(THRESHOLD_FLOOR, mk.threshold + delta)) * 1000) / 1000;
  if (to === mk.threshold) return null;
  const next = clone(ctx.config);
  next.matchkeys[0].threshold = to;
  return { config: next, rationale: `${why}: threshold ${mk.threshold} → ${to}`, config_diff: { 'matchkeys[0].threshold': { from: mk.threshold, to } } };
}

/** Candidates were scored but none matched: lower the threshold by 0.1 (floor 0.5). */
const noMatches: Rule = {
  name: 'no_matches',
  apply(ctx) {
    const s = ctx.signals;
    if (s.n_matched > 0 || s.n_pairs_scored === 0) return null;
    return moveThreshold(ctx, -0.1, `0 of ${s.n_pairs_scored} scored pairs matched`);
  },
};

/** Over-merging signs and a high-identity column not used positively: its disagreement becomes negative evidence. */
const negativeEvidence: Rule = {
  name: 'negative_evidence_promote',
  apply(ctx) {
    const s = ctx.signals;
    const overMerge = s.transitivity_rate < 0.85 || s.n_oversized_clusters > 0 || s.mass_in_borderline > 0.2;
    const mk = ctx.config.matchkeys[0];
    if (!overMerge || !mk) return null;
    const positive = positiveColumns(ctx.config);
    const present = new Set(mk.negative_evidence.map((n) => n.field));
    const added: NegativeEvidence[] = [];
    for (const prior of ctx.priors) {
      const profile = ctx.profiles.find((p) => p.column === prior.column);
      if (!profile || prior.identity_score < NE_IDENTITY || profile.distinctRatio < 0.5) continue;
      // A blocking pass on the column does not conflict: co-blocked rows agree on it, the others are never compared.
      if (positive.has(prior.column) || present.has(prior.column)) continue;
      added.push({ field: prior.column, transforms: ['lowercase', 'strip'], scorer: 'exact', threshold: NE_THRESHOLD, penalty: NE_PENALTY });
    }
    if (added.length === 0) return null;
    const next = clone(ctx.config);
    next.matchkeys[0].negative_evidence = [...mk.negative_evidence, ...added];
    return {
      config: next,
      rationale:
        `transitivity ${s.transitivity_rate}, ${s.n_oversized_clusters} oversized cluster(s), borderline ${s.mass_in_borderline}: ` +
        `high-identity ${added.map((a) => a.field).join(', ')} not compared positively, disagreement subtracts ${NE_PENALTY}`,
      config_diff: {
        'matchkeys[0].negative_evidence': {
          from: mk.negative_evidence.map((n) => n.field),
          to: next.matchkeys[0].negative_evidence.map((n) => n.field),
        },
      },
    };
  },
};

/** Whether the threshold sits at the dip of the score distribution: then the data has spoken and symptoms do not move it. */
function atValley(ctx: RuleContext): boolean {
  return sitsAtValley(ctx.config.matchkeys[0]?.threshold ?? 0, ctx.signals.score_valley);
}

/**
 * The scores dip clearly between a non-match hump and a match hump: the
 * threshold goes to the dip, where the data itself separates the two. Not
 * in a one-to-one linkage, whose threshold has another job.
 */
const scoreValleyThreshold: Rule = {
  name: 'score_valley',
  structural: true,
  apply(ctx) {
    const v = ctx.signals.score_valley;
    const mk = ctx.config.matchkeys[0];
    if (v === null || !mk || atValley(ctx) || isOneToOne(ctx)) return null;
    return moveThreshold(ctx, v - mk.threshold, `the pair scores dip at ${v} between the non-match and the match humps`);
  },
};

/** A raise of the threshold must lift transitivity at least this much to be worth another. */
const TRANSITIVITY_GAIN = 0.02;

/**
 * Whether a threshold raise by one of the symptom rules paid off, judged on
 * the runs before and after it. A raise that kept every match is never held
 * against the rule. One that lost matches pays off only if it treated its
 * symptom: transitivity up by {@link TRANSITIVITY_GAIN}, or the oversized
 * clusters at least halved. When it did not, the chains or large clusters
 * are the data's (entities whose records do not all resemble each other),
 * not the threshold's, and raising further only loses matches.
 */
const RAISE_PAYOFF: Readonly<Record<string, (before: HealthSignals, after: HealthSignals) => boolean>> = {
  low_transitivity: (before, after) =>
    before.n_matched <= after.n_matched || after.transitivity_rate - before.transitivity_rate >= TRANSITIVITY_GAIN,
  oversized_clusters: (before, after) =>
    before.n_matched <= after.n_matched || before.n_oversized_clusters === 0 || after.n_oversized_clusters <= before.n_oversized_clusters / 2,
};

/** Whether the previous change (if it was this rule's raise) paid off; true when there is no previous run. */
function lastRaisePaid(rule: string, ctx: RuleContext): boolean {
  return ctx.previous === null || RAISE_PAYOFF[rule](ctx.previous, ctx.signals);
}

/**
 * Below this share of bridges among the links of clusters of 3+, open
 * triples are the missing links of large groups held together many times
 * over, not chains: a higher threshold would only drop true links (Cora
 * 0.002, CDDB 0.21 at threshold 0.75).
 */
const CHAIN_BRIDGE_SHARE = 0.05;

/**
 * Matched links do not close into triangles: raise the threshold by 0.05
 * (ceiling 0.95), unless it sits at the score valley, or the last raise
 * did not pay off ({@link RAISE_PAYOFF}).
 */
const lowTransitivity: Rule = {
  name: 'low_transitivity',
  apply(ctx) {
    const s = ctx.signals;
    if (s.transitivity_rate >= 0.85 || s.bridge_share < CHAIN_BRIDGE_SHARE || atValley(ctx) || !lastRaisePaid('low_transitivity', ctx)) return null;
    return moveThreshold(ctx, 0.05, `transitivity ${s.transitivity_rate} < 0.85 with ${s.bridge_share} of the links in clusters of 3+ bridges`);
  },
};

/**
 * A cluster grew past the oversized limit: raise the threshold by 0.05
 * (ceiling 0.95), unless it sits at the score valley, or the last raise
 * did not pay off ({@link RAISE_PAYOFF}).
 */
const oversizedClusters: Rule = {
  name: 'oversized_clusters',
  apply(ctx) {
    const s = ctx.signals;
    // Without a joint (a bridge with 3+ rows on each side) an oversized cluster is one large entity, held together many times over.
    if (s.n_oversized_clusters === 0 || s.n_oversized_joints === 0 || atValley(ctx) || !lastRaisePaid('oversized_clusters', ctx)) return null;
    return moveThreshold(ctx, 0.05, `${s.n_oversized_clusters} oversized cluster(s), largest ${s.cluster_size_max}, joined at ${s.n_oversized_joints} bridge(s)`);
  },
};

/**
 * Clean tables are told from tables with duplicates of their own by
 * comparing with chance: were the rows dealt to the tables at random (one
 * deduplicated file split in two), a share Σ pₜ² of the matched pairs would
 * lie inside one table, and a table t's records would find their best
 * partner inside it with probability pₜ. Half of either is far from chance.
 */
const CHANCE_FRACTION = 0.5;
/**
 * Matches across tables pair off one to one when at least this share are
 * mutual best partners across, and that share beats the one among matches
 * inside tables by more than chance: a one-sided two-proportion z-test at
 * {@link ONE_TO_ONE_MIN_Z} standard errors (p ≈ 0.001). Rows dealt to tables
 * at random pair off alike inside and across, so the two shares differ only
 * by sampling noise; a fixed lead instead sat on its cut on the transactions
 * (57.3% against 47.3% of 11,670 and 6,569 pairs, z ≈ 13) and flipped with
 * any change to the first run. (Measured across/inside: 0.60–0.97 against
 * 0.03–0.38 on four clean linkage benchmarks; 0.05–0.28 against 0.07–0.41,
 * across never ahead, on three files with duplicates dealt at random to two
 * tables.)
 */
const ONE_TO_ONE_MIN_MUTUAL = 0.5;
const ONE_TO_ONE_MIN_Z = 3;
/**
 * And the lead must be at least this large: pairs that share records are
 * not independent draws, so the z-test's standard error is understated, and
 * over tens of thousands of pairs any systematic difference of a few points
 * would pass it. Half the former fixed lead, which the transactions (0.100)
 * clear twice over.
 */
const ONE_TO_ONE_MIN_LEAD = 0.05;
/** Fewer matched pairs across tables than this say nothing about how they pair off. */
const MIN_ACROSS_PAIRS = 20;

/**
 * How many standard errors the share `k1 / n1` leads `k2 / n2` by, under the
 * pooled two-proportion z-test (the null: both drawn from one share).
 * With no pairs inside (`n2` 0) the share across is compared with 0 on
 * `n1` alone; infinite when that share is 1. 0 when `n1` is 0.
 *
 * @example
 * proportionLeadZ(90, 100, 20, 100); // ≈ 9.9
 */
export function proportionLeadZ(k1: number, n1: number, k2: number, n2: number): number {
  if (n1 === 0) return 0;
  const p1 = k1 / n1;
  const p2 = n2 > 0 ? k2 / n2 : 0;
  // No matches inside at all: nothing inside pairs off, so the share across is compared with 0 on n1 alone.
  const pooled = n2 > 0 ? (k1 + k2) / (n1 + n2) : p1;
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + (n2 > 0 ? 1 / n2 : 0)));
  if (se === 0) return p1 > p2 ? Infinity : 0;
  return (p1 - p2) / se;
}

const leadText = (z: number): string => (Number.isFinite(z) ? `a lead of ${round2(z)} standard errors` : 'a lead no sampling noise explains');

/**
 * Stacked tables none of which holds duplicates of its own: compare only
 * across tables (`link_only`), and since an entity then has at most one
 * record per table, no cluster may hold more records than there are tables.
 * The tables are clean when any of three tests says so: far fewer matched
 * pairs inside tables than chance puts there; the matches across tables
 * pair off one to one, clearly more than those inside do (copies inside a
 * table would match across many to many, and rows dealt at random pair off
 * alike inside and across), so the matches inside are look-alikes; or a
 * table's records find their best partner inside it far less often than
 * chance.
 */
const linkOnlyCleanSources: Rule = {
  name: 'link_only_clean_sources',
  structural: true,
  apply(ctx) {
    const { config, signals: s, source } = ctx;
    if (!config.link || config.link.mode !== 'link_and_dedupe' || !source) return null;
    const total = s.n_matched_within_source + s.n_matched_across_sources;
    if (s.n_matched_across_sources === 0) return null;
    const chanceWithin = Object.values(s.table_shares).reduce((sum, p) => sum + p * p, 0);
    const fewInside = s.n_matched_within_source <= CHANCE_FRACTION * chanceWithin * total;
    const mutualAcross = s.n_mutual_best_across / s.n_matched_across_sources;
    const mutualWithin = s.n_matched_within_source > 0 ? s.n_mutual_best_within / s.n_matched_within_source : 0;
    const lead = proportionLeadZ(s.n_mutual_best_across, s.n_matched_across_sources, s.n_mutual_best_within, s.n_matched_within_source);
    const oneToOne =
      s.n_matched_across_sources >= MIN_ACROSS_PAIRS && mutualAcross >= ONE_TO_ONE_MIN_MUTUAL && mutualAcross - mutualWithin >= ONE_TO_ONE_MIN_LEAD && lead >= ONE_TO_ONE_MIN_Z;
    const linked = Object.entries(s.best_partner_across).filter(([t, share]) => 1 - share < CHANCE_FRACTION * (s.table_shares[t] ?? 0));
    if (!fewInside && !oneToOne && linked.length === 0) return null;
    const next = clone(config);
    const maxSize = Math.min(config.clustering.max_cluster_size, source.values.length);
    next.link = { source_column: config.link.source_column, mode: 'link_only' };
    next.clustering.max_cluster_size = maxSize;
    // Only pairs across the tables are compared from now on, which is what the anchors measured the fields on.
    const mk = next.matchkeys[0];
    const changed = mk?.type === 'weighted' && ctx.anchored ? withAnchoredWeights(mk.fields, ctx.anchored) : null;
    if (mk?.type === 'weighted' && changed !== null) mk.fields = changed.fields;
    const moved = changed?.changed ?? [];
    const weighed =
      moved.length === 0
        ? ''
        : `; each field weighs by how far its scorer lifts the record pairs the tables' words pair up above chance: ` +
          moved.map(({ entry }) => weightMove(entry)).join(', ');
    const evidence = fewInside
      ? `${s.n_matched_within_source} of ${total} matched pairs lie inside one table of ${source.column}, ` +
        `at most half the ${round2(chanceWithin * 100)}% that rows dealt to tables at random would put there`
      : oneToOne
        ? `${round2(mutualAcross * 100)}% of ${s.n_matched_across_sources} matched pairs across the tables of ${source.column} are each other's best partner there, ` +
          `${round2(mutualWithin * 100)}% of ${s.n_matched_within_source} inside one table (${leadText(lead)}): matches across pair off one to one, those inside are look-alikes`
        : `records of ${linked.map(([t, share]) => `${source.column} = ${t} (${round2(share * 100)}%)`).join(', ')} find their best partner in another table; ` +
          `inside their own they find it less than half as often as chance would`;
    return {
      config: next,
      rationale:
        `${evidence}: the ${source.values.length} tables are linked, not deduplicated, ` +
        `so compare across tables only and allow at most one record per table in a cluster${weighed}`,
      config_diff: {
        'link.mode': { from: 'link_and_dedupe', to: 'link_only' },
        'clustering.max_cluster_size': { from: config.clustering.max_cluster_size, to: maxSize },
        ...Object.fromEntries(moved.map(({ index, entry: e }) => [`matchkeys[0].fields[${index}].weight`, { from: e.weight_before, to: e.weight_after }])),
      },
    };
  },
};

/**
 * Once stacked tables are compared only across (`link_only`), a blocking
 * pass costs only its pairs across the tables, often half or less of what
 * v0's budget charged it: the passes that now fit the budget, and hold no
 * block over 10% of the rows, are added after the ones in place (a
 * product's brand as first word, too common when every pair of a shop's
 * own listings counted).
 */
const acrossTablesBlocking: Rule = {
  name: 'across_tables_blocking',
  structural: true,
  apply(ctx) {
    const { config, source } = ctx;
    if (config.link?.mode !== 'link_only' || source === null) return null;
    const current = config.blocking.keys;
    // Priced on the uniform sample for the whole table: the block sample keeps the first pass's blocks whole, so it would overprice that pass.
    const chosen = chooseBlocking(ctx.uniform, usableProfiles(ctx.profiles, source), { acrossColumn: source.column, keep: current, tableRows: ctx.tableRows, probe: ctx.probe });
    // A pass that fits the budget may still hold a degenerate block on a small sample; blocking_key_swap would take it out again.
    const added = chosen.slice(current.length).filter((k) => holdsNoDegenerateBlock(ctx.sample, k));
    const keys = [...current, ...added];
    if (added.length === 0) return null;
    const next = clone(config);
    next.blocking.keys = keys;
    return {
      config: next,
      rationale:
        `compared only across the tables of ${source.column}, a pass costs only its pairs across them: ` +
        `${added.map(describeKey).join(', ')} now fit${added.length === 1 ? 's' : ''} the blocking budget`,
      config_diff: { 'blocking.keys': { from: current.map(describeKey), to: keys.map(describeKey) } },
    };
  },
};

/** The threshold of a one-to-one linkage: half the score scale. */
const ONE_TO_ONE_THRESHOLD = 0.5;

/**
 * Once tables are linked one to one (link_only, at most one record per table
 * in a cluster), a record keeps only its strongest link across tables, so
 * the threshold no longer has to tell a record's counterpart from its
 * look-alikes, only a record that has a counterpart from one that has none:
 * it comes down to half the scale.
 */
function isOneToOne(ctx: RuleContext): boolean {
  return oneToOne(ctx.config, ctx.source);
}

/**
 * Whether a configuration links its tables one to one: link_only, and no
 * cluster may hold more records than there are tables.
 *
 * @example
 * oneToOne(config, setup.source); // true once link_only_clean_sources has capped the clusters
 */
export function oneToOne(config: Config, source: SourceColumn | null): boolean {
  return config.link?.mode === 'link_only' && source !== null && config.clustering.max_cluster_size <= source.values.length;
}

const oneToOneThreshold: Rule = {
  name: 'one_to_one_threshold',
  structural: true,
  apply(ctx) {
    const { config } = ctx;
    if (!isOneToOne(ctx)) return null;
    const mk = config.matchkeys[0];
    if (!mk || mk.threshold <= ONE_TO_ONE_THRESHOLD) return null;
    return moveThreshold(ctx, ONE_TO_ONE_THRESHOLD - mk.threshold, 'one-to-one linkage: a record keeps only its strongest link across tables');
  },
};

/** A column whose values agree on at least this share of matched pairs is near-certain to agree on a true match. */
const STABLE_AGREEMENT = 0.8;
/** Disagreement must be at least this many bits of evidence against a match, `log2((1 − m) / (1 − u))`, to become negative evidence. */
const STABLE_MIN_BITS = 2;
/** Bits of evidence a field of weight 1 carries when it agrees (initial-config's scale). */
const STABLE_FULL_BITS = 10;
const STABLE_MIN_PENALTY = 0.02;
const STABLE_MAX_PENALTY = 0.5;
/** Columns with more distinct values than this are identifiers, not categories, for this rule. */
const STABLE_MAX_DISTINCT = 200;

/**
 * A column that matched pairs nearly always agree on, while random pairs
 * often do not (a year, a category), says little when it agrees but a lot
 * when it differs; a weighted mean cannot express that, so its disagreement
 * becomes negative evidence whose penalty is the Fellegi–Sunter weight of
 * disagreement, `log2((1 − m) / (1 − u))` bits (m the agreement rate among
 * matched pairs, u the chance two random rows agree), as a share of the
 * bits all compared fields carry when they agree (Σ weight × 10): the same
 * evidence counts for less in a record with many agreeing fields.
 */
const stableColumnEvidence: Rule = {
  name: 'stable_column_evidence',
  structural: true,
  apply(ctx) {
    const mk = ctx.config.matchkeys[0];
    if (!mk || ctx.signals.n_matched < 20) return null;
    const present = new Set(mk.negative_evidence.map((n) => n.field));
    const added: NegativeEvidence[] = [];
    const why: string[] = [];
    // The weighted mean's full scale is all fields agreeing: the sum of their agreement bits (weights are bits / 10).
    const totalBits = Math.max(1, mk.fields.reduce((sum, f) => sum + ('weight' in f ? f.weight : 1), 0) * STABLE_FULL_BITS);
    for (const f of mk.fields) {
      const m = ctx.signals.matched_agreement[f.field];
      const profile = ctx.profiles.find((p) => p.column === f.field);
      // Only exactly compared columns: a typo-tolerant scorer already gives a near-miss partial credit.
      if (!('scorer' in f) || f.scorer !== 'exact' || m === undefined || !profile || present.has(f.field) || m < STABLE_AGREEMENT) continue;
      // Few values only (a year, a venue, a state): on a distinctive column, agreement among matches mostly echoes its own weight.
      if (profile.distinct > STABLE_MAX_DISTINCT) continue;
      const bits = Math.log2(Math.max(1 - m, 1e-3) / Math.max(1 - profile.collision, 1e-3));
      if (-bits < STABLE_MIN_BITS) continue;
      const penalty = round2(Math.max(STABLE_MIN_PENALTY, Math.min(STABLE_MAX_PENALTY, -bits / totalBits)));
      added.push({ field: f.field, transforms: [...f.transforms], scorer: 'exact', threshold: NE_THRESHOLD, penalty });
      present.add(f.field);
      why.push(`${f.field} (agrees on ${round2(m * 100)}% of matches, ${round2(profile.collision * 100)}% of random pairs: ${round2(bits)} bits)`);
    }
    if (added.length === 0) return null;
    const next = clone(ctx.config);
    next.matchkeys[0].negative_evidence = [...mk.negative_evidence, ...added];
    return {
      config: next,
      rationale: `disagreement is strong evidence against a match on ${why.join(', ')}: it subtracts a penalty`,
      config_diff: {
        'matchkeys[0].negative_evidence': {
          from: mk.negative_evidence.map((n) => n.field),
          to: next.matchkeys[0].negative_evidence.map((n) => `${n.field} −${n.penalty}`),
        },
      },
    };
  },
};

/**
 * The rules in the order the controller asks them; the first one that fires
 * (with a configuration not tried before) is applied.
 *
 * @example
 * RULES.map((r) => r.name); // ['blocking_key_swap', 'blocking_add_pass', ...]
 */
export const RULES: readonly Rule[] = [
  linkOnlyCleanSources,
  acrossTablesBlocking,
  oneToOneThreshold,
  stableColumnEvidence,
  scoreValleyThreshold,
  blockingKeySwap,
  blockingAddPass,
  corruptionNormalize,
  noMatches,
  negativeEvidence,
  lowTransitivity,
  oversizedClusters,
];
