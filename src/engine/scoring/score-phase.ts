/** Main-thread side of the score phase: every worker of the pool drains one shared queue of planned tasks, and the kept pairs are put back in task order. */
import type { PairList } from '../run.js';
import type { WorkerPool } from '../worker-pool.js';
import type { PairTask } from './pair-plan.js';
import type { QueuedPairs } from './score-queue.js';
import { sharedPairList } from './shared-pair-list.js';
import type { RunHandle } from './score-task.js';
import { rowRecordSlots, slotIdBuffers } from './row-records.js';

/** Kept pairs of every task, in task order, and how many candidate pairs were scored. */
export interface ScoredTasks {
  pairs: PairList;
  /** Candidate pairs scored (each pair once, across passes). */
  scored: number;
}

// How often the main thread reads the shared progress counter; it does no
// other work while the workers score.
const PROGRESS_INTERVAL_MS = 100;

/**
 * Scores `tasks` on the pool: one {@link scoreQueue} call per worker, each
 * claiming tasks from a shared counter until none are left. The main thread
 * neither dispatches nor receives anything per task, so workers never wait
 * on it between tasks, and a worker that finishes early takes the next task
 * instead of idling while the other finishes a share fixed in advance.
 * The result does not depend on which worker scored which task.
 *
 * An abort of `signal` moves the shared counter past the last task, so each
 * worker stops after the task it holds (no task is cut in half, nothing is
 * torn down) and the call rejects with the signal's reason.
 *
 * `records` are the run's row records when the caller started filling them
 * already ({@link shareRowRecords}); else they are filled first. Handed in,
 * they are waited for however the call ends (an abort, no task to score),
 * so the pool is idle when it returns.
 *
 * @example
 * const { pairs, scored } = await scoreTasks(pool, handle, tasks, { onProgress: (done, total) => bar(done / total) });
 */
export async function scoreTasks(
  pool: WorkerPool,
  run: RunHandle,
  tasks: PairTask[],
  options: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal; records?: Promise<SharedArrayBuffer | undefined> } = {},
): Promise<ScoredTasks> {
  const { onProgress, signal, records } = options;
  const next = new SharedArrayBuffer(4);
  const drain = (): void => void Atomics.store(new Int32Array(next), 0, tasks.length);
  signal?.addEventListener('abort', drain, { once: true });
  const donePairs = new SharedArrayBuffer(8);
  const total = tasks.reduce((s, t) => s + t.pairs, 0);
  const done = new BigInt64Array(donePairs);
  const timer = onProgress ? setInterval(() => onProgress(Number(Atomics.load(done, 0)), total), PROGRESS_INTERVAL_MS) : null;
  try {
    signal?.throwIfAborted();
    const workers = Math.max(1, Math.min(pool.size, tasks.length));
    const shared = tasks.length === 0 ? undefined : await (records ?? shareRowRecords(pool, run));
    signal?.throwIfAborted();
    const parts = await Promise.all(Array.from({ length: workers }, () => pool.run('scoreQueue', { run, tasks, next, donePairs, records: shared })));
    signal?.throwIfAborted();
    onProgress?.(total, total);
    // The merge copies every kept pair once: a worker does it, into shared memory, so the event loop copies nothing.
    const pairs = await pool.run('mergeScoredParts', { parts, taskCount: tasks.length });
    return { pairs, scored: parts.reduce((s, p) => s + p.scored, 0) };
  } finally {
    if (timer !== null) clearInterval(timer);
    signal?.removeEventListener('abort', drain);
    await records?.catch(() => undefined);
  }
}

/**
 * The run's row records on shared memory, one row range per worker filled
 * in parallel. They need only the configuration and the prepared fields,
 * so a run starts them as soon as its fields are prepared
 * (src/engine/run.ts), and the fill takes a worker that blocking leaves
 * idle. Every worker of the queue reads this one copy: a copy per worker
 * would be a fixed cost that more workers do not shorten, and would hold
 * 4 bytes per row and field once per worker (360 MB each at 10M rows of
 * the tight workload). Undefined when the run compares no field.
 *
 * @example
 * const records = await shareRowRecords(pool, { config, fields: prepared.handles() }); // rows × fields Int32 ids
 */
export async function shareRowRecords(pool: WorkerPool, run: Pick<RunHandle, 'config' | 'fields'>): Promise<SharedArrayBuffer | undefined> {
  const stride = rowRecordSlots(run.config).length;
  const rows = run.fields[0]?.rowCount ?? 0;
  if (stride === 0 || rows === 0) return undefined;
  const slotIds = slotIdBuffers(run.config, run.fields);
  const records = new SharedArrayBuffer(rows * stride * Int32Array.BYTES_PER_ELEMENT);
  const per = Math.ceil(rows / pool.size);
  const fills: Promise<void>[] = [];
  for (let from = 0; from < rows; from += per) fills.push(pool.run('fillRowRecords', { slotIds, records, from, to: Math.min(rows, from + per) }));
  await Promise.all(fills);
  return records;
}

/**
 * Concatenates the workers' per-task segments so that task k's pairs come
 * before task k+1's, whichever worker scored which task.
 *
 * @example
 * const pairs = mergeInTaskOrder([fromWorker0, fromWorker1], tasks.length);
 */
export function mergeInTaskOrder(parts: readonly QueuedPairs[], taskCount: number): PairList {
  const start = new Float64Array(taskCount + 1);
  for (const p of parts) for (let k = 0; k < p.tasks.length; k++) start[p.tasks[k] + 1] = p.counts[k];
  for (let k = 0; k < taskCount; k++) start[k + 1] += start[k];
  const count = start[taskCount];
  const out = sharedPairList(count);
  for (const p of parts) {
    let from = 0;
    for (let k = 0; k < p.tasks.length; k++) {
      const n = p.counts[k];
      const to = start[p.tasks[k]];
      out.a.set(p.a.subarray(from, from + n), to);
      out.b.set(p.b.subarray(from, from + n), to);
      out.score.set(p.score.subarray(from, from + n), to);
      out.flags.set(p.flags.subarray(from, from + n), to);
      from += n;
    }
  }
  return out;
}

/**
 * Worker task: {@link mergeInTaskOrder} off the event loop. The parts and the
 * result are on shared memory, so neither direction copies.
 *
 * @example
 * const pairs = await pool.run('mergeScoredParts', { parts, taskCount: tasks.length });
 */
export function mergeScoredParts(input: { parts: QueuedPairs[]; taskCount: number }): PairList {
  return mergeInTaskOrder(input.parts, input.taskCount);
}
