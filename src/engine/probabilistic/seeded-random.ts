/** A tiny seeded pseudo-random generator (mulberry32), so sampling is reproducible in any thread. */

/**
 * A deterministic stream of uniform numbers from a 32-bit seed. Two instances
 * with the same seed produce the same sequence on every platform, which is
 * what makes a trained model identical across runs and workers.
 *
 * @example
 * const rng = new SeededRandom(42);
 * rng.next();      // a float in [0, 1)
 * rng.nextInt(10); // an integer in 0..9
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    // Non-integer or negative seeds from a config still map to one fixed state.
    this.state = Math.trunc(seed) >>> 0;
  }

  /** The next float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** The next integer in `0 .. n−1` (`n` ≥ 1). */
  nextInt(n: number): number {
    return Math.floor(this.next() * n);
  }
}

/**
 * The same stream as a plain function, for callers that only draw floats
 * (fixtures, benchmark data): one generator for the whole project.
 *
 * @example
 * const next = seededStream(42);
 * next(); // 0.6011037519201636
 */
export function seededStream(seed: number): () => number {
  const rng = new SeededRandom(seed);
  return () => rng.next();
}
