/** Draws a deterministic sample of candidate pairs from the blocks (for EM training and diagnostics) without enumerating them all. */
import { SeededRandom } from '../probabilistic/seeded-random.js';
import type { BuiltPass } from './block-index.js';

/**
 * Samples `size` candidate pairs uniformly over all passes' blocks: a seeded
 * draw of a pair index, a binary search for its block, then the pair inside
 * the block. O(size · log blocks), whatever the number of candidates.
 *
 * @example
 * const sample = samplePairs(index.passes, 10_000, 42);
 */
export function samplePairs(passes: readonly BuiltPass[], size: number, seed: number): { a: Int32Array; b: Int32Array; pass: Int32Array; count: number } {
  const prefix: Float64Array[] = passes.map((p) => {
    const c = new Float64Array(p.handle.groups + 1);
    for (let g = 0; g < p.handle.groups; g++) {
      const s = p.starts[g + 1] - p.starts[g];
      c[g + 1] = c[g] + (s * (s - 1)) / 2;
    }
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
    const g = lo;
    let within = u - c[g];
    const s0 = passes[p].starts[g];
    const size_ = passes[p].starts[g + 1] - s0;
    let i = 0;
    while (within >= size_ - 1 - i) within -= size_ - 1 - i++;
    const x = passes[p].order[s0 + i];
    const y = passes[p].order[s0 + i + 1 + within];
    a[k] = Math.min(x, y);
    b[k] = Math.max(x, y);
    pass[k] = p;
  }
  return { a, b, pass, count: n };
}
