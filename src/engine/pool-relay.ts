/** One worker pool for every thread: a thread without a pool of its own sends its tasks over a MessagePort to the thread that owns it, which runs them and posts the results back. */
import type { MessagePort } from 'node:worker_threads';
import { errorFromWire, errorToWire, type WireError } from '../errors/across-threads.js';
import { WorkerPool, type TaskName } from './worker-pool.js';

interface TaskRequest {
  id: number;
  name: TaskName;
  input: unknown;
}

/** Worker tasks a borrowing thread runs itself, by name. */
export type LocalTasks = Partial<Record<TaskName, (input: never) => unknown>>;

type TaskReply = { id: number; output: unknown } | { id: number; error: WireError };

/**
 * Runs on `pool` every task that arrives on `port` and posts each result (or
 * error) back, until the returned function is called, which closes the port.
 * The owning thread only passes messages on: the tasks run on the pool, and
 * their inputs and outputs are shared memory or small.
 *
 * @example
 * const { port1, port2 } = new MessageChannel();
 * const stop = lendPool(pool, port1); // port2 goes to the thread that uses the pool (borrowedPool)
 * // ... when that thread is done:
 * stop();
 */
export function lendPool(pool: WorkerPool, port: MessagePort): () => void {
  port.on('message', (m: TaskRequest) => {
    pool.run(m.name, m.input as never).then(
      (output) => port.postMessage({ id: m.id, output } satisfies TaskReply),
      (e: unknown) => port.postMessage({ id: m.id, error: errorToWire(e) } satisfies TaskReply),
    );
  });
  return () => port.close();
}

/**
 * A pool whose tasks run on the pool another thread lent over `port`
 * ({@link lendPool}); `workers` and `niceness` are that pool's, so plans cut
 * for its size stay the same. A task's error arrives as the same error
 * (a KindredError keeps its code). Closing it closes the port only.
 *
 * `local` tasks run in the calling thread instead, which must itself be off
 * the event loop: for a task whose result is large and not in shared memory,
 * a relay would have the owning thread copy it twice (in from the pool, out
 * to the caller), on its event loop.
 *
 * @example
 * const pool = borrowedPool(workerData.port, workerData.workers, workerData.niceness, { controllerSetup });
 * const run = await runMatching(store, config, pool);
 */
export function borrowedPool(port: MessagePort, workers: number, niceness: number, local: LocalTasks = {}): WorkerPool {
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  port.on('message', (m: TaskReply) => {
    const p = pending.get(m.id);
    if (p === undefined) return;
    pending.delete(m.id);
    if ('error' in m) p.reject(errorFromWire(m.error));
    else p.resolve(m.output);
  });
  // No task in flight, nothing to wait for: the port must not keep the thread alive.
  port.unref();
  const relay = {
    run(name: TaskName, input: unknown, transfer?: ArrayBuffer[]): Promise<unknown> {
      const here = local[name];
      if (here !== undefined) return Promise.resolve().then(() => here(input as never));
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (pending.size === 1) port.ref();
        port.postMessage({ id, name, input } satisfies TaskRequest, transfer ?? []);
      }).finally(() => {
        if (pending.size === 0) port.unref();
      });
    },
    async close(): Promise<void> {
      port.close();
      for (const p of pending.values()) p.reject(new Error('the borrowed worker pool was closed'));
      pending.clear();
    },
  };
  return new WorkerPool({ workers, niceness, relay });
}
