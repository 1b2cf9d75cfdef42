/** Estimated recall of blocking passes on the probe's likely matches: per pass on matches it did not help find, and for a union of passes. */
import type { BlockingKey } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { compareCodePoints } from '../engine/transforms/code-point-order.js';
import { robustScore, type LikelyMatches } from './likely-matches.js';
import { columnValues, fieldValues } from './sample-values.js';

/**
 * Whether each probe pair shares a block under `key` (an `unordered` key's
 * two values compared as a set), with the engine's own
 * transforms (a record whose key field is missing, or emptied by a
 * transform, is in no block). With `only`, just those pairs are looked
 * at (the others read 0).
 *
 * @example
 * together(sample, probe, { fields: [{ field: 'dob', transforms: ['strip'] }] })[0]; // 1
 */
export function together(store: ColumnStore, probe: LikelyMatches, key: BlockingKey, only?: readonly number[]): Uint8Array {
  const keyOf = exactKeyOf(store, key);
  const out = new Uint8Array(probe.a.length);
  const at = (i: number): void => {
    const ka = keyOf(probe.a[i]);
    out[i] = ka !== null && ka === keyOf(probe.b[i]) ? 1 : 0;
  };
  if (only) for (const i of only) at(i);
  else for (let i = 0; i < out.length; i++) at(i);
  return out;
}

/**
 * A row's block key under `key` with the engine's own transforms (null when
 * a field is missing or emptied by a transform); an unordered key's two
 * values in code-point order, as the engine sorts them.
 *
 * @example
 * exactKeyOf(sample, { fields: [{ field: 'dob', transforms: ['strip'] }] })(0); // '1971-06-24'
 */
export function exactKeyOf(store: ColumnStore, key: BlockingKey): (row: number) => string | null {
  const parts = key.fields.map((f) => fieldValues(store, f));
  return (row) => {
    const values: string[] = [];
    for (const part of parts) {
      const v = part[row];
      if (v === null) return null;
      values.push(v);
    }
    if (key.unordered === true) values.sort(compareCodePoints);
    return values.join('\u0000');
  };
}

/**
 * The probe pairs that count as likely matches (robust score at the
 * threshold, judged without the columns in `leaveOut`) and, with
 * `acrossColumn`, lie across two tables.
 *
 * @example
 * likelyPairs(sample, probe).length; // 1840
 */
export function likelyPairs(store: ColumnStore, probe: LikelyMatches, acrossColumn?: string, leaveOut: ReadonlySet<number> = new Set()): number[] {
  const tables = acrossColumn === undefined ? null : columnValues(store, store.columnIndex(acrossColumn));
  const out: number[] = [];
  for (let i = 0; i < probe.a.length; i++) {
    if (tables !== null && tables[probe.a[i]] === tables[probe.b[i]]) continue;
    if (robustScore(probe, i, leaveOut) >= probe.threshold) out.push(i);
  }
  return out;
}

/** A pass's recall estimate and the likely matches it was measured on. */
export interface PassRecall {
  recall: number | null;
  probes: number;
}

/** Fewer held-out likely matches than this give no estimate. */
const MIN_PROBES = 10;

/**
 * The recall of one pass, measured on likely matches that do not depend on
 * it: pairs found by a loose key of a column the pass does not read, and
 * likely matches on those other columns alone. Under the assumption that
 * columns are corrupted independently, the share of them the pass keeps
 * together estimates its recall on all matches. Null below 10 such pairs.
 *
 * @example
 * passRecall(sample, probe, { fields: [{ field: 'surname', transforms: ['soundex'] }] }); // { recall: 0.86, probes: 412 }
 */
export function passRecall(store: ColumnStore, probe: LikelyMatches, key: BlockingKey, acrossColumn?: string): PassRecall {
  const used = new Set(key.fields.map((f) => probe.columns.indexOf(f.field)).filter((c) => c >= 0));
  let mask = 0;
  for (const c of used) mask |= 1 << Math.min(c, 31);
  const tables = acrossColumn === undefined ? null : columnValues(store, store.columnIndex(acrossColumn));
  const kept = together(store, probe, key);
  let probes = 0;
  let hits = 0;
  for (let i = 0; i < probe.a.length; i++) {
    if ((probe.foundBy[i] & ~mask) === 0) continue;
    if (tables !== null && tables[probe.a[i]] === tables[probe.b[i]]) continue;
    if (!(robustScore(probe, i, used) >= probe.threshold)) continue;
    probes++;
    hits += kept[i];
  }
  return { recall: probes >= MIN_PROBES ? round4(hits / probes) : null, probes };
}

/**
 * The share of the likely matches that at least one of `keys` keeps
 * together: the recall estimate of a blocking. Null below 10 likely matches.
 *
 * @example
 * unionRecall(sample, probe, config.blocking.keys); // 0.97
 */
export function unionRecall(store: ColumnStore, probe: LikelyMatches, keys: readonly BlockingKey[], acrossColumn?: string): number | null {
  const likely = likelyPairs(store, probe, acrossColumn);
  if (likely.length < MIN_PROBES) return null;
  const covered = new Uint8Array(probe.a.length);
  for (const key of keys) {
    const kept = together(store, probe, key);
    for (const i of likely) covered[i] |= kept[i];
  }
  let hits = 0;
  for (const i of likely) hits += covered[i];
  return round4(hits / likely.length);
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
