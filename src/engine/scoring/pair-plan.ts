/** Cuts the candidate pairs of every blocking pass into balanced worker tasks, described by ranges rather than pair lists. */

/**
 * A contiguous range of candidate pairs of one pass: blocks `fromBlock` to
 * `toBlock` (inclusive); in each block of size s, outer index i pairs row i
 * with rows i+1..s−1. The range starts at outer index `fromOuter` of
 * `fromBlock` and stops before outer index `toOuter` of `toBlock`, so a
 * giant block can be split over many tasks.
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
 * Plans tasks of about `target` pairs each over one pass's blocks.
 *
 * @example
 * planPass(0, starts, groups, 500_000); // [{ pass: 0, fromBlock: 0, ... }, ...]
 */
export function planPass(pass: number, starts: Int32Array, groups: number, target: number): PairTask[] {
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
    const size = starts[b + 1] - starts[b];
    if (size < 2) continue;
    const blockPairs = (size * (size - 1)) / 2;
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
      acc += size - 1 - i;
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

/** Total candidate pairs of a pass (Σ C(size, 2)). */
export function passPairs(starts: Int32Array, groups: number): number {
  let total = 0;
  for (let b = 0; b < groups; b++) {
    const s = starts[b + 1] - starts[b];
    total += (s * (s - 1)) / 2;
  }
  return total;
}
