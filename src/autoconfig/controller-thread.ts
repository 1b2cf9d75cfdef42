/** The auto-configuration controller in a thread of its own, so that none of its work (signals, rules, probes, reports) runs on the event loop; its matching runs on the caller's worker pool, borrowed over a MessagePort. */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { ColumnStore, type TableHandle } from '../data/column-store.js';
import { borrowedPool, lendPool } from '../engine/pool-relay.js';
import { lowerThreadPriority } from '../engine/thread-priority.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import { errorFromWire, errorToWire, type WireError } from '../errors/across-threads.js';
import { KindredError } from '../errors/registry.js';
import { runController, type ControllerOptions, type ControllerResult } from './controller.js';
import { controllerSetup } from './controller-setup.js';
import { processThreadArgv } from '../engine/thread-options.js';

/** What the controller thread starts with (`workerData`). */
export interface ControllerThreadData {
  table: TableHandle;
  /** The options that can be cloned; `signal` and `onProgress` become the two flags below. */
  options: Omit<ControllerOptions, 'signal' | 'onProgress'>;
  cancellable: boolean;
  reportsProgress: boolean;
  /** The lent pool's end, its size and its threads' niceness (the controller thread takes the same). */
  port: MessagePort;
  workers: number;
  niceness: number;
}

type FromThread = { kind: 'progress'; done: number; total: number } | { kind: 'done'; result: ControllerResult } | { kind: 'failed'; error: WireError };
type ToThread = { kind: 'abort' };

/**
 * Runs {@link runController} in a new thread and resolves with its result:
 * the same configuration and telemetry, decided by the same code on the same
 * pool. The calling thread only relays the pool's tasks and the progress
 * calls; an abort of `options.signal` cancels the controller there, and the
 * call rejects with the signal's reason, as the controller itself does.
 *
 * @example
 * const { config, telemetry } = await runControllerInThread(store, pool, { source: 'startup', exclude: ['rec_id'] });
 */
export function runControllerInThread(store: ColumnStore, pool: WorkerPool, options: ControllerOptions): Promise<ControllerResult> {
  const { signal, onProgress, ...cloneable } = options;
  if (signal?.aborted === true) return Promise.reject(signal.reason);
  const { port1, port2 } = new MessageChannel();
  const stopLending = lendPool(pool, port1);
  const data: ControllerThreadData = {
    table: store.handle,
    options: cloneable,
    cancellable: signal !== undefined,
    reportsProgress: onProgress !== undefined,
    port: port2,
    workers: pool.size,
    niceness: pool.niceness,
  };
  const worker = new Worker(new URL('../../workers/controller-worker.js', import.meta.url), { workerData: data, transferList: [port2], execArgv: processThreadArgv() });
  return new Promise<ControllerResult>((resolve, reject) => {
    let settled = false;
    const abort = (): void => worker.postMessage({ kind: 'abort' } satisfies ToThread);
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      stopLending();
      void worker.terminate();
      settle();
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (m: FromThread) => {
      if (m.kind === 'progress') onProgress?.(m.done, m.total);
      else if (m.kind === 'done') finish(() => resolve(m.result));
      else finish(() => reject(signal?.aborted === true ? signal.reason : errorFromWire(m.error)));
    });
    worker.on('error', (e) => finish(() => reject(e)));
    worker.on('exit', (code) => finish(() => reject(new KindredError('internal', `the autoconfig thread stopped (exit code ${code}) before it finished`))));
  });
}

/**
 * The controller thread's body (`workers/controller-worker.ts`): runs the
 * controller on the shared table with the borrowed pool and posts the
 * result, or the error, to `parent`.
 *
 * @example
 * await controllerThreadMain(parentPort, workerData as ControllerThreadData);
 */
export async function controllerThreadMain(parent: MessagePort, data: ControllerThreadData): Promise<void> {
  // As hot as a pool thread at times (signals and rules over the sample): it gives way to the event loop alike.
  lowerThreadPriority(data.niceness);
  // The setup's result (profiles, likely matches) is not shared memory: made here, it is not copied through the event loop.
  const pool = borrowedPool(data.port, data.workers, data.niceness, { controllerSetup });
  const cancel = new AbortController();
  parent.on('message', (m: ToThread) => {
    if (m.kind === 'abort') cancel.abort(new KindredError('internal', 'the autoconfig run was cancelled'));
  });
  const post = (m: FromThread): void => parent.postMessage(m);
  try {
    const result = await runController(ColumnStore.fromHandle(data.table), pool, {
      ...data.options,
      signal: data.cancellable ? cancel.signal : undefined,
      onProgress: data.reportsProgress ? (done, total) => post({ kind: 'progress', done, total }) : undefined,
    });
    post({ kind: 'done', result });
  } catch (e) {
    post({ kind: 'failed', error: errorToWire(e) });
  } finally {
    await pool.close();
  }
}
