/** Which exact optimisations of a run are on: all of them, unless `KINDRED_OPTIMISATIONS_OFF` names some for an A/B measurement. */

import { KindredError } from '../../errors/registry.js';

/**
 * The optimisations that can be switched off, each measured on its own by `make bench` (docs/benchmarks.md).
 *
 * @example
 * OPTIMISATIONS.includes('prune'); // true
 */
export const OPTIMISATIONS = ['prune', 'comparison-cache', 'exact-ids', 'matches-only', 'weighted-fill', 'thread-jit'] as const;

/** One switchable optimisation. */
export type Optimisation = (typeof OPTIMISATIONS)[number];

/**
 * The optimisations that keep fewer pairs by design: `matches-only` drops
 * the review band of a run nobody reviews (`dedupe`, `evaluate`). Its A/B
 * must give the same matched pairs; every other one the same kept pairs.
 *
 * @example
 * DROPS_REVIEW_BAND.includes('matches-only'); // true
 */
export const DROPS_REVIEW_BAND: readonly Optimisation[] = ['matches-only'];

/**
 * Whether an optimisation is on. Every optimisation here changes no kept pair
 * and no score, except that those of {@link DROPS_REVIEW_BAND} keep no review
 * band (the matched pairs and their scores stay); their property tests say
 * so. Switching one off changes only the time: the variable exists so that the benchmark can run both sides
 * of an A/B in one run, on the same build. Worker threads see the same
 * environment as the process that started them. An unknown name is an error,
 * so a typo cannot make an A/B measure nothing.
 *
 * @example
 * // KINDRED_OPTIMISATIONS_OFF=comparison-cache node dist/src/cli/main.js dedupe ...
 * optimisationOn('comparison-cache'); // false
 */
export function optimisationOn(name: Optimisation, env: NodeJS.ProcessEnv = process.env): boolean {
  return !optimisationsOff(env).includes(name);
}

/**
 * The optimisations `KINDRED_OPTIMISATIONS_OFF` (comma-separated) switches off.
 *
 * @example
 * optimisationsOff({ KINDRED_OPTIMISATIONS_OFF: 'prune' }); // ['prune']
 */
export function optimisationsOff(env: NodeJS.ProcessEnv = process.env): Optimisation[] {
  const raw = env.KINDRED_OPTIMISATIONS_OFF ?? '';
  const names = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const n of names) {
    if (!(OPTIMISATIONS as readonly string[]).includes(n)) {
      throw new KindredError('usage', `KINDRED_OPTIMISATIONS_OFF: unknown optimisation "${n}"; expected some of: ${OPTIMISATIONS.join(', ')}`);
    }
  }
  return names as Optimisation[];
}
