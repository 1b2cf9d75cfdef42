/** Worker task: fills one range of rows of a run's shared row records, so the pool builds them once, in parallel, instead of once per worker. */
import { fillRecordRows } from './row-records.js';

/** Input of {@link fillRowRecords}: the slots' id buffers (in `rowRecordSlots` order), the shared records (rows × slots Int32), and the rows to write. */
export interface RowRecordsTask {
  slotIds: SharedArrayBuffer[];
  records: SharedArrayBuffer;
  from: number;
  to: number;
}

/**
 * Worker task: fills rows `[from, to)` of a run's shared row records from
 * the prepared fields' ids alone. It opens no run, so the records can be
 * filled as soon as the fields are prepared, while passes are still being
 * built (and before any training: a run opened then would keep untrained
 * models).
 *
 * @example
 * await Promise.all(ranges.map(([from, to]) => pool.run('fillRowRecords', { slotIds, records, from, to })));
 */
export function fillRowRecords(task: RowRecordsTask): void {
  fillRecordRows(
    new Int32Array(task.records),
    task.slotIds.map((b) => new Int32Array(b)),
    task.from,
    task.to,
  );
}
