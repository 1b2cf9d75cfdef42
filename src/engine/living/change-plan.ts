/** Plans a batch of record changes without changing anything: each changed record's values, prepared query and scoring item, as the table will be once the batch is applied. */
import { normaliseRow, type RowValues } from '../../data/living-table.js';
import type { BlockKey } from '../blocking/living-blocks.js';
import type { ChangeItem } from '../scoring/change-scoring.js';
import type { PreparedQuery } from '../scoring/pair-scorer.js';
import type { LiveMatching, RecordOp } from './live-matching.js';

/**
 * A batch of record changes, worked out against the living state as it is
 * (which it leaves untouched), so it can be scored while every reader
 * still sees the state before the batch.
 *
 * @example
 * const plan = planRecordChanges(live, [{ kind: 'add', values: ['Ann Lee', '10001'] }]);
 * plan.rows; // [1000]: the id the add will take
 */
export interface ChangePlan {
  /** Each op's row id (an add: the id the table will give it). */
  rows: number[];
  /** The rows the batch changes, ascending. */
  changed: number[];
  /** Each changed row's cells after the batch (null: deleted). */
  values: Map<number, RowValues | null>;
  /** Each changed live row's prepared query after the batch. */
  queries: Map<number, PreparedQuery>;
  /** One scoring item per changed live row, ascending. */
  items: ChangeItem[];
  /** The loaded rows the batch changes, ascending (their loaded values are out of date once it applies). */
  batchLoaded: Int32Array;
}

/**
 * Works out a batch of validated ops against the living state: the ids
 * adds take (after the largest ever given, in op order), each changed
 * row's final cells (later ops on a row win, as applying them in order
 * would), and each live one's prepared query and candidates among changed
 * rows — those changed earlier, by their current block keys, and those of
 * this batch, by their new keys (only larger ids: a pair of two batch rows
 * is scored once).
 *
 * @example
 * const plan = planRecordChanges(live, ops);
 * plan.items.map((i) => i.row); // the rows to score
 */
export function planRecordChanges(live: LiveMatching, ops: readonly RecordOp[]): ChangePlan {
  const { table, scorer, blocks } = live;
  const values = new Map<number, RowValues | null>();
  let next = table.rowCount;
  const rows = ops.map((op) => {
    const row = op.kind === 'add' ? next++ : op.row;
    values.set(row, op.kind === 'delete' ? null : normaliseRow(op.values));
    return row;
  });
  const changed = [...values.keys()].sort((a, b) => a - b);
  const queries = new Map<number, PreparedQuery>();
  const records = new Map<number, Record<string, string | null>>();
  const keys = new Map<number, BlockKey[]>();
  const byKey: Array<Map<string, number[]>> = [];
  for (const row of changed) {
    const cells = values.get(row) ?? null;
    if (cells === null) continue;
    const record = table.recordOf(cells);
    records.set(row, record);
    queries.set(row, scorer.prepareQuery(record));
    const own = blocks.keysOf((ref) => scorer.transformValue(ref, record[ref.field] ?? null));
    keys.set(row, own);
    own.forEach((k, p) => {
      if (k === null) return;
      const pass = (byKey[p] ??= new Map());
      const key = JSON.stringify(k);
      const holders = pass.get(key);
      if (holders === undefined) pass.set(key, [row]);
      else holders.push(row);
    });
  }
  const items: ChangeItem[] = [];
  for (const [row, record] of records) {
    const own = keys.get(row) ?? [];
    const extra = new Set<number>();
    for (const c of blocks.rowsWithKeys(own)) if (!values.has(c)) extra.add(c);
    own.forEach((k, p) => {
      if (k !== null) for (const c of byKey[p]?.get(JSON.stringify(k)) ?? []) if (c > row) extra.add(c);
    });
    items.push({ row, record, extra: Int32Array.from(extra).sort() });
  }
  const loaded = table.base.rowCount;
  return { rows, changed, values, queries, items, batchLoaded: Int32Array.from(changed.filter((r) => r < loaded)) };
}
