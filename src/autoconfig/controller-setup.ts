/** The controller's first steps (samples, profile, priors, v0), as one worker task: on a large table they are seconds of work the event loop must not do. */
import { stackedAnchors } from '../data/alignment-evidence.js';
import { MAX_SWAPS } from '../engine/scoring/swap-readings.js';
import { swapEvidence, type SwapEvidence } from './swapped-columns.js';
import { transposedPasses } from './transposed-pass.js';
import type { Config } from '../config/types.js';
import { ColumnStore, type TableHandle } from '../data/column-store.js';
import { blockSampleRows } from './block-sample.js';
import { columnPriors, type ColumnPrior } from './column-priors.js';
import { profileColumns, sampleRows, type ColumnProfile } from './column-profile.js';
import { initialConfig, usableProfiles } from './initial-config.js';
import { anchorEvidence, anchoredWeights, type AnchoredWeight } from './anchor-weights.js';
import { containments, type Containment } from './column-redundancy.js';
import { findLikelyMatches, readCrossed, type LikelyMatches } from './likely-matches.js';
import { detectSourceColumn, type SourceColumn } from './link-detection.js';

/**
 * A sample table: the given rows (every k-th row by default; all rows when the
 * table is small), user columns only (excluded columns dropped).
 *
 * @example
 * sampleStore(store, ['rec_id'], 5000).rowCount; // ≤ 5000
 */
export function sampleStore(store: ColumnStore, exclude: readonly string[], size: number, rowIds?: readonly number[]): ColumnStore {
  const keep = store.names.map((n, i) => [n, i] as const).filter(([n]) => !exclude.includes(n));
  const rows = (rowIds ?? sampleRows(store.rowCount, size)).map((r) => keep.map(([, c]) => store.get(c, r)));
  return ColumnStore.fromRows(
    keep.map(([n]) => n),
    rows,
  );
}

/** What the controller starts from, as the worker task returns it (tables as shared handles). */
export interface ControllerSetup {
  /** Every k-th row: the profile and the pricing of blocking passes read it. */
  uniform: TableHandle;
  /** The rows the runs match: whole blocks of v0's first pass (the uniform sample when the table is small). */
  sample: TableHandle;
  /** Profiles of the user columns (the table-of-origin column left out). */
  profiles: ColumnProfile[];
  priors: ColumnPrior[];
  source: SourceColumn | null;
  /** v0. */
  config: Config;
  /** Likely matches of the uniform sample, for choosing blocking passes and estimating their recall. */
  probe: LikelyMatches;
  /** Columns repeating another within records ({@link containments}). */
  contained: Containment[];
  /** What the likely matches say about fields trading places ({@link swapEvidence}); the declared ones are v0's `swaps`. */
  swaps: SwapEvidence[];
  /** Two linked tables (two files, or one file stacking two): each v0 field measured on the anchors and the weight that follows ({@link anchoredWeights}), applied once the tables are compared across only; null without anchors. */
  anchored: AnchoredWeight[] | null;
}

/**
 * Worker task: samples the table, profiles it, finds a table-of-origin
 * column, derives the priors and v0. Deterministic; the samples come back as
 * shared-memory handles, so nothing is copied back.
 *
 * @example
 * const setup = await pool.run('controllerSetup', { table: store.handle, exclude: ['rec_id'], sampleSize: 30_000 });
 */
export function controllerSetup(input: { table: TableHandle; exclude: string[]; sampleSize: number; anchors?: Int32Array | null }): ControllerSetup {
  const store = ColumnStore.fromHandle(input.table);
  const { exclude, sampleSize } = input;
  // Profile on every k-th row (unbiased value statistics), match on whole blocks of the first pass (pairs kept together).
  const uniform = sampleStore(store, exclude, sampleSize);
  const profiles = profileColumns(uniform, []);
  const source = detectSourceColumn(uniform, profiles);
  const userProfiles = profiles.filter((p) => p.column !== source?.column);
  const priors = columnPriors(uniform, userProfiles);
  // Likely matches found without blocking: the passes are chosen, and later judged, by the recall they measure on them.
  const usable = usableProfiles(userProfiles, source);
  // Long free text holds every other column's words now and then: it is no column's repetition.
  const contained = containments(uniform, usable.filter((p) => p.kind !== 'long_text' && p.kind !== 'category').map((p) => p.column));
  const probe = findLikelyMatches(uniform, usable, { acrossColumn: source?.column, contained });
  const config = initialConfig(uniform, userProfiles, priors, exclude, source, store.rowCount, probe, contained);
  const v0 = config.matchkeys[0];
  // Anchors are row ids of the whole table, so the fields are measured there, not on the sample. Two files come with
  // theirs; one file of two stacked tables gets them the same way, between its tables.
  const anchors = input.anchors ?? (source !== null ? stackedAnchors(store, source.column, exclude) : null);
  const anchored = anchors !== null && v0.type === 'weighted' ? anchoredWeights(v0.fields, anchorEvidence(store, v0.fields, anchors)) : null;
  const swaps = v0.type === 'weighted' ? swapEvidence(uniform, v0.fields, probe) : [];
  // The strongest evidence first; beyond the most a matchkey may cross, a pair is reported undeclared.
  const declared = swaps.filter((s) => s.declared).sort((x, y) => y.crossed / y.pairs - x.crossed / x.pairs);
  for (const s of declared.slice(MAX_SWAPS)) s.declared = false;
  if (v0.type === 'weighted' && declared.length > 0) v0.swaps = declared.slice(0, MAX_SWAPS).map((s) => s.columns);
  // From here on the probe reads the crossed columns as the matchkey does; and no pass on one column holds a
  // transposed record beside its partner, so the crossed columns may get a pass of their own.
  let judged = probe;
  if (v0.type === 'weighted' && v0.swaps !== undefined) {
    judged = readCrossed(uniform, probe, v0.swaps);
    for (const p of transposedPasses(uniform, judged, v0.swaps, config.blocking.keys, store.rowCount, source?.column)) if (p.taken) config.blocking.keys.push(p.key);
  }
  const firstKey = config.blocking.keys[0];
  const sample =
    store.rowCount > sampleSize && firstKey ? sampleStore(store, exclude, sampleSize, blockSampleRows(store, firstKey, sampleSize)) : uniform;
  return { uniform: uniform.handle, sample: sample.handle, profiles: userProfiles, priors, source, config, probe: judged, contained, swaps, anchored };
}
