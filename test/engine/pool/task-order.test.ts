/** The pool starts tasks in the order they were queued: a task that finds every thread busy waits at the front of the queue, not the back. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WorkerPool } from '../../../src/engine/worker-pool.js';

test('one thread, a burst of tasks: they finish in the order they were queued', async () => {
  const pool = new WorkerPool({ workers: 1 });
  try {
    // Warm the thread first, so that every task of the burst is queued while it is busy.
    await pool.run('planScore', { passes: [], workers: 1 });
    const finished: number[] = [];
    await Promise.all(Array.from({ length: 12 }, (_, i) => pool.run('planScore', { passes: [], workers: 1 }).then(() => finished.push(i))));
    assert.deepEqual(finished, Array.from({ length: 12 }, (_, i) => i));
  } finally {
    await pool.close();
  }
});
