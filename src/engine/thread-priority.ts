/** Lowers the CPU scheduling priority of the calling thread (Linux, one thread only), so CPU-bound pool threads give way to the event loop that answers requests. */
import fs from 'node:fs';
import os from 'node:os';

/** The largest niceness Linux allows. */
const MAX_NICENESS = 19;

/**
 * Raises the calling thread's niceness by `increment` (capped at 19).
 * Linux schedules threads individually, and a thread's id, read from
 * `/proc/thread-self`, addresses it alone in `setpriority`. Elsewhere, or
 * when that fails, nothing changes: on other systems the id would name the
 * whole process. Returns whether the priority was lowered.
 *
 * @example
 * lowerThreadPriority(10); // in a worker thread: true on Linux
 */
export function lowerThreadPriority(increment: number): boolean {
  if (!(increment > 0) || process.platform !== 'linux') return false;
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(tid) || tid <= 0) return false;
    os.setPriority(tid, Math.min(MAX_NICENESS, os.getPriority(tid) + increment));
    return true;
  } catch {
    return false;
  }
}

/**
 * The niceness increment a pool passes to its threads in `workerData`
 * (`{ niceness: n }`), or 0.
 *
 * @example
 * lowerThreadPriority(poolNiceness(workerData));
 */
export function poolNiceness(workerData: unknown): number {
  if (typeof workerData !== 'object' || workerData === null) return 0;
  const n = (workerData as { niceness?: unknown }).niceness;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}
