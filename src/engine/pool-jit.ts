/** Where V8's optimising compiler runs for the pool threads: on each thread itself, not on background threads that compete with the pool for its cores. */
import os from 'node:os';
import v8 from 'node:v8';
import { optimisationOn } from './scoring/optimisation-switches.js';

/**
 * Makes the threads started after this call compile their hot functions on
 * their own thread (V8's `--no-concurrent-recompilation`) when a pool of
 * `threads` takes every core, unless `KINDRED_OPTIMISATIONS_OFF` names
 * `thread-jit`; returns whether it did.
 *
 * Why: such a pool keeps every core busy. V8 normally hands a hot
 * function to a background compiler thread and keeps running the slower
 * code until the optimised code is ready; with every core taken by the
 * pool, that thread waits for a core, so each worker's first score task
 * ran 60–110 ms instead of 45–60 ms (tight 1M, 2 workers; the task's
 * steady time is 15–30 ms), and the first task is paid once per worker,
 * so it is the part of the score phase that more workers do not shorten.
 * Compiling on the thread itself costs the same compile work, at once.
 * With a core to spare the background compiler is free, and compiling in
 * line only made the thread wait (tight 1M, one worker on two cores: score
 * phase 1.54 s with background compiles, 1.66–1.69 s in line), so a
 * smaller pool keeps V8's default.
 *
 * V8 reads the flag when an isolate is created, and its flags are
 * process-wide: every thread started later takes it (the pool's, and any
 * other, such as the auto-configuration controller's), while the main
 * thread, whose isolate exists already, keeps background compilation, so
 * the event loop never compiles in line (verified on Node 20, V8 11.3,
 * where each isolate makes its compile dispatcher when it is created).
 * Switched off, or for a smaller pool, the flag is set back if this
 * module set it, so an in-process A/B measures what it says and a flag the
 * user gave stays. Two pools of different sizes made at the same moment
 * may see each other's setting: the threads read it when they start.
 *
 * @example
 * compileOnPoolThreads(os.availableParallelism()); // true: threads started from now on compile in line
 * compileOnPoolThreads(1, {}, v8.setFlagsFromString, 2); // false: a core is left for the background compiler
 * compileOnPoolThreads(2, { KINDRED_OPTIMISATIONS_OFF: 'thread-jit' }); // false
 */
export function compileOnPoolThreads(
  threads: number,
  env: NodeJS.ProcessEnv = process.env,
  setFlags: (flags: string) => void = v8.setFlagsFromString,
  cores: number = os.availableParallelism(),
): boolean {
  const on = threads >= cores && optimisationOn('thread-jit', env);
  // Set back only what this module set: a user's own flag stays.
  if (on) setFlags('--no-concurrent-recompilation');
  else if (switchedOff) setFlags('--concurrent-recompilation');
  switchedOff = on;
  return on;
}

let switchedOff = false;
