/** Draws a deterministic sample of candidate pairs from the blocks (for EM training and diagnostics) without enumerating them all. */
import { SeededRandom } from '../probabilistic/seeded-random.js';
import type { BuiltPass } from './block-index.js';
import { pairInRun, runPairs } from './pair-layout.js';

/**
 * Samples `size` candidate pairs uniformly over all passes' pair layouts
 * (blocks, or the sorted run of a sorted-neighbourhood pass): a seeded draw
 * of a pair index, a binary search for its run, then the pair inside the
 * run. O(size · (log runs + run length)) for blocks and O(size · window) for
 * sorted runs, whatever the number of candidates.
 *
 * @example
 * const sample = samplePairs(index.passes, 10_000, 42);
 */
export function samplePairs(passes: readonly BuiltPass[], size: number, seed: number): { a: Int32Array; b: Int32Array; pass: Int32Array; count: number } {
  const prefix: Float64Array[] = passes.map(({ layout }) => {
    const c = new Float64Array(layout.groups + 1);
    for (let g = 0; g < layout.groups; g++) c[g + 1] = c[g] + runPairs(layout.starts[g + 1] - layout.starts[g], layout.span);
    return c;
  });
  const totals = prefix.map((c) => c[c.length - 1]);
  const total = totals.reduce((s, x) => s + x, 0);
  const n = Math.min(size, Math.floor(total));
  const a = new Int32Array(n);
  const b = new Int32Array(n);
  const pass = new Int32Array(n);
  const rng = new SeededRandom(seed);
  for (let k = 0; k < n; k++) {
    let u = Math.floor(rng.next() * total);
    let p = 0;
    while (u >= totals[p]) u -= totals[p++];
    const c = prefix[p];
    let lo = 0;
    let hi = c.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (c[mid] <= u) lo = mid;
      else hi = mid - 1;
    }
    const { layout, order } = passes[p];
    const s0 = layout.starts[lo];
    const [i, j] = pairInRun(layout.starts[lo + 1] - s0, layout.span, u - c[lo]);
    const x = order[s0 + i];
    const y = order[s0 + j];
    a[k] = Math.min(x, y);
    b[k] = Math.max(x, y);
    pass[k] = p;
  }
  return { a, b, pass, count: n };
}
