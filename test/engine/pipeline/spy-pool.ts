/** A worker pool stand-in for the pipeline tests: every call goes to a real pool, is recorded and counted while in flight, and a test may delay or fail its result. */
import type { WorkerPool } from '../../../src/engine/worker-pool.js';

/** What a test does to a call's result: return it, or a promise that settles later or otherwise. */
export type HoldResult = (name: string, input: unknown, result: Promise<unknown>) => Promise<unknown>;

/**
 * Wraps `pool`: `started` lists the task names in call order, `inFlight()`
 * counts the calls whose (held) result has not settled.
 *
 * @example
 * const spy = spyPool(pool, (name, _input, ran) => (name === 'fillRowRecords' ? ran.then(later) : ran));
 * await runMatching(store, config, spy.pool);
 * assert.equal(spy.inFlight(), 0);
 */
export function spyPool(pool: WorkerPool, hold: HoldResult = (_name, _input, result) => result): { pool: WorkerPool; started: string[]; inFlight: () => number } {
  const started: string[] = [];
  let inFlight = 0;
  const spy = {
    size: pool.size,
    run: ((name: string, input: unknown) => {
      started.push(name);
      inFlight++;
      const ran = (pool.run as (n: string, i: unknown) => Promise<unknown>)(name, input);
      return hold(name, input, ran).finally(() => inFlight--);
    }) as WorkerPool['run'],
  } as WorkerPool;
  return { pool: spy, started, inFlight: () => inFlight };
}
