/** The one Piscina pool that runs every hot loop (parsing, preparing fields, blocking, scoring, clustering) off the event loop. */
import os from 'node:os';
import { Piscina } from 'piscina';
import { workerFile } from './worker-bundle.js';
import type * as WorkerTasks from '../../workers/engine-worker.js';
import { processThreadArgv } from './thread-options.js';
import { compileOnPoolThreads } from './pool-jit.js';

/**
 * The names of the worker tasks (the exports of `workers/engine-worker.ts`).
 *
 * @example
 * const name: TaskName = 'prepareColumn';
 */
export type TaskName = keyof typeof WorkerTasks;
type TaskInput<K extends TaskName> = Parameters<(typeof WorkerTasks)[K]>[0];
type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof WorkerTasks)[K]>>;

/**
 * A typed handle on the worker pool: `run('countChunk', input)` calls the
 * exported function of `workers/engine-worker.ts` with that name in a worker.
 *
 * @example
 * const pool = new WorkerPool({ workers: 2 });
 * const counts = await pool.run('countChunk', task);
 * await pool.close();
 */
/**
 * The pool threads' Node flags: the parent's that a thread takes
 * (`processThreadArgv`), plus require(esm) turned off
 * where Node has it. Piscina loads the worker file with require() first and
 * falls back to import(); on Node 20.19+ require() of our ES module succeeds
 * through a synchronous instantiation that aborts the whole process (V8
 * fatal "IsGraphAsync … must be used on an instantiated module") when the
 * pool is destroyed while a thread is still loading, as when a command
 * fails on its input at once. With the flag, require() throws and the
 * thread takes the import() path, which a termination interrupts cleanly.
 * (The bundle `make build` writes is CommonJS and loads by require(); the
 * flag matters when the threads load the unbundled ES entry.)
 */
function workerExecArgv(): string[] {
  const argv = processThreadArgv();
  return process.allowedNodeEnvironmentFlags.has('--experimental-require-module') ? [...argv, '--no-experimental-require-module'] : argv;
}

export class WorkerPool {
  readonly size: number;
  /** How much lower than the event loop's the pool threads' CPU priority is (0: the same). */
  readonly niceness: number;
  private readonly runner: TaskRunner;

  /**
   * `niceness` (Linux) lowers the pool threads' CPU priority by that much:
   * the server sets it so that, on a machine with no core to spare, the
   * event loop is scheduled ahead of the hot loops and keeps answering.
   * With `relay`, no thread is started: tasks go to a pool that another
   * thread owns (`src/engine/pool-relay.ts`), `workers` and `niceness`
   * being that pool's.
   */
  constructor(options: { workers?: number; niceness?: number; relay?: TaskRunner } = {}) {
    this.size = Math.max(1, options.workers ?? os.availableParallelism());
    this.niceness = options.niceness ?? 0;
    this.runner = options.relay ?? piscinaRunner(this.size, this.niceness);
  }

  /** Runs one named worker task; `transfer` lists ArrayBuffers to move instead of copy. */
  run<K extends TaskName>(name: K, input: TaskInput<K>, transfer?: ArrayBuffer[]): Promise<TaskOutput<K>> {
    return this.runner.run(name, input, transfer) as Promise<TaskOutput<K>>;
  }

  /** Stops the worker threads (a relayed pool only stops relaying: the threads are its owner's). */
  async close(): Promise<void> {
    await this.runner.close();
  }
}

/**
 * What runs a named task of `workers/engine-worker.ts`: the Piscina threads
 * of this thread, or a relay to those of another.
 *
 * @example
 * const runner: TaskRunner = { run: (name, input) => piscina.run(input, { name }), close: () => piscina.destroy() };
 */
export interface TaskRunner {
  run(name: TaskName, input: unknown, transfer?: ArrayBuffer[]): Promise<unknown>;
  close(): Promise<void>;
}

/** A task of every run that reads a file (any export would do: it is looked up, not run). */
const PRELOADED_TASK: TaskName = 'countChunk';

function piscinaRunner(size: number, niceness: number): TaskRunner {
  // Before the threads exist: V8 reads the flag when a thread's isolate is created.
  compileOnPoolThreads(size);
  const piscina = new Piscina({
    filename: workerFile(new URL('../../workers/engine-worker.js', import.meta.url), new URL('../../../', import.meta.url)).href,
    minThreads: size,
    maxThreads: size,
    idleTimeout: 60_000,
    // Every task is CPU-bound; queueing more per thread only adds latency.
    concurrentTasksPerWorker: 1,
    // Tasks start in the order they were queued. By default a queued task
    // that meets no idle thread goes to the back of the queue, so every
    // time a thread freed up, the task behind the one it took moved to the
    // end: of nine columns queued to be prepared, the fourth started last.
    stricterFIFO: true,
    // The task each thread looks up as it starts, which loads the worker
    // file. Piscina's default name, 'default', is no export of ours: the
    // lookup then fell back to import() of the file, which took 70–100 ms
    // per thread before it could take its first task.
    name: PRELOADED_TASK,
    workerData: { niceness },
    execArgv: workerExecArgv(),
  });
  return {
    run: (name, input, transfer) => piscina.run(input, { name, transferList: transfer }),
    close: () => piscina.destroy(),
  };
}
