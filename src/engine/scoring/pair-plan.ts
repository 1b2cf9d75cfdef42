/** Cuts the candidate pairs of every blocking pass into balanced worker tasks, described by ranges rather than pair lists. */
import { CHECKPOINT_RUNS, outerPairs, runPairs } from '../blocking/pair-layout.js';

/**
 * A contiguous range of candidate pairs of one pass, over the runs of its
 * pair layout (`PairLayout`: blocks, or the one sorted run of a
 * sorted-neighbourhood pass): runs `fromBlock` to `toBlock` (inclusive); in
 * a run of size s, outer index i pairs row i with rows i+1..min(s−1, i+span).
 * The range starts at outer index `fromOuter` of `fromBlock` and stops
 * before outer index `toOuter` of `toBlock`, so a giant block (or a long
 * sorted run) is split over many tasks.
 */
export interface PairTask {
  pass: number;
  fromBlock: number;
  fromOuter: number;
  toBlock: number;
  toOuter: number;
  /** Candidate pairs in the range (before cross-pass de-duplication). */
  pairs: number;
}

/**
 * Plans tasks of about `target` pairs each over one pass's runs; `span`
 * (default unbounded: whole blocks) limits how many following rows an outer
 * row is paired with.
 *
 * With the layout's `pairsBefore` (its pairs before every `every`-th run,
 * see `pairCheckpoints`), a stretch of runs that the open task takes whole
 * without reaching `target`, or that holds no pair, is added in one step
 * instead of run by run: the same tasks, from a walk of a couple of
 * stretches per task instead of every block (tight 1M has 3.7M).
 *
 * @example
 * planPass(0, starts, groups, 500_000);                        // a block pass
 * planPass(0, layout.starts, layout.groups, 500_000, layout.span, layout.pairsBefore);
 * planPass(1, Int32Array.of(0, rows), 1, 500_000, window - 1); // a sorted-neighbourhood pass
 */
export function planPass(
  pass: number,
  starts: Int32Array,
  groups: number,
  target: number,
  span = Infinity,
  pairsBefore: Float64Array | null = null,
  every = CHECKPOINT_RUNS,
): PairTask[] {
  const tasks: PairTask[] = [];
  let fromBlock = -1;
  let fromOuter = 0;
  let acc = 0;
  const flush = (toBlock: number, toOuter: number): void => {
    if (fromBlock >= 0 && acc > 0) tasks.push({ pass, fromBlock, fromOuter, toBlock, toOuter, pairs: acc });
    fromBlock = -1;
    acc = 0;
  };
  for (let b = 0; b < groups; b++) {
    if (pairsBefore !== null && b % every === 0) {
      const k = b / every;
      const inside = pairsBefore[k + 1] - pairsBefore[k];
      // Run by run, these would each be added whole, with no task ending among them.
      if (inside === 0 || (fromBlock >= 0 && acc + inside < target)) {
        acc += inside;
        b += every - 1;
        continue;
      }
    }
    const size = starts[b + 1] - starts[b];
    if (size < 2) continue;
    const blockPairs = runPairs(size, span);
    if (acc + blockPairs <= target) {
      if (fromBlock < 0) {
        fromBlock = b;
        fromOuter = 0;
      }
      acc += blockPairs;
      if (acc >= target) flush(b, size - 1);
      continue;
    }
    // The block overflows the current task: walk its outer indices.
    for (let i = 0; i < size - 1; i++) {
      if (fromBlock < 0) {
        fromBlock = b;
        fromOuter = i;
      }
      acc += outerPairs(size, i, span);
      if (acc >= target) flush(b, i + 1);
    }
  }
  if (fromBlock >= 0) {
    let last = groups - 1;
    while (last > 0 && starts[last + 1] - starts[last] < 2) last--;
    flush(last, starts[last + 1] - starts[last] - 1);
  }
  return tasks;
}
