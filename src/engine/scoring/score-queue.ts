/** Worker task: scores planned pair tasks claimed one at a time from a shared counter until none are left, so the workers balance themselves without a round trip to the main thread per task. */
import type { PairTask } from './pair-plan.js';
import { openRun, scorePairs, type RunHandle, type ScoredPairs } from './score-task.js';
import { sharedPairList } from './shared-pair-list.js';

/**
 * Input of {@link scoreQueue}. Every worker of the score phase gets the same
 * `tasks` and the same two shared counters:
 *
 * - `next`: `Int32Array(1)`, the index of the next unclaimed task;
 * - `donePairs`: `BigInt64Array(1)`, planned pairs of the tasks finished so
 *   far, for progress reports (read by the main thread while workers run).
 */
export interface ScoreQueueInput {
  run: RunHandle;
  tasks: PairTask[];
  next: SharedArrayBuffer;
  donePairs: SharedArrayBuffer;
  /** The run's row records, filled by the pool beforehand (see row-records-task.ts); without them each worker copies its own. */
  records?: SharedArrayBuffer;
}

/**
 * The kept pairs of every task one worker claimed, in claim order: task
 * `tasks[k]` contributed `counts[k]` consecutive pairs. Arrays are exactly
 * `count` long.
 */
export interface QueuedPairs extends ScoredPairs {
  tasks: Int32Array;
  counts: Int32Array;
}

/**
 * Claims tasks with an atomic increment, the last planned first, and
 * scores each with {@link scorePairs} until the queue is empty. A worker
 * that starts late (busy with something else) simply claims fewer tasks;
 * one that finds the queue empty returns no pairs.
 *
 * @example
 * const next = new SharedArrayBuffer(4), donePairs = new SharedArrayBuffer(8);
 * const parts = await Promise.all([0, 1].map(() => pool.run('scoreQueue', { run, tasks, next, donePairs })));
 */
export function scoreQueue(input: ScoreQueueInput): QueuedPairs {
  const next = new Int32Array(input.next);
  const donePairs = new BigInt64Array(input.donePairs);
  const { tasks } = input;
  const claimed: number[] = [];
  const parts: ReturnType<typeof scorePairs>[] = [];
  let count = 0;
  let scored = 0;
  // Claimed from the last planned task back: passes are planned in order and a later pass's pairs cost
  // several times an earlier one's (more earlier passes to check, more fields to compare), so the queue
  // ends on the cheap tasks of the first pass and the workers finish close together.
  for (let c = Atomics.add(next, 0, 1); c < tasks.length; c = Atomics.add(next, 0, 1)) {
    const k = tasks.length - 1 - c;
    // The whole score phase runs through here: worth the row-major copy of the
    // ids (shared by the workers, or else built once per worker and run).
    const scorer = openRun(input.run).scorer;
    scorer.useRowRecords(input.records === undefined ? undefined : new Int32Array(input.records));
    scorer.useComparisonCache();
    const part = scorePairs({ run: input.run, task: tasks[k] });
    claimed.push(k);
    parts.push(part);
    count += part.count;
    scored += part.scored;
    Atomics.add(donePairs, 0, BigInt(tasks[k].pairs));
  }
  // On shared memory, so the main thread receives these without a copy.
  const out: QueuedPairs = {
    tasks: Int32Array.from(claimed),
    counts: Int32Array.from(parts, (p) => p.count),
    ...sharedPairList(count),
    scored,
  };
  let at = 0;
  for (const p of parts) {
    out.a.set(p.a, at);
    out.b.set(p.b, at);
    out.score.set(p.score, at);
    out.flags.set(p.flags, at);
    at += p.count;
  }
  return out;
}
