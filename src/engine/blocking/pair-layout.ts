/** Where a pass's candidate pairs lie (blocks of rows, each row paired with the next `span`), shared by planning, scoring and sampling. */

/**
 * The candidate pairs of a pass as runs of its `order` array: in run `g`
 * (`order[starts[g] .. starts[g+1])`), the row at index i is paired with the
 * rows at indexes i+1 .. min(end − 1, i + span): at most `span` rows after it.
 *
 * - A block pass: the runs are its blocks and `span` is unbounded (every
 *   pair of a block).
 * - A sorted-neighbourhood pass: one run, the whole sorted order, and
 *   `span = window − 1` (rows less than `window` positions apart).
 *
 * @example
 * const { starts, groups, span } = index.passes[0].layout;
 * planPass(0, starts, groups, 500_000, span);
 */
export interface PairLayout {
  starts: Int32Array;
  groups: number;
  span: number;
  /** The pairs before every {@link CHECKPOINT_RUNS}-th run, so a plan can skip runs by the thousand (see {@link pairCheckpoints}). */
  pairsBefore: Float64Array;
}

/** Runs between two entries of a layout's `pairsBefore`. */
export const CHECKPOINT_RUNS = 1024;

/**
 * Running totals of candidate pairs over the runs of a layout: entry k is
 * the pairs of runs `0 .. k·every − 1`, the last entry (at `groups`, or
 * past it) the pass's total. A block pass's build writes them as it lays
 * its blocks out (in its own task, in parallel), so planning a run's tasks need
 * not walk millions of blocks again (tight 1M: 54–98 ms on one worker while
 * the other waited). The additions are those of a walk in run order, so the
 * total is the same double.
 *
 * @example
 * pairCheckpoints(Int32Array.of(0, 3, 5), 2, Infinity, 1); // [0, 3, 4]
 */
export function pairCheckpoints(starts: Int32Array, groups: number, span: number, every = CHECKPOINT_RUNS): Float64Array {
  if (!(Number.isInteger(every) && every >= 1)) throw new Error(`checkpoint spacing must be a positive integer, got ${every}`);
  const before = new Float64Array(Math.ceil(groups / every) + 1);
  let total = 0;
  for (let g = 0; g < groups; g++) {
    total += runPairs(starts[g + 1] - starts[g], span);
    if ((g + 1) % every === 0) before[(g + 1) / every] = total;
  }
  before[before.length - 1] = total;
  return before;
}


/**
 * The pair layout of a pass: `window` null for a block pass, else the
 * sorted-neighbourhood window; `starts`/`groups`/`rows` are the pass's own.
 *
 * @example
 * pairLayout(null, starts, groups, rows, handle.pairsBefore); // { starts, groups, span: Infinity, pairsBefore }
 * pairLayout(20, starts, groups, rows);                        // { starts: [0, rows], groups: 1, span: 19, pairsBefore: [0, …] }
 */
export function pairLayout(window: number | null, starts: Int32Array, groups: number, rows: number, pairsBefore: Float64Array | null = null): PairLayout {
  if (window === null) return { starts, groups, span: Infinity, pairsBefore: pairsBefore ?? pairCheckpoints(starts, groups, Infinity) };
  const one = Int32Array.of(0, rows);
  return { starts: one, groups: 1, span: window - 1, pairsBefore: pairCheckpoints(one, 1, window - 1) };
}

/**
 * How far apart (in `blockOf` values) two rows of a pass may be and still be
 * a candidate pair of it: 0 for a block pass (same block), `window − 1` for a
 * sorted-neighbourhood pass (whose `blockOf` is the sorted position). The
 * scorer skips a pair an earlier pass already holds by this test.
 *
 * @example
 * const reach = coBlockedReach(20); // 19
 * const held = bx >= 0 && by >= 0 && Math.abs(bx - by) <= reach;
 */
export function coBlockedReach(window: number | null): number {
  return window === null ? 0 : window - 1;
}

/**
 * Candidate pairs of one run of `size` rows: `C(size, 2)` when `span`
 * reaches the whole run, else `(size − span)·span + C(span, 2)`.
 *
 * @example
 * runPairs(5, Infinity); // 10
 * runPairs(5, 2);        // 7 (pairs at distance 1 or 2)
 */
export function runPairs(size: number, span: number): number {
  if (size < 2) return 0;
  if (span >= size - 1) return (size * (size - 1)) / 2;
  return (size - span) * span + (span * (span - 1)) / 2;
}

/**
 * Candidate pairs of outer index `i` in a run of `size` rows: the rows after
 * it, at most `span`.
 *
 * @example
 * outerPairs(5, 1, 2); // 2
 */
export function outerPairs(size: number, i: number, span: number): number {
  const rest = size - 1 - i;
  return rest < span ? rest : span;
}

/**
 * The `within`-th pair (outer index ascending, then inner) of a run of
 * `size` rows where each row pairs with at most `span` following rows, as
 * indexes into the run. O(1) in the part where every row has `span` pairs,
 * O(size) or O(span) in the closing triangle.
 *
 * @example
 * pairInRun(5, 2, 0); // [0, 1]
 * pairInRun(5, 2, 6); // [3, 4] (the last of runPairs(5, 2) = 7 pairs)
 */
export function pairInRun(size: number, span: number, within: number): [number, number] {
  let offset = 0;
  let rows = size;
  if (span < size - 1) {
    // The first size − span outer rows each have exactly `span` pairs.
    const full = size - span;
    if (within < full * span) {
      const i = Math.floor(within / span);
      return [i, i + 1 + (within - i * span)];
    }
    within -= full * span;
    offset = full;
    rows = span;
  }
  // A whole triangle: outer index i has rows − 1 − i pairs.
  let i = 0;
  while (within >= rows - 1 - i) within -= rows - 1 - i++;
  return [offset + i, offset + i + 1 + within];
}
