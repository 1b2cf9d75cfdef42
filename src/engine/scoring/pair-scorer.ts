/** The one scorer of kindred: scores a pair under every matchkey and picks the deciding one, for the worker hot loop, /match, /explain and the review queue alike. */
import type { Config, FieldRef, Matchkey, ScoredField } from '../../config/types.js';
import type { FieldDictionary } from '../fields/field-dictionary.js';
import { fieldKey, stringToCodes } from '../fields/field-dictionary.js';
import { createScorer } from '../scorers/registry.js';
import type { BoundScorer } from '../scorers/types.js';
import { compileTransforms } from '../transforms/registry.js';
import { cacheComparisons, SLOT_BITS } from './comparison-cache.js';
import { optimisationOn } from './optimisation-switches.js';
import { applyPenalties, decide, MISSING, PRUNE_SLACK, reaches, THRESHOLD_EPSILON, weightedMean } from './matchkey-math.js';
import { bestReading, MAX_SWAPS, swapLayout, type RarityShares, type SwapLayout } from './swap-readings.js';
import { ValueRarity } from './value-rarity.js';
import { fillRecordRows, rowRecordSlots } from './row-records.js';
import { compileWeightedFill, FILLED, type WeightedFill } from './weighted-fill.js';

/** Looks up the prepared field of a reference. */
export type FieldLookup = (ref: FieldRef) => FieldDictionary;

/**
 * A trained probabilistic model as the scorer needs it (see
 * src/engine/probabilistic): a normalised [0, 1] score for two rows, and for
 * two value vectors in the matchkey's field order, plus per-field details.
 */
export interface ProbabilisticScoring {
  scoreRows(a: number, b: number): number;
  scoreValues(a: ReadonlyArray<string | null>, b: ReadonlyArray<string | null>): number;
  explainValues(
    a: ReadonlyArray<string | null>,
    b: ReadonlyArray<string | null>,
  ): Array<{ similarity: number | null; weight: number; level: number }>;
}

interface CompiledField {
  ref: FieldRef;
  key: string;
  dict: FieldDictionary;
  ids: Int32Array;
  /** Position of this field's id in a row's record (see `useRowRecords`); fields of the same key share it. */
  slot: number;
  scorer: BoundScorer | null;
  /** The scorer the row path calls: `scorer`, or it behind a comparison cache once `useComparisonCache` ran. */
  compare: BoundScorer | null;
  /** The `exact` scorer: distinct ids are distinct values, so they score 0 without a call. */
  idsOnly: boolean;
  scorerName: string;
  weight: number;
}

interface CompiledMatchkey {
  name: string;
  type: Matchkey['type'];
  threshold: number;
  /** Lower edge of the review band around this matchkey's threshold. */
  lo: number;
  /** Pairs deciding on this matchkey below this score are not kept. */
  keepCutoff: number;
  fields: CompiledField[];
  weights: Float64Array;
  /** The least weight a weighted mean is taken over (`min_weight`; 0 for other types). */
  minWeight: number;
  /** With `min_weight_by_rarity`: each field's value shares (see `weightedMean`); null without it. */
  rarity: ValueRarity[] | null;
  /** Fields in evaluation order (cheap exact fields first, swapped ones last, heavier first within each) and the weight still to come after each. */
  evalOrder: Int32Array;
  weightAfter: Float64Array;
  /** Declared swaps (weighted only; null when none). */
  swaps: SwapLayout | null;
  /** Positions of `evalOrder` before the first swapped field: a bound from there on holds for every reading. */
  pruneBefore: number;
  negatives: CompiledField[];
  neThresholds: Float64Array;
  nePenalties: Float64Array;
  model: ProbabilisticScoring | null;
  /** The row loop compiled for the row records (weighted, without rarity shares), once built; null for the generic loop. */
  fill: WeightedFill | null;
}

/** A record to compare that is not (necessarily) a row of the table: its transformed value per field key. */
export type PreparedQuery = Map<string, string | null>;

/** One field of a query laid out for scoring: its value and, once a row holding that value was seen, the value's dictionary id. */
interface QuerySlot {
  value: string | null;
  /**
   * The value's dictionary id: {@link UNKNOWN_ID} until known, {@link ABSENT_ID}
   * when no row holds the value. Ids are unique per distinct value, so a row
   * with this id holds exactly this value, and a row with another id does not.
   */
  id: number;
  /** The value's code points, when the field's scorer reads code points (see `BoundScorer.codesId`); else null. */
  codes: Uint32Array | null;
  /** The value's rarity share in its own field (`min_weight_by_rarity`), once asked; NaN until then. */
  share: number;
}

/** A query slot whose value's id is not known yet. */
const UNKNOWN_ID = -1;
/** A query slot whose value no row holds (its dictionary has no id for it). */
const ABSENT_ID = -2;

/**
 * A {@link PreparedQuery} laid out per matchkey (fields, then negative
 * evidence), for scoring one query against many rows: no lookup by field key
 * per row, and a row value equal to the query's is recognised by its id
 * instead of being decoded and compared as a string.
 *
 * @example
 * const layout = scorer.layoutQuery(scorer.prepareQuery(record));
 * for (const row of candidates) if (scorer.scoreLayout(layout, row) && scorer.matched) keep(row);
 */
export interface QueryLayout {
  readonly fields: QuerySlot[][];
  readonly negatives: QuerySlot[][];
}

/** One field of an explanation. */
export interface FieldExplanation {
  field: string;
  scorer: string;
  score: number | null;
  weight: number;
  value_a: string | null;
  value_b: string | null;
  penalty?: number;
  /**
   * Set when the matchkey read this field crossed (a declared swap): the
   * column of record b it was compared with, whose value `value_b` is.
   */
  compared_with?: string;
  /**
   * Set when the matchkey counts its evidence floor by rarity
   * (`min_weight_by_rarity`) and both values are present: the share of
   * `weight` this field counts toward `min_weight`, the rarity of the
   * commoner of the two values (1 for a rare value).
   */
  rarity_share?: number;
}

/**
 * A weighted matchkey's evidence floor as it applied to one pair: the
 * weights of the fields present on both sides (each times its rarity share
 * when counted by rarity), against the `min_weight` asked. When `counted`
 * is under `min_weight`, the weighted mean's denominator grows by the
 * difference.
 *
 * @example
 * const floor: EvidenceFloor = { min_weight: 1.2, counted: 0.74 }; // the score is Σ w·s / (Σ w + 0.46)
 */
export interface EvidenceFloor {
  min_weight: number;
  counted: number;
}

/** The full scoring of one pair. */
export interface PairExplanation {
  score: number;
  threshold: number;
  isMatch: boolean;
  matchkey: string;
  fields: FieldExplanation[];
  /** Present for a weighted matchkey with `min_weight` above 0. */
  evidence_floor?: EvidenceFloor;
}

/** Reads the transformed value of a field for one side of a comparison. */
type ValueSource = (f: CompiledField) => string | null;

/**
 * Compiles a configuration against the prepared fields of a run. After
 * `scoreRows` / `scoreQuery`, the outcome is in `score`, `decider` and
 * `matched` (fields, not a returned object, so the hot loop allocates nothing).
 *
 * @example
 * const scorer = new PairScorer(config, (ref) => fields.get(ref));
 * if (scorer.scoreRows(3, 17)) console.log(scorer.score, scorer.matched);
 */
export class PairScorer {
  readonly matchkeys: CompiledMatchkey[];
  score = 0;
  decider = 0;
  matched = false;
  private readonly scores: Float64Array;
  private readonly thresholds: Float64Array;
  private readonly exact: boolean[];
  private readonly sims: Float64Array;
  /** Scratch of {@link bestReading}: crossed similarities per swap, and one reading's similarities and weights. */
  private readonly crossLeft = new Float64Array(MAX_SWAPS);
  private readonly crossRight = new Float64Array(MAX_SWAPS);
  private readonly reading: { sims: Float64Array; weights: Float64Array; shares: Float64Array };
  /** Scratch of `min_weight_by_rarity`: the pair's value shares, as written and per crossed comparison. */
  private readonly rarityShares: RarityShares;
  /** The readings that gave the last swapped score (bit k: swap k crossed). */
  private readonly readingOut = { mask: 0 };
  /** Scratch for negative-evidence similarities (shared with the row path). */
  readonly neSims: Float64Array;
  /** Pruning is exact only when at most one matchkey can be the non-accepting decider. */
  private readonly prune: boolean;
  private readonly transformCache = new Map<string, (v: string | null) => string | null>();
  private readonly transformByRef = new WeakMap<FieldRef, (v: string | null) => string | null>();
  /** The id arrays of the distinct fields, by slot. */
  private readonly slotIds: Int32Array[];
  /** Row-major copy of every field's ids (`records[row * stride + slot]`), once `useRowRecords` built it. */
  private records: Int32Array | null = null;
  private stride = 0;

  constructor(config: Config, lookup: FieldLookup, models: ReadonlyMap<string, ProbabilisticScoring> = new Map()) {
    const maxFields = Math.max(1, ...config.matchkeys.map((m) => Math.max(m.fields.length, m.negative_evidence.length)));
    this.sims = new Float64Array(maxFields);
    this.neSims = new Float64Array(maxFields);
    this.reading = { sims: new Float64Array(maxFields), weights: new Float64Array(maxFields), shares: new Float64Array(maxFields) };
    this.rarityShares = { shares: new Float64Array(maxFields), crossLeft: new Float64Array(MAX_SWAPS), crossRight: new Float64Array(MAX_SWAPS) };
    this.matchkeys = config.matchkeys.map((mk) => compileMatchkey(mk, config, lookup, models.get(mk.name) ?? null));
    this.scores = new Float64Array(this.matchkeys.length);
    this.thresholds = Float64Array.from(this.matchkeys.map((m) => m.threshold));
    this.exact = this.matchkeys.map((m) => m.type === 'exact');
    this.prune = this.matchkeys.filter((m) => m.type !== 'exact').length <= 1 && optimisationOn('prune');
    const keys = rowRecordSlots(config);
    const slots = new Map(keys.map((key, slot) => [key, slot]));
    const ids = new Map<string, Int32Array>();
    for (const mk of this.matchkeys) {
      for (const f of [...mk.fields, ...mk.negatives]) {
        f.slot = slots.get(f.key) as number;
        ids.set(f.key, f.ids);
      }
    }
    this.slotIds = keys.map((key) => ids.get(key) as Int32Array);
  }

  /**
   * Copies every field's row ids into one row-major array, so scoring a pair
   * reads each row's ids from one or two cache lines instead of one line per
   * field (with many small blocks, rows are visited in no useful order and
   * those cache misses dominated the worker loop). Costs 4 bytes per row
   * and field; worth it only where many pairs are scored. With `shared`
   * (records filled by the pool's `fillRowRecords` tasks for this run, once
   * for all workers), they are read from there instead of
   * copied in this thread. Scores do not change. Calling it again does
   * nothing.
   *
   * @example
   * scorer.useRowRecords(); // once per worker, before the hot loop
   * scorer.useRowRecords(new Int32Array(input.records)); // the copy the pool filled for this run
   */
  useRowRecords(shared?: Int32Array): void {
    if (this.records !== null || this.slotIds.length === 0) return;
    const stride = this.slotIds.length;
    const rows = this.slotIds[0].length;
    if (shared !== undefined && shared.length !== rows * stride) {
      throw new Error(`row records hold ${shared.length} ids, expected ${rows} rows × ${stride} fields`);
    }
    let records = shared;
    if (records === undefined) {
      records = new Int32Array(rows * stride);
      fillRecordRows(records, this.slotIds, 0, rows);
    }
    this.records = records;
    this.stride = stride;
    this.compileFills();
  }

  /**
   * Reads every scored field's id of each row in `rows` once, before they
   * are scored. The rows of a /match are scattered over the table, so each
   * read is a cache miss; in this tight loop the misses are independent and
   * overlap, where inside the scoring loop they are paid one after another.
   * Returns a checksum only so the reads cannot be optimised away.
   *
   * @example
   * scorer.touchRows(candidates); // then score each candidate
   */
  touchRows(rows: Int32Array): number {
    let sum = 0;
    for (const ids of this.slotIds) for (let i = 0; i < rows.length; i++) sum ^= ids[rows[i]];
    return sum;
  }

  /**
   * Puts a {@link cacheComparisons} cache in front of every similarity
   * scorer of the row path but those of {@link UNCACHED_SCORERS}, for the
   * worker hot loop where value pairs repeat. Scores do not change.
   * Calling it again does nothing. `slotBits` sizes the caches (tests make
   * them tiny, to collide often).
   *
   * @example
   * scorer.useComparisonCache(); // once per worker, before the hot loop
   */
  useComparisonCache(slotBits = SLOT_BITS): void {
    if (!optimisationOn('comparison-cache')) return;
    let cached = false;
    for (const mk of this.matchkeys) {
      for (const f of [...mk.fields, ...mk.negatives]) {
        if (f.scorer !== null && !UNCACHED_SCORERS.has(f.scorerName) && f.compare === f.scorer) {
          f.compare = cacheComparisons(f.scorer, slotBits);
          cached = true;
        }
      }
    }
    // The score queue calls this before every task: a recompiled loop would start cold each time.
    if (cached) this.compileFills();
  }

  /**
   * Compiles each weighted matchkey's row loop for the row records
   * (`weighted-fill.ts`): the generic loop reads every field's slot, weight
   * and bound from objects for each pair, where the compiled one has them as
   * literals, which measured several times faster per pair on rows already
   * in cache. The same similarities and bounds, so scores do not change.
   * Rebuilt when the records or the comparison caches change; skipped for
   * `min_weight_by_rarity`, whose shares the generic loop keeps.
   */
  private compileFills(): void {
    const records = this.records;
    for (const mk of this.matchkeys) {
      mk.fill = null;
      if (records === null || mk.type !== 'weighted' || mk.rarity !== null || !optimisationOn('weighted-fill')) continue;
      const steps = Array.from(mk.evalOrder, (fi, i) => {
        const f = mk.fields[fi];
        return { field: fi, slot: f.slot, weight: f.weight, idsOnly: f.idsOnly, compare: f.compare, restAfter: this.prune && i < mk.pruneBefore ? mk.weightAfter[i] : null };
      });
      mk.fill = compileWeightedFill({ steps, keepCutoff: mk.keepCutoff, minWeight: mk.minWeight }, records, this.stride, this.sims);
    }
  }

  /** The value id of field `f` in row `row` (−1 when missing), from the row records when built. */
  rowId(f: CompiledField, row: number): number {
    const records = this.records;
    return records === null ? f.ids[row] : records[row * this.stride + f.slot];
  }

  /**
   * Scores two rows of the table (the hot loop). Returns whether the pair is
   * kept: matched, or scoring at or above its deciding matchkey's review lower
   * edge. The score of a pair that is not kept may be a bound, not exact.
   */
  scoreRows(x: number, y: number): boolean {
    const mks = this.matchkeys;
    for (let k = 0; k < mks.length; k++) {
      const mk = mks[k];
      if (mk.type === 'exact') this.scores[k] = this.exactRows(mk, x, y);
      else if (mk.type === 'weighted') this.scores[k] = this.weightedRows(mk, x, y);
      else this.scores[k] = applyNegativesRows(this, mk, (mk.model as ProbabilisticScoring).scoreRows(x, y), x, y);
    }
    return this.finish();
  }

  /** Scores a prepared query record against a row (for /match). */
  scoreQuery(q: PreparedQuery, y: number): boolean {
    return this.scoreLayout(this.layoutQuery(q), y);
  }

  /**
   * Lays a prepared query out for {@link scoreLayout} (once per query,
   * however many rows it is scored against). With `idOf`, the values of
   * exact-compared fields get their dictionary ids up front, so a row with a
   * different value scores 0 on such a field by id alone, without decoding
   * its string: worth it when the query meets several rows.
   */
  layoutQuery(q: PreparedQuery, idOf?: (dict: FieldDictionary, value: string) => number): QueryLayout {
    const slot = (f: CompiledField): QuerySlot => {
      const value = q.get(f.key) ?? null;
      const codes = value !== null && f.scorer?.codesId !== undefined ? stringToCodes(value) : null;
      if (idOf === undefined || value === null || f.scorerName !== 'exact') return { value, id: UNKNOWN_ID, codes, share: Number.NaN };
      const id = idOf(f.dict, value);
      return { value, id: id < 0 ? ABSENT_ID : id, codes, share: Number.NaN };
    };
    return { fields: this.matchkeys.map((mk) => mk.fields.map(slot)), negatives: this.matchkeys.map((mk) => mk.negatives.map(slot)) };
  }

  /**
   * Whether a laid-out query matches a row (some matchkey accepts it), for
   * /match, which keeps only matches. When it does, `score`, `decider` and
   * `matched` are exactly those of {@link scoreLayout}. A weighted matchkey
   * stops comparing fields once even perfect agreement on the rest could
   * not bring it to its threshold (its score is then that bound, and
   * `matched` is still exact: the true score is at most the bound).
   */
  matchLayout(layout: QueryLayout, y: number): boolean {
    const mks = this.matchkeys;
    for (let k = 0; k < mks.length; k++) {
      const mk = mks[k];
      this.scores[k] =
        mk.type === 'weighted' ? this.weightedLayout(mk, layout.fields[k], layout.negatives[k], y) : this.matchkeyLayout(mk, layout.fields[k], layout.negatives[k], y);
    }
    this.finish();
    return this.matched;
  }

  /**
   * Scores a laid-out query against a row: the same numbers as
   * {@link scoreQuery} (and so as the row path), with equal values found by
   * dictionary id. The layout learns the ids of its values from the rows it
   * meets, so it is meant for one query's candidates.
   */
  scoreLayout(layout: QueryLayout, y: number): boolean {
    const mks = this.matchkeys;
    for (let k = 0; k < mks.length; k++) this.scores[k] = this.matchkeyLayout(mks[k], layout.fields[k], layout.negatives[k], y);
    return this.finish();
  }

  /**
   * Scores a pair whose sides are rows or prepared queries (a changed
   * record is a query: its row's prepared ids hold the loaded values).
   * Same numbers and the same kept/matched outcome as {@link scoreRows}
   * for the same values, with `score` always exact.
   *
   * @example
   * if (scorer.scorePair(3, scorer.prepareQuery(record))) edges.set(3, scorer.score);
   */
  scorePair(a: number | PreparedQuery, b: number | PreparedQuery): boolean {
    const srcA: ValueSource = typeof a === 'number' ? (f) => rowValue(f, a) : (f) => a.get(f.key) ?? null;
    const srcB: ValueSource = typeof b === 'number' ? (f) => rowValue(f, b) : (f) => b.get(f.key) ?? null;
    return this.scoreSources(srcA, srcB);
  }

  /** Scores two value sources; same numbers as {@link scoreRows} for the same values. */
  private scoreSources(a: ValueSource, b: ValueSource): boolean {
    const mks = this.matchkeys;
    for (let k = 0; k < mks.length; k++) this.scores[k] = this.matchkeyValues(mks[k], a, b, null);
    return this.finish();
  }

  private finish(): boolean {
    const d = decide(this.scores, this.thresholds, this.exact, this.matchkeys.length);
    this.decider = d;
    this.score = this.scores[d];
    this.matched = reaches(this.score, this.thresholds[d]);
    return this.matched || this.score >= this.matchkeys[d].lo;
  }

  /**
   * The keys a {@link PreparedQuery} of this scorer holds, in the order
   * {@link prepareQuery} sets them (each once).
   *
   * @example
   * scorer.queryKeys(); // ['given_name', 'surname', ...]
   */
  queryKeys(): string[] {
    const keys = new Set<string>();
    for (const mk of this.matchkeys) {
      for (const f of mk.fields) keys.add(f.key);
      for (const f of mk.negatives) keys.add(f.key);
    }
    return [...keys];
  }

  /**
   * Transforms a raw record (column → value) into a {@link PreparedQuery}
   * with the same transform chains as the configured fields.
   */
  prepareQuery(record: Readonly<Record<string, string | null>>): PreparedQuery {
    const q: PreparedQuery = new Map();
    for (const mk of this.matchkeys) {
      for (const f of mk.fields) if (!q.has(f.key)) q.set(f.key, this.transformValue(f.ref, record[f.ref.field] ?? null));
      for (const f of mk.negatives) if (!q.has(f.key)) q.set(f.key, this.transformValue(f.ref, record[f.ref.field] ?? null));
    }
    return q;
  }

  /** Applies a field reference's transform chain to one raw value (cached compiled chains). */
  transformValue(ref: FieldRef, raw: string | null): string | null {
    // Configuration references are long-lived objects: found by identity, a chain costs no key string per value.
    let t = this.transformByRef.get(ref);
    if (!t) {
      const key = fieldKey(ref.field, ref.transforms);
      t = this.transformCache.get(key);
      if (!t) this.transformCache.set(key, (t = compileTransforms(ref.transforms)));
      this.transformByRef.set(ref, t);
    }
    return t(raw);
  }

  /**
   * Explains a pair: both sides are rows (`number`) or prepared queries;
   * `rawA`/`rawB` give the values as written, for display.
   */
  explain(
    a: number | PreparedQuery,
    b: number | PreparedQuery,
    rawA: Readonly<Record<string, string | null>>,
    rawB: Readonly<Record<string, string | null>>,
  ): PairExplanation {
    this.scorePair(a, b);
    const srcA: ValueSource = typeof a === 'number' ? (f) => rowValue(f, a) : (f) => a.get(f.key) ?? null;
    const srcB: ValueSource = typeof b === 'number' ? (f) => rowValue(f, b) : (f) => b.get(f.key) ?? null;
    const mk = this.matchkeys[this.decider];
    const details: FieldExplanation[] = [];
    this.matchkeyValues(mk, srcA, srcB, details);
    for (const d of details) {
      d.value_a = rawA[d.field] ?? null;
      d.value_b = rawB[d.compared_with ?? d.field] ?? null;
    }
    const explanation: PairExplanation = { score: this.score, threshold: mk.threshold, isMatch: this.matched, matchkey: mk.name, fields: details };
    if (mk.type === 'weighted' && mk.minWeight > 0) explanation.evidence_floor = evidenceFloor(details, mk.minWeight);
    return explanation;
  }

  private exactRows(mk: CompiledMatchkey, x: number, y: number): number {
    for (const f of mk.fields) {
      const ix = this.rowId(f, x);
      if (ix < 0 || ix !== this.rowId(f, y)) return 0;
    }
    return applyNegativesRows(this, mk, 1, x, y);
  }

  private weightedRows(mk: CompiledMatchkey, x: number, y: number): number {
    const bound = mk.fill !== null ? mk.fill(x, y) : this.fillRows(mk, x, y);
    if (bound !== FILLED) return bound;
    const base = mk.swaps === null ? weightedMean(this.sims, mk.weights, mk.fields.length, mk.minWeight, this.sharesOf(mk)) : this.swappedRows(mk, x, y);
    return applyNegativesRows(this, mk, base, x, y);
  }

  /**
   * The generic row loop of a weighted matchkey (what `mk.fill` compiles):
   * fields in evaluation order into `sims`; returns the best score the pair
   * could still reach as soon as it falls below the cutoff, else `FILLED`.
   */
  private fillRows(mk: CompiledMatchkey, x: number, y: number): number {
    const sims = this.sims;
    const order = mk.evalOrder;
    let num = 0;
    let den = 0;
    for (let i = 0; i < order.length; i++) {
      const fi = order[i];
      const f = mk.fields[fi];
      const ix = this.rowId(f, x);
      const iy = this.rowId(f, y);
      if (ix < 0 || iy < 0) {
        sims[fi] = MISSING;
      } else {
        const s = ix === iy ? 1 : f.idsOnly ? 0 : (f.compare as BoundScorer).ids(ix, iy);
        sims[fi] = s;
        num += f.weight * s;
        den += f.weight;
        if (mk.rarity !== null) this.rarityShares.shares[fi] = Math.min(mk.rarity[fi].ofId(ix), mk.rarity[fi].ofId(iy));
      }
      if (this.prune && i < mk.pruneBefore) {
        // Best case: every field still to come is present and scores 1 (in any reading: swapped fields come last).
        const rest = mk.weightAfter[i];
        // With a floor on the denominator the best case is still every field to come present and scoring 1.
        if (num + rest < mk.keepCutoff * Math.max(den + rest, mk.minWeight) - PRUNE_SLACK) return (num + rest) / (Math.max(den + rest, mk.minWeight) || 1);
      }
    }
    return FILLED;
  }

  /** The pair's value shares for `weightedMean`, or null when the matchkey counts weights alone. */
  private sharesOf(mk: CompiledMatchkey): Float64Array | null {
    return mk.rarity === null ? null : this.rarityShares.shares;
  }

  /** Likewise for `bestReading`. */
  private rarityOf(mk: CompiledMatchkey): RarityShares | null {
    return mk.rarity === null ? null : this.rarityShares;
  }

  /** The best reading of a row pair whose direct similarities are in `sims` (see {@link bestReading}). */
  private swappedRows(mk: CompiledMatchkey, x: number, y: number): number {
    const swaps = mk.swaps as SwapLayout;
    for (let k = 0; k < swaps.left.length; k++) {
      const fl = mk.fields[swaps.left[k]];
      const fr = mk.fields[swaps.right[k]];
      const lx = this.rowId(fl, x);
      const ry = this.rowId(fr, y);
      const rx = this.rowId(fr, x);
      const ly = this.rowId(fl, y);
      this.crossLeft[k] = lx < 0 || ry < 0 ? MISSING : crossIds(fl, lx, fr, ry);
      this.crossRight[k] = rx < 0 || ly < 0 ? MISSING : crossIds(fr, rx, fl, ly);
      if (mk.rarity !== null) {
        const [rl, rr] = [mk.rarity[swaps.left[k]], mk.rarity[swaps.right[k]]];
        this.rarityShares.crossLeft[k] = lx < 0 || ry < 0 ? 1 : Math.min(rl.ofId(lx), rr.ofId(ry));
        this.rarityShares.crossRight[k] = rx < 0 || ly < 0 ? 1 : Math.min(rr.ofId(rx), rl.ofId(ly));
      }
    }
    return bestReading(this.sims, mk.weights, mk.fields.length, mk.minWeight, swaps, this.crossLeft, this.crossRight, this.reading, this.readingOut, this.rarityOf(mk));
  }

  /** {@link swappedRows} for a laid-out query (side a) against a row. */
  private swappedLayout(mk: CompiledMatchkey, fields: QuerySlot[], y: number): number {
    const swaps = mk.swaps as SwapLayout;
    for (let k = 0; k < swaps.left.length; k++) {
      const fl = mk.fields[swaps.left[k]];
      const fr = mk.fields[swaps.right[k]];
      const ry = fr.ids[y];
      const ly = fl.ids[y];
      const ql = fields[swaps.left[k]];
      const qr = fields[swaps.right[k]];
      this.crossLeft[k] = ql.value === null || ry < 0 ? MISSING : crossSlot(ql, fr, ry);
      this.crossRight[k] = qr.value === null || ly < 0 ? MISSING : crossSlot(qr, fl, ly);
      if (mk.rarity !== null) {
        const [rl, rr] = [mk.rarity[swaps.left[k]], mk.rarity[swaps.right[k]]];
        this.rarityShares.crossLeft[k] = ql.value === null || ry < 0 ? 1 : Math.min(slotShare(ql, rl), rr.ofId(ry));
        this.rarityShares.crossRight[k] = qr.value === null || ly < 0 ? 1 : Math.min(slotShare(qr, rr), rl.ofId(ly));
      }
    }
    return bestReading(this.sims, mk.weights, mk.fields.length, mk.minWeight, swaps, this.crossLeft, this.crossRight, this.reading, this.readingOut, this.rarityOf(mk));
  }

  /**
   * A weighted matchkey for {@link matchLayout}: fields in evaluation order
   * (cheap exact fields first); when the best case for the fields still to
   * come stays below the threshold (with a margin beyond the threshold's own
   * epsilon and rounding), that bound is returned. Otherwise the same
   * arithmetic as {@link matchkeyLayout}: the mean in configuration order,
   * then negative evidence.
   */
  private weightedLayout(mk: CompiledMatchkey, fields: QuerySlot[], negatives: QuerySlot[], y: number): number {
    const sims = this.sims;
    const order = mk.evalOrder;
    const giveUpBelow = mk.threshold - THRESHOLD_EPSILON - PRUNE_MARGIN;
    let num = 0;
    let den = 0;
    for (let i = 0; i < order.length; i++) {
      const fi = order[i];
      const f = mk.fields[fi];
      const iy = f.ids[y];
      if (fields[fi].value === null || iy < 0) {
        sims[fi] = MISSING;
      } else {
        const s = slotSimilarity(f, fields[fi], iy);
        sims[fi] = s;
        num += f.weight * s;
        den += f.weight;
        if (mk.rarity !== null) this.rarityShares.shares[fi] = Math.min(slotShare(fields[fi], mk.rarity[fi]), mk.rarity[fi].ofId(iy));
      }
      if (i >= mk.pruneBefore) continue;
      const rest = mk.weightAfter[i];
      const bound = (num + rest) / (Math.max(den + rest, mk.minWeight) || 1);
      if (bound < giveUpBelow) return bound;
    }
    const ne = this.neSims;
    for (let i = 0; i < mk.negatives.length; i++) {
      const f = mk.negatives[i];
      const iy = f.ids[y];
      ne[i] = negatives[i].value === null || iy < 0 ? MISSING : slotSimilarity(f, negatives[i], iy);
    }
    const base = mk.swaps === null ? weightedMean(sims, mk.weights, mk.fields.length, mk.minWeight, this.sharesOf(mk)) : this.swappedLayout(mk, fields, y);
    return applyPenalties(base, ne, mk.neThresholds, mk.nePenalties, mk.negatives.length);
  }

  /** {@link matchkeyValues} without details, for a laid-out query against a row (same arithmetic, same order). */
  private matchkeyLayout(mk: CompiledMatchkey, fields: QuerySlot[], negatives: QuerySlot[], y: number): number {
    let base: number;
    if (mk.type === 'exact') {
      for (let i = 0; i < mk.fields.length; i++) {
        const f = mk.fields[i];
        const slot = fields[i];
        const iy = f.ids[y];
        if (slot.value === null || iy < 0) return 0;
        if (iy !== slot.id) {
          if (slot.id !== UNKNOWN_ID || slot.value !== f.dict.value(iy)) return 0;
          slot.id = iy;
        }
      }
      base = 1;
    } else if (mk.type === 'weighted') {
      const sims = this.sims;
      for (let i = 0; i < mk.fields.length; i++) {
        const f = mk.fields[i];
        const iy = f.ids[y];
        sims[i] = fields[i].value === null || iy < 0 ? MISSING : slotSimilarity(f, fields[i], iy);
        if (mk.rarity !== null && sims[i] !== MISSING) this.rarityShares.shares[i] = Math.min(slotShare(fields[i], mk.rarity[i]), mk.rarity[i].ofId(iy));
      }
      base = mk.swaps === null ? weightedMean(sims, mk.weights, mk.fields.length, mk.minWeight, this.sharesOf(mk)) : this.swappedLayout(mk, fields, y);
    } else {
      const va = fields.map((slot) => slot.value);
      const vb = mk.fields.map((f) => rowValue(f, y));
      base = (mk.model as ProbabilisticScoring).scoreValues(va, vb);
    }
    const ne = this.neSims;
    for (let i = 0; i < mk.negatives.length; i++) {
      const f = mk.negatives[i];
      const iy = f.ids[y];
      ne[i] = negatives[i].value === null || iy < 0 ? MISSING : slotSimilarity(f, negatives[i], iy);
    }
    return applyPenalties(base, ne, mk.neThresholds, mk.nePenalties, mk.negatives.length);
  }

  private matchkeyValues(mk: CompiledMatchkey, a: ValueSource, b: ValueSource, details: FieldExplanation[] | null): number {
    const sims = this.sims;
    let base: number;
    if (mk.type === 'exact') {
      base = 1;
      for (const f of mk.fields) {
        const va = a(f);
        const vb = b(f);
        const same = va !== null && vb !== null && va === vb;
        if (!same) base = 0;
        details?.push({ field: f.ref.field, scorer: 'exact', score: va === null || vb === null ? null : same ? 1 : 0, weight: 1, value_a: va, value_b: vb });
      }
      if (base === 0) return 0;
    } else if (mk.type === 'weighted') {
      mk.fields.forEach((f, i) => {
        const va = a(f);
        const vb = b(f);
        sims[i] = valuesSimilarity(f, va, vb);
        const rarity = mk.rarity;
        const counted = rarity !== null && va !== null && vb !== null;
        if (counted) this.rarityShares.shares[i] = Math.min(rarity[i].ofValue(va), rarity[i].ofValue(vb));
        // Shares only count toward a floor: without one (min_weight 0) they change nothing and are not shown.
        const shown = counted && mk.minWeight > 0;
        details?.push({
          field: f.ref.field,
          scorer: f.scorerName,
          score: sims[i] === MISSING ? null : sims[i],
          weight: f.weight,
          value_a: va,
          value_b: vb,
          ...(shown ? { rarity_share: this.rarityShares.shares[i] } : {}),
        });
      });
      if (mk.swaps === null) base = weightedMean(sims, mk.weights, mk.fields.length, mk.minWeight, this.sharesOf(mk));
      else {
        const swaps = mk.swaps;
        for (let k = 0; k < swaps.left.length; k++) {
          const [fl, fr] = [mk.fields[swaps.left[k]], mk.fields[swaps.right[k]]];
          // Crossed: a's value of one field against b's of the other, with the scorer of the field read on b.
          this.crossLeft[k] = valuesSimilarity(fr, a(fl), b(fr));
          this.crossRight[k] = valuesSimilarity(fl, a(fr), b(fl));
          if (mk.rarity !== null) {
            const [rl, rr] = [mk.rarity[swaps.left[k]], mk.rarity[swaps.right[k]]];
            this.rarityShares.crossLeft[k] = valuesShare(rl, a(fl), rr, b(fr));
            this.rarityShares.crossRight[k] = valuesShare(rr, a(fr), rl, b(fl));
          }
        }
        base = bestReading(sims, mk.weights, mk.fields.length, mk.minWeight, swaps, this.crossLeft, this.crossRight, this.reading, this.readingOut, this.rarityOf(mk));
        if (details) crossDetails(details, mk, swaps, this.readingOut.mask, this.crossLeft, this.crossRight, b, mk.rarity === null || mk.minWeight <= 0 ? null : this.rarityShares);
      }
    } else {
      const model = mk.model as ProbabilisticScoring;
      const va = mk.fields.map((f) => a(f));
      const vb = mk.fields.map((f) => b(f));
      base = model.scoreValues(va, vb);
      if (details) {
        model.explainValues(va, vb).forEach((e, i) => {
          const f = mk.fields[i];
          details.push({ field: f.ref.field, scorer: f.scorerName, score: e.similarity, weight: e.weight, value_a: va[i], value_b: vb[i] });
        });
      }
    }
    const ne = this.neSims;
    mk.negatives.forEach((f, i) => {
      const va = a(f);
      const vb = b(f);
      ne[i] = valuesSimilarity(f, va, vb);
      if (details && ne[i] !== MISSING && ne[i] < mk.neThresholds[i]) {
        details.push({ field: f.ref.field, scorer: `negative_evidence:${f.scorerName}`, score: ne[i], weight: 0, value_a: va, value_b: vb, penalty: mk.nePenalties[i] });
      }
    });
    return applyPenalties(base, ne, mk.neThresholds, mk.nePenalties, mk.negatives.length);
  }
}

/** Two transformed values' similarity under field `f`'s scorer: `MISSING` when either is missing, 1 when they are the same text. */
function valuesSimilarity(f: CompiledField, va: string | null, vb: string | null): number {
  return va === null || vb === null ? MISSING : va === vb ? 1 : (f.scorer as BoundScorer).values(va, vb);
}

/**
 * 1 when the row holds the query's value, else the scorer's similarity of
 * the two strings (`value` and the row's id non-null/non-negative). Equal ids
 * mean equal values and a known id that differs means a different value, so
 * an equal value scores 1 and an `exact` field 0 without decoding the row's
 * string: the numbers of the string path, without its memory reads.
 */
function slotSimilarity(f: CompiledField, slot: QuerySlot, iy: number): number {
  if (iy === slot.id) return 1;
  if (slot.id !== UNKNOWN_ID && f.scorerName === 'exact') return 0;
  const scorer = f.scorer as BoundScorer;
  if (slot.codes !== null && scorer.codesId !== undefined) {
    // Compared where the row's value lies, as code points: nothing decoded, nothing cached per candidate.
    if (slot.id === UNKNOWN_ID && holdsCodes(f.dict, iy, slot.codes)) {
      slot.id = iy;
      return 1;
    }
    return scorer.codesId(slot.codes, iy);
  }
  const vb = f.dict.value(iy);
  if (slot.value === vb) {
    slot.id = iy;
    return 1;
  }
  return (f.scorer as BoundScorer).values(slot.value as string, vb);
}

/** A query value's rarity share in its field, looked up once per query. */
function slotShare(slot: QuerySlot, rarity: ValueRarity): number {
  if (Number.isNaN(slot.share)) slot.share = slot.id >= 0 ? rarity.ofId(slot.id) : rarity.ofValue(slot.value as string);
  return slot.share;
}

/** The share of the commoner of two values of (possibly) two fields; 1 when either is missing (the term is not counted). */
function valuesShare(ra: ValueRarity, va: string | null, rb: ValueRarity, vb: string | null): number {
  return va === null || vb === null ? 1 : Math.min(ra.ofValue(va), rb.ofValue(vb));
}

/** Whether the stored value `id` of `dict` is exactly the code points `codes`. */
function holdsCodes(dict: FieldDictionary, id: number, codes: Uint32Array): boolean {
  return holdsRange(dict, id, codes, 0, codes.length);
}

/**
 * The similarity of field `fa`'s value `ia` and field `fb`'s value `ib`
 * (two dictionaries: a swapped comparison), with `fb`'s scorer: 1 for the
 * same text, code points compared in place where the scorer reads them.
 */
function crossIds(fa: CompiledField, ia: number, fb: CompiledField, ib: number): number {
  const da = fa.dict;
  const start = da.offsets[ia];
  const end = da.offsets[ia + 1];
  if (holdsRange(fb.dict, ib, da.codes, start, end)) return 1;
  if (fb.scorerName === 'exact') return 0;
  const scorer = fb.scorer as BoundScorer;
  return scorer.rangeId !== undefined ? scorer.rangeId(da.codes, start, end, ib) : scorer.values(da.value(ia), fb.dict.value(ib));
}

/** A query's value of one field against a row's value of the field it is crossed with (`fb`, id `ib`). */
function crossSlot(slot: QuerySlot, fb: CompiledField, ib: number): number {
  const scorer = fb.scorer as BoundScorer;
  if (slot.codes !== null && scorer.codesId !== undefined) {
    if (holdsCodes(fb.dict, ib, slot.codes)) return 1;
    return fb.scorerName === 'exact' ? 0 : scorer.codesId(slot.codes, ib);
  }
  const vb = fb.dict.value(ib);
  return slot.value === vb ? 1 : fb.scorerName === 'exact' ? 0 : scorer.values(slot.value as string, vb);
}

/** Whether the stored value `id` of `dict` is exactly `codes[start..end)`. */
function holdsRange(dict: FieldDictionary, id: number, codes: Uint32Array, start: number, end: number): boolean {
  const at = dict.offsets[id];
  if (dict.offsets[id + 1] - at !== end - start) return false;
  for (let i = 0; i < end - start; i++) if (dict.codes[at + i] !== codes[start + i]) return false;
  return true;
}

/** Rewrites an explanation's swapped fields to the crossed reading that gave the score. */
function crossDetails(
  details: FieldExplanation[],
  mk: CompiledMatchkey,
  swaps: SwapLayout,
  mask: number,
  crossLeft: Float64Array,
  crossRight: Float64Array,
  b: ValueSource,
  rarity: RarityShares | null,
): void {
  const first = details.length - mk.fields.length;
  for (let k = 0; k < swaps.left.length; k++) {
    if ((mask & (1 << k)) === 0) continue;
    const sides: Array<[number, number, number, number]> = [
      [swaps.left[k], swaps.right[k], crossLeft[k], rarity?.crossLeft[k] ?? 1],
      [swaps.right[k], swaps.left[k], crossRight[k], rarity?.crossRight[k] ?? 1],
    ];
    for (const [own, other, sim, share] of sides) {
      const d = details[first + own];
      const fb = mk.fields[other];
      d.compared_with = fb.ref.field;
      d.value_b = b(fb);
      d.score = sim === MISSING ? null : sim;
      d.weight = swaps.weight[k];
      delete d.rarity_share;
      if (rarity !== null && sim !== MISSING) d.rarity_share = share;
    }
  }
}

/** The evidence a pair's fields counted toward `minWeight`, from its explained fields (negative evidence aside). */
function evidenceFloor(details: readonly FieldExplanation[], minWeight: number): EvidenceFloor {
  let counted = 0;
  for (const d of details) if (d.penalty === undefined && d.score !== null) counted += d.weight * (d.rarity_share ?? 1);
  return { min_weight: minWeight, counted };
}

function applyNegativesRows(self: PairScorer, mk: CompiledMatchkey, base: number, x: number, y: number): number {
  if (mk.negatives.length === 0) return base;
  const ne = self.neSims;
  for (let i = 0; i < mk.negatives.length; i++) {
    const f = mk.negatives[i];
    const ix = self.rowId(f, x);
    const iy = self.rowId(f, y);
    ne[i] = ix < 0 || iy < 0 ? MISSING : ix === iy ? 1 : (f.compare as BoundScorer).ids(ix, iy);
  }
  return applyPenalties(base, ne, mk.neThresholds, mk.nePenalties, mk.negatives.length);
}

function rowValue(f: CompiledField, row: number): string | null {
  const id = f.ids[row];
  return id < 0 ? null : f.dict.value(id);
}

const CHEAP_SCORERS = new Set(['exact']);

/**
 * Scorers the comparison cache is not put in front of. `exact` compares ids
 * and needs none. Jaro and Jaro–Winkler cost about as much as a lookup that
 * misses: with the generated row loop (weighted-fill.ts), two workers
 * scored tight 1M in 0.85–0.91 s with them uncached and 0.91–0.98 s cached,
 * broad 1M in 4.24–4.40 s and 4.51–4.76 s (six alternating pairs each;
 * even in one thread), the caches' tables taking cache room both workers'
 * row reads need. Costlier scorers (edit distances, token and q-gram
 * measures) keep it: a hit saves them more.
 */
const UNCACHED_SCORERS = new Set(['exact', 'jaro', 'jaro_winkler']);

/** Rounding room when a bound decides that a score cannot reach a threshold (scores are sums of a few weighted floats). */
const PRUNE_MARGIN = 1e-9;

function compileField(ref: FieldRef, scorerName: string | null, weight: number, lookup: FieldLookup): CompiledField {
  const dict = lookup(ref);
  const scorer = scorerName === null ? null : createScorer(scorerName, dict);
  return {
    ref,
    key: fieldKey(ref.field, ref.transforms),
    dict,
    ids: dict.ids,
    slot: -1,
    scorer,
    compare: scorer,
    idsOnly: (scorerName === null || scorerName === 'exact') && optimisationOn('exact-ids'),
    scorerName: scorerName ?? 'exact',
    weight,
  };
}

function compileMatchkey(mk: Matchkey, config: Config, lookup: FieldLookup, model: ProbabilisticScoring | null): CompiledMatchkey {
  const fields =
    mk.type === 'exact'
      ? mk.fields.map((f) => compileField(f, null, 1, lookup))
      : mk.fields.map((f: ScoredField) => compileField(f, f.scorer, f.weight, lookup));
  const negatives = mk.negative_evidence.map((ne) => compileField(ne, ne.scorer, 0, lookup));
  const swaps = mk.type === 'weighted' ? swapLayout(mk.swaps ?? [], mk.fields) : null;
  const swapped = new Set<number>(swaps === null ? [] : [...swaps.left, ...swaps.right]);
  const rank = (i: number): number => (swapped.has(i) ? 2 : CHEAP_SCORERS.has(fields[i].scorerName) ? 0 : 1);
  // Heavier first within a cost: a pair that disagrees loses the most of its best case per field read, so it is
  // pruned after fewer fields (broad 1M, one thread: score phase 8.15-8.66 s -> 7.75-8.49 s).
  const order = fields.map((_, i) => i).sort((i, j) => rank(i) - rank(j) || fields[j].weight - fields[i].weight || i - j);
  const firstSwapped = order.findIndex((i) => swapped.has(i));
  const weightAfter = new Float64Array(order.length);
  let rest = 0;
  for (let i = order.length - 1; i >= 0; i--) {
    weightAfter[i] = rest;
    rest += fields[order[i]].weight;
  }
  const lo = config.review.lo ?? mk.threshold - 0.1;
  if (mk.type === 'probabilistic' && model === null) {
    throw new Error(`matchkey ${mk.name}: probabilistic model was not trained`);
  }
  return {
    name: mk.name,
    type: mk.type,
    threshold: mk.threshold,
    lo,
    // Under the threshold by its epsilon and a margin: a pair that `reaches` the threshold is never pruned, whatever the review band.
    keepCutoff: Math.min(lo, mk.threshold - THRESHOLD_EPSILON - PRUNE_MARGIN),
    fields,
    weights: Float64Array.from(fields.map((f) => f.weight)),
    minWeight: mk.type === 'weighted' ? mk.min_weight : 0,
    rarity: mk.type === 'weighted' && mk.min_weight_by_rarity === true ? fields.map((f) => new ValueRarity(f.dict)) : null,
    evalOrder: Int32Array.from(order),
    weightAfter,
    swaps,
    pruneBefore: firstSwapped < 0 ? order.length : firstSwapped,
    negatives,
    neThresholds: Float64Array.from(mk.negative_evidence.map((n) => n.threshold)),
    nePenalties: Float64Array.from(mk.negative_evidence.map((n) => n.penalty)),
    model,
    fill: null,
  };
}

/** Every prepared field a configuration's matchkeys need. */
export function matchkeyFieldRefs(config: Config): FieldRef[] {
  const refs: FieldRef[] = [];
  for (const mk of config.matchkeys) {
    for (const f of mk.fields) refs.push({ field: f.field, transforms: f.transforms });
    for (const n of mk.negative_evidence) refs.push({ field: n.field, transforms: n.transforms });
  }
  return refs;
}
