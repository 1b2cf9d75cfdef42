/** Shared shapes of the clustering engine: scored pair lists, steward edits and the constraints they leave behind. */

/**
 * Scored pairs as parallel typed arrays (`a[i] < b[i]`, both row ids), the
 * form the scoring workers hand back. Only the first `count` slots are used,
 * so a worker can return over-allocated buffers without copying.
 *
 * @example
 * const pairs: PairList = { a: Int32Array.of(0, 1), b: Int32Array.of(1, 2), score: Float64Array.of(0.9, 0.8), count: 2 };
 */
export interface PairList {
  a: Int32Array;
  b: Int32Array;
  score: Float64Array;
  count: number;
}

/**
 * One action of a data steward, in the order they were made. `seq` orders
 * the log (strictly increasing); it is what "older" and "newer" mean in the
 * conflict rules of docs/clustering.md.
 *
 * @example
 * const log: Edit[] = [
 *   { kind: 'approve', seq: 1, a: 12, b: 977, score: 0.802 },
 *   { kind: 'unmerge', seq: 2, row: 40 },
 * ];
 */
export type Edit =
  | { kind: 'approve'; seq: number; a: number; b: number; score: number }
  | { kind: 'reject'; seq: number; a: number; b: number }
  | { kind: 'withdraw'; seq: number; a: number; b: number }
  | { kind: 'shatter'; seq: number; members: number[] }
  | { kind: 'unmerge'; seq: number; row: number };

/**
 * An active pair decision (`a < b`) and the edit that made it.
 *
 * @example
 * const cannot: PairDecision = { a: 3, b: 9, seq: 14 };
 */
export interface PairDecision {
  a: number;
  b: number;
  seq: number;
}

/**
 * An active must-link. `score` is the pair's score as the scorer reported it
 * when the steward approved it, so pairs the run never scored can still show
 * a score inside their cluster.
 *
 * @example
 * const must: MustLink = { a: 12, b: 977, seq: 3, score: 0.802 };
 */
export interface MustLink extends PairDecision {
  score: number;
}

/**
 * What the edit log amounts to: the active must-links and cannot-links (one
 * decision per pair, the latest) and, per isolated row, the seq of the latest
 * shatter or unmerge that freed it.
 *
 * @example
 * const none: Constraints = { mustLinks: [], cannotLinks: [], isolatedAt: new Map() };
 */
export interface Constraints {
  /** Sorted by pair id (a, then b). */
  mustLinks: MustLink[];
  /** Sorted by seq ascending (the order they are enforced in). */
  cannotLinks: PairDecision[];
  isolatedAt: ReadonlyMap<number, number>;
}
