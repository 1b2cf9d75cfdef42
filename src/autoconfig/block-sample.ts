/** A sample of a large table that keeps blocks whole, so duplicate pairs survive sampling. */
import type { BlockingKey } from '../config/types.js';
import type { ColumnStore } from '../data/column-store.js';
import { approximateKey } from './blocking-choice.js';
import { sampleRows } from './column-profile.js';

/** The block sample may miss its size by this factor either way (blocks are taken whole) before it falls back to every k-th row. */
const MAX_OVERSHOOT = 2;

/** FNV-1a over UTF-16 code units: a stable, platform-independent 32-bit hash. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * About `size` rows of `store`, chosen by a hash of each row's key under
 * `key` (the first blocking pass): a block is taken or left whole, so two
 * records that block together are sampled together. Every k-th row keeps a
 * duplicate pair only with probability 1/k²; this keeps it with 1/k, and
 * with certainty within the pass. Rows without a key are taken every k-th.
 * The whole table when it holds no more than `size` rows; every k-th row when
 * whole blocks would give more than twice or less than half of `size`. Deterministic.
 *
 * @example
 * blockSampleRows(store, { fields: [{ field: 'surname', transforms: ['lowercase'] }] }, 30_000).length; // ≈ 30,000
 */
export function blockSampleRows(store: ColumnStore, key: BlockingKey, size: number): number[] {
  const n = store.rowCount;
  if (n <= size) return Array.from({ length: n }, (_, i) => i);
  const rate = size / n;
  const cut = rate * 2 ** 32;
  const step = 1 / rate;
  const rows: number[] = [];
  let nextKeyless = 0;
  for (let r = 0; r < n; r++) {
    const k = approximateKey(store, key, r);
    if (k !== null) {
      if (fnv1a(k) < cut) rows.push(r);
    } else if (r >= nextKeyless) {
      rows.push(r);
      nextKeyless += step;
    }
  }
  // A giant block that hashed in (or out) would make the sample about that block alone: sample rows instead.
  return rows.length > MAX_OVERSHOOT * size || rows.length < size / MAX_OVERSHOOT ? sampleRows(n, size) : rows;
}
