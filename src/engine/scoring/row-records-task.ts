/** Worker task: fills one range of rows of a run's shared row records, so the pool builds them once, in parallel, instead of once per worker. */
import { openRun, type RunHandle } from './score-task.js';

/** Input of {@link fillRowRecords}: the run, the shared records (rows × slots Int32), and the rows to write. */
export interface RowRecordsTask {
  run: RunHandle;
  records: SharedArrayBuffer;
  from: number;
  to: number;
}

/**
 * Worker task: fills rows `[from, to)` of a run's shared row records, with
 * the slot layout of the run's own scorer.
 *
 * @example
 * await Promise.all(ranges.map(([from, to]) => pool.run('fillRowRecords', { run, records, from, to })));
 */
export function fillRowRecords(task: RowRecordsTask): void {
  openRun(task.run).scorer.fillRowRecords(new Int32Array(task.records), task.from, task.to);
}
